// My reports (/dashboard/reports): each complaint with its tracking number, its status timeline
// (received, investigating, resolved: refunded / declined with reason) and the clock against the
// date we promised (docs/decisions/034-complaints-with-a-clock.md).
import { useCallback, useEffect, useState } from 'react';
import { useSearchParams } from '@ajo/shared/router';
import { Badge, Button, Screen, Spinner } from '@ajo/shared/ui';
import type { BadgeTone } from '@ajo/shared/ui';
import { errorMessage, showToast } from '@ajo/remote-kit/services';
import { useMoneyMoved } from '@ajo/remote-kit/use-money-moved';
import { confirmItWasMe, fetchDisputes, formatDateTime, promiseClock, type Dispute } from '../api';
import styles from './disputes.module.css';
import { ReportProblemDialog } from './report-problem';

/**
 * The name the customer's attached file was uploaded under. GET /disputes gives the file's stored
 * address, which opens nothing by itself (README "Security notes": files open only through
 * short-lived signed links), so My reports says a file is attached rather than linking to it.
 */
function attachmentName(url: string): string {
  const last = url.split(/[?#]/)[0]!.split('/').pop() ?? '';
  let name = last;
  try {
    name = decodeURIComponent(last);
  } catch {
    // A stray % stays as it is.
  }
  return name.replace(/^report-\d+-/, '') || 'a file';
}

const ERROR_GETTING_REPORTS = 'Error getting your reports';
const STATUS_WORDS: Record<Dispute['status'], string> = {
  received: 'Received',
  investigating: 'Investigating',
  resolved: 'Resolved',
};

function statusLine(dispute: Pick<Dispute, 'status' | 'outcome'>): string {
  if (dispute.status !== 'resolved') return STATUS_WORDS[dispute.status];
  return dispute.outcome === 'refunded' ? 'Resolved: refunded' : 'Resolved: declined';
}

function tone(dispute: Dispute): BadgeTone {
  if (dispute.status !== 'resolved') return 'info';
  return dispute.outcome === 'refunded' ? 'primary' : 'warning';
}

export function MyReportsScreen() {
  const [disputes, setDisputes] = useState<Dispute[] | null>(null);
  const [now, setNow] = useState(() => new Date());
  // ?report=<reference>: Report a problem from a receipt or a pending status (the money flow).
  const [search, setSearch] = useSearchParams();
  const reportReference = search.get('report');

  const load = useCallback(() => {
    const controller = new AbortController();
    fetchDisputes(controller.signal)
      .then((found) => setDisputes(found))
      .catch((error: unknown) => {
        if (controller.signal.aborted) return;
        setDisputes([]);
        void showToast('error', errorMessage(error, ERROR_GETTING_REPORTS));
      });
    return () => controller.abort();
  }, []);

  useEffect(() => load(), [load]);
  useMoneyMoved(load);
  useEffect(() => {
    const timer = window.setInterval(() => setNow(new Date()), 60_000);
    return () => window.clearInterval(timer);
  }, []);

  const confirm = async (trackingNumber: string) => {
    try {
      const updated = await confirmItWasMe(trackingNumber);
      setDisputes((list) =>
        (list ?? []).map((d) => (d.tracking_number === trackingNumber ? updated : d)),
      );
    } catch (error) {
      void showToast('error', errorMessage(error, ERROR_GETTING_REPORTS));
    }
  };

  const reportDialog = reportReference ? (
    <ReportProblemDialog
      reference={reportReference}
      about={`Transaction ${reportReference}`}
      onFiled={load}
      onClose={() => setSearch({}, { replace: true })}
    />
  ) : null;

  if (disputes === null) {
    return (
      <>
        {reportDialog}
        <Screen title="My reports">
          <Spinner size="large" label="Loading your reports…" />
        </Screen>
      </>
    );
  }
  // The dialog keeps its place in the tree when the list arrives, so what was typed stays.
  return (
    <>
      {reportDialog}
      <Screen title="My reports">
        {disputes.length === 0 ? (
          <p className={styles.muted}>
            You have not reported a problem. Use Report a problem on a line of your transaction
            history.
          </p>
        ) : (
          <ul className={styles.reports} aria-label="My reports">
            {disputes.map((dispute) => {
              const late = dispute.status !== 'resolved' && new Date(dispute.respond_by) < now;
              return (
                <li
                  key={dispute.tracking_number}
                  className={styles.report}
                  aria-label={dispute.tracking_number}
                >
                  <div className={styles.reportHead}>
                    <h2 className={styles.tracking}>{dispute.tracking_number}</h2>
                    <Badge tone={tone(dispute)}>{statusLine(dispute)}</Badge>
                  </div>
                  <p className={styles.muted}>
                    {dispute.category_label} · transaction {dispute.reference}
                    {dispute.auto_opened ? ' · opened for you because it was still pending' : ''}
                  </p>
                  {dispute.attachment_url ? (
                    <p className={styles.muted}>
                      Attached:{' '}
                      {dispute.attachment_link ? (
                        // The link lasts minutes: the list is read again each time it is opened.
                        <a href={dispute.attachment_link} target="_blank" rel="noopener noreferrer">
                          {attachmentName(dispute.attachment_url)}
                        </a>
                      ) : (
                        attachmentName(dispute.attachment_url)
                      )}
                    </p>
                  ) : null}
                  {dispute.status === 'resolved' ? (
                    <p>
                      {dispute.outcome_reason}
                      {dispute.refund_reference
                        ? ` Refund reference: ${dispute.refund_reference}.`
                        : ''}
                    </p>
                  ) : (
                    <p className={styles.clock} data-late={late}>
                      {promiseClock(dispute.respond_by, now)} (by{' '}
                      {formatDateTime(dispute.respond_by)})
                    </p>
                  )}
                  <ol className={styles.timeline} aria-label="Timeline">
                    {dispute.timeline.map((step, index) => (
                      <li key={`${step.at}-${index}`}>
                        <strong>{statusLine(step)}</strong> · {formatDateTime(step.at)} ·{' '}
                        {step.note}
                      </li>
                    ))}
                  </ol>
                  {dispute.category === 'not_authorised' && dispute.status !== 'resolved' ? (
                    <Button
                      variant="secondary"
                      className={styles.reportButton}
                      onClick={() => void confirm(dispute.tracking_number)}
                    >
                      It was me: resume my payments
                    </Button>
                  ) : null}
                </li>
              );
            })}
          </ul>
        )}
      </Screen>
    </>
  );
}
