import { useEffect, useRef, useState } from 'react';
import type { ToastMessage } from '@ajo/shared/events';
import styles from './toast-area.module.css';

/** SPEC §9: toast auto-close default 5000 ms. */
export const TOAST_DURATION_MS = 5000;

interface ShownToast extends ToastMessage {
  id: number;
}

export interface ToastSource {
  subscribe(listener: (toast: ToastMessage) => void): () => void;
}

export function ToastArea({ source }: { source: ToastSource | null }) {
  const [toasts, setToasts] = useState<ShownToast[]>([]);
  const nextId = useRef(1);

  useEffect(() => {
    if (!source) return undefined;
    const timers = new Set<ReturnType<typeof setTimeout>>();
    const unsubscribe = source.subscribe((toast) => {
      const id = nextId.current++;
      setToasts((current) => [...current, { ...toast, id }]);
      const timer = setTimeout(() => {
        timers.delete(timer);
        setToasts((current) => current.filter((t) => t.id !== id));
      }, toast.durationMs ?? TOAST_DURATION_MS);
      timers.add(timer);
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
          <span>{toast.message}</span>
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
