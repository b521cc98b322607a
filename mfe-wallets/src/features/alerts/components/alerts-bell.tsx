// The dashboard's bell (docs/decisions/033-alerts-derived-from-the-ledger.md): the unread count
// from one call once the screen is up, again when money moves or the customer comes back to the
// tab, and a link to the alerts screen. It lives in this remote, not in the shell's header: the
// shell is in the first load of every signed-out page, whose budget had 36 bytes left.
import { useCallback, useEffect, useState } from 'react';
import { Link } from '@ajo/shared/router';
import { useMoneyMoved } from '@ajo/remote-kit/use-money-moved';
import { fetchUnreadCount } from '../api';
import { ALERTS_UNREAD_EVENT } from '../unread-signal';
import styles from './alerts-screen.module.css';

export function AlertsBell() {
  const [unread, setUnread] = useState<number | null>(null);

  const refresh = useCallback(() => {
    fetchUnreadCount()
      .then(setUnread)
      // A bell without a number is fine: the alerts screen says what went wrong.
      .catch(() => undefined);
  }, []);
  useEffect(refresh, [refresh]);
  useMoneyMoved(refresh);

  useEffect(() => {
    const follow = (event: Event) => {
      const count = (event as CustomEvent<{ unread?: unknown }>).detail?.unread;
      if (typeof count === 'number') setUnread(count);
    };
    window.addEventListener(ALERTS_UNREAD_EVENT, follow);
    return () => window.removeEventListener(ALERTS_UNREAD_EVENT, follow);
  }, []);

  return (
    <Link
      to="/dashboard/alerts"
      className={styles.bell}
      aria-label={unread ? `Alerts, ${unread} unread` : 'Alerts'}
    >
      <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false">
        <path
          fill="currentColor"
          d="M12 22a2.5 2.5 0 0 0 2.45-2h-4.9A2.5 2.5 0 0 0 12 22Zm7-6V11a7 7 0 0 0-5.5-6.84V3a1.5 1.5 0 0 0-3 0v1.16A7 7 0 0 0 5 11v5l-2 2v1h18v-1Z"
        />
      </svg>
      {unread ? (
        <span className={styles.count} aria-hidden="true">
          {unread > 99 ? '99+' : unread}
        </span>
      ) : null}
    </Link>
  );
}
