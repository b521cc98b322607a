import type { FlashMessage } from '../hooks/use-flash-message';
import styles from './live-notice.module.css';

/**
 * Where a flash message appears. The live region is always in the page, so screen readers announce
 * the message when it is inserted (a region created together with its text is often not read).
 */
export function LiveNotice({ message }: { message: FlashMessage | null }) {
  return (
    <div aria-live="polite" aria-atomic="true">
      {message ? (
        <p
          className={`${styles.notice} ${message.kind === 'success' ? styles.success : styles.error}`}
        >
          {message.text}
        </p>
      ) : null}
    </div>
  );
}
