import type { ReactNode } from 'react';
import { SummaryList } from '../ui/summary-list';
import type { FlowOutcome } from './machine';
import type { MoneyOutcomeStatus } from './types';
import styles from './money-flow.module.css';

export const STATUS_HEADINGS: Record<MoneyOutcomeStatus, string> = {
  successful: 'Transaction Successful',
  pending: 'Transaction Pending',
  failed: 'Transaction Failed',
};

/**
 * Pending is neither: the bank or biller has not answered yet. The customer is told where the answer
 * will appear and that the money is not lost (a failed transfer is reversed by the ledger).
 */
export const STATUS_TEXTS: Record<MoneyOutcomeStatus, string> = {
  successful: 'Your transaction was successful.',
  pending:
    'We are confirming this transaction with the bank or biller. You will see the result in your transaction history. Your money is safe.',
  failed: 'This transaction did not go through.',
};

function StatusMark({ status }: { status: MoneyOutcomeStatus }) {
  // A tick, a clock, a cross: the outcome is told by shape as well as colour.
  const paths: Record<MoneyOutcomeStatus, ReactNode> = {
    successful: <path d="M13 21l5 5 10-11" />,
    pending: <path d="M20 11v9l6 4" />,
    failed: <path d="M14 14l12 12M26 14L14 26" />,
  };
  return (
    <svg
      className={styles.mark}
      viewBox="0 0 40 40"
      aria-hidden="true"
      fill="none"
      stroke="currentColor"
      strokeWidth="3"
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      <circle cx="20" cy="20" r="17" />
      {paths[status]}
    </svg>
  );
}

export interface StatusStepProps<TResult> {
  outcome: FlowOutcome<TResult>;
  /** The heading, placed inside the coloured box by the flow. */
  heading: ReactNode;
  /** The screen's own content (an electricity token, receipt buttons). */
  extra?: ReactNode;
  actions: ReactNode;
  /** Words of the flow's own in place of the outcome's (the check of a lost answer). */
  text?: string;
}

/** SPEC §2 status: successful, pending or failed, the reference when there is one, then actions. */
export function StatusStep<TResult>({
  outcome,
  heading,
  extra,
  actions,
  text,
}: StatusStepProps<TResult>) {
  return (
    <>
      <div className={`${styles.statusBox} ${styles[outcome.status]}`}>
        <div className={styles.statusHead}>
          <StatusMark status={outcome.status} />
          {heading}
        </div>
        <p role="status" className={styles.statusText}>
          {text ?? outcome.message ?? STATUS_TEXTS[outcome.status]}
        </p>
      </div>
      {outcome.reference ? (
        <SummaryList
          rows={[
            {
              label: 'Reference',
              // One line on a phone: a reference split over three reads as three.
              value: <span className={styles.reference}>{outcome.reference}</span>,
            },
          ]}
        />
      ) : null}
      {extra}
      <div className={styles.actions}>{actions}</div>
    </>
  );
}
