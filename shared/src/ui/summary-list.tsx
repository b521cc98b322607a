import type { ReactNode } from 'react';
import { formatNaira } from '@ajo/shared/format';
import styles from './summary-list.module.css';

/** A row of text, or a naira amount (SPEC §9: ₦ with 2 decimals, through the shared formatter). */
export type SummaryRow =
  { label: string; value: ReactNode } | { label: string; amount: number | string };

export interface SummaryListProps {
  rows: readonly SummaryRow[];
  /** Accessible name, e.g. 'Transaction details'. */
  label?: string;
  className?: string;
}

function isEmpty(value: ReactNode): boolean {
  return value === null || value === undefined || value === false || value === '';
}

/** A definition list of read-only label / value rows; an empty value reads 'None'. */
export function SummaryList({ rows, label, className }: SummaryListProps) {
  return (
    <dl aria-label={label} className={[styles.list, className].filter(Boolean).join(' ')}>
      {rows.map((row) => (
        <div key={row.label} className={styles.row}>
          <dt className={styles.label}>{row.label}</dt>
          {'amount' in row ? (
            <dd className={`${styles.value} ${styles.amount}`}>{formatNaira(row.amount)}</dd>
          ) : (
            <dd className={styles.value}>{isEmpty(row.value) ? 'None' : row.value}</dd>
          )}
        </div>
      ))}
    </dl>
  );
}
