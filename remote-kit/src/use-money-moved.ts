// Balances and history refresh when money moves: the 'wallets-changed' bus event, and
// returning to the tab (after a card checkout or a transfer made elsewhere).
import { useEffect, useRef } from 'react';
import { loadHostBus } from './host';

export function useMoneyMoved(onMoved: () => void): void {
  const latest = useRef(onMoved);
  latest.current = onMoved;

  useEffect(() => {
    let cancelled = false;
    let unsubscribe: (() => void) | undefined;
    loadHostBus()
      .then(({ bus }) => {
        if (cancelled) return;
        const subscription = bus.on('wallets-changed').subscribe(() => latest.current());
        unsubscribe = () => subscription.unsubscribe();
      })
      .catch(() => {
        // Without the bus the screen still refreshes on tab return; the shell shows the fallback.
      });
    const onVisibility = () => {
      if (document.visibilityState === 'visible') latest.current();
    };
    document.addEventListener('visibilitychange', onVisibility);
    return () => {
      cancelled = true;
      unsubscribe?.();
      document.removeEventListener('visibilitychange', onVisibility);
    };
  }, []);
}
