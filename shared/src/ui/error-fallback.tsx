import { BACK_TO_SAFETY, RENDER_FALLBACK } from '@ajo/shared/messages';
import styles from './error-fallback.module.css';

/**
 * SPEC §8 "Rendering fallback" with SPEC §2's Back to safety link to /dashboard: shown in a remote's
 * area when it fails to load or render (docs/architecture.md "Micro-frontends"). A plain link on
 * purpose: after a failure a full page load is the safest way back.
 */
export function ErrorFallback() {
  return (
    <section className={styles.fallback} role="alert" aria-labelledby="ajo-fallback-title">
      <h2 id="ajo-fallback-title" className={styles.title}>
        {RENDER_FALLBACK}
      </h2>
      <a href="/dashboard" className={styles.link}>
        {BACK_TO_SAFETY}
      </a>
    </section>
  );
}
