import { BACK_TO_SAFETY, RENDER_FALLBACK } from '@ajo/shared/messages';
import styles from './app.module.css';

/** SPEC §8 "Rendering fallback", with SPEC §2's Back to safety link to /dashboard. */
export function ErrorFallback() {
  return (
    <section className={styles.fallback} role="alert">
      <h2>{RENDER_FALLBACK}</h2>
      <a href="/dashboard">{BACK_TO_SAFETY}</a>
    </section>
  );
}
