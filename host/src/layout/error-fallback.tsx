import { RENDER_FALLBACK, BACK_TO_SAFETY } from '@ajo/shared/messages';
import { NavLink } from './nav-link';
import styles from './error-fallback.module.css';

/** SPEC §8 "Rendering fallback" with SPEC §2's Back to safety link to /dashboard. */
export function ErrorFallback() {
  return (
    <section className={styles.fallback} role="alert" aria-labelledby="ajo-fallback-title">
      <h2 id="ajo-fallback-title" className={styles.title}>
        {RENDER_FALLBACK}
      </h2>
      <NavLink href="/dashboard" className={styles.link}>
        {BACK_TO_SAFETY}
      </NavLink>
    </section>
  );
}
