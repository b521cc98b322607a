import { useEffect, useRef, useState } from 'react';
import type { ToastMessage } from '@ajo/shared/events';
import styles from './toast-area.module.css';

/** SPEC §9: toast auto-close default 5000 ms. */
export const TOAST_DURATION_MS = 5000;
/** More than three notices at once is noise on a phone: the oldest go first. */
export const MAX_TOASTS = 3;
/**
 * A notice raised this close before the page changed is about the move (onboarding's 'Verification
 * process has been successfully completed.' on its way to the dashboard) and goes along; older ones
 * belong to the page left behind ('File uploaded') and are cleared.
 */
export const FOLLOWS_NAVIGATION_MS = 1000;

interface ShownToast extends ToastMessage {
  id: number;
  /** How many times the same notice came while it was shown. */
  count: number;
  /** When it was last raised (Date.now()). */
  raisedAt: number;
}

export interface ToastSource {
  subscribe(listener: (toast: ToastMessage) => void): () => void;
}

/**
 * The notices area. It sits in the page flow under the header (shell-app), so a notice pushes the
 * page down instead of covering the title or the form the customer is filling in. A repeat of a
 * shown notice merges into it (counted, its timer restarted); at most MAX_TOASTS show.
 */
export function ToastArea({ source, page }: { source: ToastSource | null; page?: string }) {
  const [toasts, setToasts] = useState<ShownToast[]>([]);
  const nextId = useRef(1);

  const shownOn = useRef(page);
  useEffect(() => {
    if (shownOn.current === page) return;
    shownOn.current = page;
    const since = Date.now() - FOLLOWS_NAVIGATION_MS;
    setToasts((current) => current.filter((t) => t.raisedAt >= since));
  }, [page]);

  useEffect(() => {
    if (!source) return undefined;
    const timers = new Map<number, ReturnType<typeof setTimeout>>();
    const expireLater = (id: number, ms: number) => {
      clearTimeout(timers.get(id));
      timers.set(
        id,
        setTimeout(() => {
          timers.delete(id);
          setToasts((current) => current.filter((t) => t.id !== id));
        }, ms),
      );
    };
    const unsubscribe = source.subscribe((toast) => {
      const ms = toast.durationMs ?? TOAST_DURATION_MS;
      setToasts((current) => {
        const same = current.find((t) => t.kind === toast.kind && t.message === toast.message);
        if (same) {
          expireLater(same.id, ms);
          return current.map((t) =>
            t.id === same.id ? { ...t, count: t.count + 1, raisedAt: Date.now() } : t,
          );
        }
        const id = nextId.current++;
        expireLater(id, ms);
        return [...current, { ...toast, id, count: 1, raisedAt: Date.now() }].slice(-MAX_TOASTS);
      });
    });
    return () => {
      unsubscribe();
      timers.forEach(clearTimeout);
    };
  }, [source]);

  const dismiss = (id: number) => setToasts((current) => current.filter((t) => t.id !== id));

  return (
    <div className={styles.area} aria-live="polite" aria-label="Notifications" role="region">
      {toasts.map((toast) => (
        <div
          key={toast.id}
          className={`${styles.toast} ${styles[toast.kind] ?? ''}`}
          role={toast.kind === 'error' ? 'alert' : 'status'}
        >
          <span>
            {toast.message}
            {toast.count > 1 ? <span className={styles.count}> (×{toast.count})</span> : null}
          </span>
          <button
            type="button"
            className={styles.close}
            aria-label="Dismiss notification"
            onClick={() => dismiss(toast.id)}
          >
            ×
          </button>
        </div>
      ))}
    </div>
  );
}
