// The dashboard header's bell (docs/decisions/033-alerts-derived-from-the-ledger.md): the unread
// count from one call once the page is up (and again on each page change), and a link to the alerts
// screen of the wallets remote. Loaded lazily, so no page's first load carries it.
import { useEffect, useState } from 'react';
import { loadHostApi } from '../federation/host-modules';
import { NavLink } from './nav-link';
import styles from './alerts-bell.module.css';

/** The alerts screen's announcement of a new count (mfe-wallets features/alerts/unread-signal.ts). */
const UNREAD_EVENT = 'ajo:alerts-unread';

export default function AlertsBell({
  pathname,
  loadApi = loadHostApi,
}: {
  pathname: string;
  loadApi?: typeof loadHostApi;
}) {
  const [unread, setUnread] = useState<number | null>(null);

  useEffect(() => {
    let current = true;
    loadApi()
      .then(({ api }) => api.get<{ unread?: unknown }>('/alerts', { params: { limit: 1 } }))
      .then(({ data }) => {
        if (current && typeof data.unread === 'number') setUnread(data.unread);
      })
      // A bell without a number is fine: the screen itself says what went wrong.
      .catch(() => undefined);
    return () => {
      current = false;
    };
  }, [pathname, loadApi]);

  useEffect(() => {
    const follow = (event: Event) => {
      const count = (event as CustomEvent<{ unread?: unknown }>).detail?.unread;
      if (typeof count === 'number') setUnread(count);
    };
    window.addEventListener(UNREAD_EVENT, follow);
    return () => window.removeEventListener(UNREAD_EVENT, follow);
  }, []);

  const label = unread ? `Alerts, ${unread} unread` : 'Alerts';
  return (
    <NavLink href="/dashboard/alerts" className={styles.bell} aria-label={label}>
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
    </NavLink>
  );
}
