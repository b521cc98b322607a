// The customer's alerts (docs/decisions/033-alerts-derived-from-the-ledger.md): every debit and
// credit of their wallets and the notices about their complaints, newest first, unread ones marked;
// opening the screen does not mark them read, the customer does (one, or all).
import { useCallback, useEffect, useState } from 'react';
import { formatDateTime, formatNaira } from '@ajo/shared/format';
import { Button, Screen, Spinner } from '@ajo/shared/ui';
import { loadHostBus } from '@ajo/remote-kit/host';
import { errorMessage } from '@ajo/remote-kit/services';
import { fetchAlerts, markAlertsRead, type Alert } from '../api';
import styles from './alerts-screen.module.css';

/** The shell's bell follows the count this screen was answered (the 'alerts-unread' bus event). */
function announceUnread(unread: number): void {
  loadHostBus()
    .then(({ bus }) => bus.emit({ type: 'alerts-unread', unread }))
    // Without the bus the bell catches up on the next page or when money moves.
    .catch(() => undefined);
}

export const ALERTS_LOAD_FAILED = 'We could not load your alerts. Please try again.';
export const ALERTS_MARK_FAILED = 'We could not mark your alerts as read. Please try again.';

function AlertItem({ alert, onRead }: { alert: Alert; onRead: (id: string) => void }) {
  const sign = alert.kind === 'credit' ? '+' : alert.kind === 'debit' ? '-' : '';
  return (
    <li className={`${styles.item} ${alert.read ? '' : styles.unread}`} aria-label={alert.title}>
      <div className={styles.head}>
        <p className={styles.title}>
          {alert.title}
          {!alert.read && <span className={styles.meta}> · Unread</span>}
        </p>
        {alert.amount !== null && (
          <span className={styles.amount} data-tone={alert.kind}>
            {sign}
            {formatNaira(alert.amount)}
          </span>
        )}
      </div>
      {alert.narration !== null ? (
        <p className={styles.meta}>{alert.narration}</p>
      ) : (
        <p className={styles.meta}>{alert.body}</p>
      )}
      {alert.balance_after !== null && (
        <p className={styles.meta}>Balance after: {formatNaira(alert.balance_after)}</p>
      )}
      {alert.reference !== null && <p className={styles.meta}>Ref: {alert.reference}</p>}
      <div className={styles.actions}>
        <time className={styles.meta} dateTime={alert.created_at}>
          {formatDateTime(alert.created_at)}
        </time>
        {!alert.read && (
          <Button variant="ghost" onClick={() => onRead(alert.id)}>
            Mark as read
          </Button>
        )}
      </div>
    </li>
  );
}

export function AlertsScreen() {
  const [alerts, setAlerts] = useState<Alert[]>([]);
  const [unread, setUnread] = useState(0);
  const [nextBefore, setNextBefore] = useState<string | null>(null);
  const [loading, setLoading] = useState(true);
  const [problem, setProblem] = useState<string | null>(null);

  const load = useCallback(async (before?: string, signal?: AbortSignal) => {
    setLoading(true);
    setProblem(null);
    try {
      const page = await fetchAlerts(before, signal);
      setAlerts((shown) => (before ? [...shown, ...page.alerts] : page.alerts));
      setUnread(page.unread);
      setNextBefore(page.next_before);
      announceUnread(page.unread);
    } catch (error) {
      if (!signal?.aborted) setProblem(errorMessage(error, ALERTS_LOAD_FAILED));
    } finally {
      if (!signal?.aborted) setLoading(false);
    }
  }, []);

  useEffect(() => {
    const controller = new AbortController();
    void load(undefined, controller.signal);
    return () => controller.abort();
  }, [load]);

  const markRead = async (which: { ids: string[] } | { all: true }) => {
    setProblem(null);
    try {
      const left = await markAlertsRead(which);
      const marked = 'all' in which ? null : new Set(which.ids);
      setAlerts((shown) =>
        shown.map((a) => (marked === null || marked.has(a.id) ? { ...a, read: true } : a)),
      );
      setUnread(left);
      announceUnread(left);
    } catch (error) {
      setProblem(errorMessage(error, ALERTS_MARK_FAILED));
    }
  };

  return (
    <Screen title="Alerts">
      <div className={styles.list}>
        <div className={styles.actions}>
          <p className={styles.meta} role="status">
            {unread === 1 ? '1 unread alert' : `${unread} unread alerts`}
          </p>
          {unread > 0 && (
            <Button variant="secondary" onClick={() => void markRead({ all: true })}>
              Mark all as read
            </Button>
          )}
        </div>
        {problem && <p role="alert">{problem}</p>}
        {alerts.length === 0 && loading && <Spinner label="Loading your alerts…" />}
        {alerts.length === 0 && !loading && !problem && (
          <p className={styles.meta}>No alerts yet. Money in or out of your wallets shows here.</p>
        )}
        {alerts.length > 0 && (
          <ul className={styles.list} aria-label="Your alerts, newest first">
            {alerts.map((alert) => (
              <AlertItem
                key={alert.id}
                alert={alert}
                onRead={(id) => void markRead({ ids: [id] })}
              />
            ))}
          </ul>
        )}
        {nextBefore && (
          <Button
            variant="secondary"
            loading={loading}
            onClick={() => void load(nextBefore ?? undefined)}
          >
            Show older alerts
          </Button>
        )}
      </div>
    </Screen>
  );
}
