// The shell's bell (docs/decisions/033-alerts-derived-from-the-ledger.md): on every signed-in
// dashboard and settings page, the unread count from one GET /alerts?limit=1 once the page is up,
// again when money moves ('wallets-changed') or the customer comes back to the tab, and the count the
// alerts screen announces ('alerts-unread') without a call. The shell imports this file lazily, so
// no signed-out page's first load carries it.
import { useCallback, useEffect, useState } from 'react';
import type { EventBus } from '@ajo/shared/events';
import { loadHostApi } from '../federation/host-modules';
import { linkTo } from '../routes/route-table';
import { NavLink } from './nav-link';
import styles from './alerts-bell.module.css';

export interface AlertsBellProps {
  bus: EventBus;
  /** host/api; defaults to the federated module (tests inject a fake). */
  loadApi?: typeof loadHostApi;
}

/** The unread count of GET /alerts's answer, or null when the answer has none we can trust. */
function unreadOf(body: unknown): number | null {
  const unread = (body as { unread?: unknown } | null)?.unread;
  return typeof unread === 'number' && Number.isInteger(unread) && unread >= 0 ? unread : null;
}

export function alertsLabel(unread: number | null): string {
  return unread ? `Alerts, ${unread} unread` : 'Alerts';
}

export default function AlertsBell({ bus, loadApi = loadHostApi }: AlertsBellProps) {
  const [unread, setUnread] = useState<number | null>(null);

  const refresh = useCallback(() => {
    loadApi()
      .then(({ api }) => api.get('/alerts', { params: { limit: 1 } }))
      .then((response) => setUnread(unreadOf(response.data)))
      // A failed call drops the badge rather than show a stale number; the alerts screen says what
      // went wrong. Ending the session is the API client's call (a refused bearer), never the bell's.
      .catch(() => setUnread(null));
  }, [loadApi]);

  useEffect(refresh, [refresh]);

  useEffect(() => {
    const moved = bus.on('wallets-changed').subscribe(() => refresh());
    const announced = bus.on('alerts-unread').subscribe((event) => setUnread(unreadOf(event)));
    const onVisibility = () => {
      if (document.visibilityState === 'visible') refresh();
    };
    document.addEventListener('visibilitychange', onVisibility);
    return () => {
      moved.unsubscribe();
      announced.unsubscribe();
      document.removeEventListener('visibilitychange', onVisibility);
    };
  }, [bus, refresh]);

  // The alerts screen as the live remotes declare it (SPEC names it Alerts); none live, no bell.
  const alerts = linkTo('alerts');
  if (!alerts) return null;
  return (
    <NavLink href={alerts} className={styles.bell} aria-label={alertsLabel(unread)}>
      <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false">
        <path
          fill="currentColor"
          d="M12 22a2.5 2.5 0 0 0 2.45-2h-4.9A2.5 2.5 0 0 0 12 22Zm7-6V11a7 7 0 0 0-5.5-6.84V3a1.5 1.5 0 0 0-3 0v1.16A7 7 0 0 0 5 11v5l-2 2v1h18v-1Z"
        />
      </svg>
      {/* Zero shows no badge: a "0" on every page is noise, and the name still says "Alerts". */}
      {unread ? (
        <span className={styles.count} aria-hidden="true">
          {unread > 99 ? '99+' : unread}
        </span>
      ) : null}
    </NavLink>
  );
}
