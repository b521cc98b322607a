// SPEC §2 Transaction History table: Date, Type, Amount, Narration. SPEC §9: types labelled with the
// product name (others raw); credits in the primary colour, all others red. On a phone the four
// columns wrap a date over three lines, so each entry is a readable row there instead.
import type { ReactNode } from 'react';
import {
  formatDateTime,
  formatNaira,
  transactionTypeLabel,
  transactionTypeTone,
} from '@ajo/shared/format';
import styles from './wallets.module.css';
import { useWideScreen } from './use-wide-screen';
import { PRODUCT_NAME, type Transaction } from './wallets-api';

export function TransactionTable(props: {
  transactions: readonly Transaction[];
  caption: string;
  emptyText?: string;
  /** Something to do about one line (the history's Report a problem); a column of its own. */
  rowAction?: (transaction: Transaction) => ReactNode;
}) {
  const wide = useWideScreen();
  if (props.transactions.length === 0) {
    return <p className={styles.muted}>{props.emptyText ?? 'No transactions yet.'}</p>;
  }
  if (!wide) {
    return (
      <ul className={styles.entryList} aria-label={props.caption}>
        {props.transactions.map((transaction, index) => {
          const tone = transactionTypeTone(transaction.transaction_type);
          return (
            <li key={`${transaction.transaction_date}-${index}`} className={styles.entry}>
              <span className={styles.entryType}>
                {transactionTypeLabel(transaction.transaction_type, PRODUCT_NAME)}
              </span>
              <span
                data-tone={tone}
                className={`${styles.entryAmount} ${tone === 'primary' ? styles.credit : styles.debit}`}
              >
                {formatNaira(transaction.amount)}
              </span>
              <span className={styles.entryDate}>
                {formatDateTime(transaction.transaction_date)}
              </span>
              {transaction.narration ? (
                <span className={styles.entryNarration}>{transaction.narration}</span>
              ) : null}
              {props.rowAction?.(transaction)}
            </li>
          );
        })}
      </ul>
    );
  }
  return (
    <div className={styles.tableWrap}>
      <table className={styles.table}>
        <caption className={styles.caption}>{props.caption}</caption>
        <thead>
          <tr>
            <th scope="col">Date</th>
            <th scope="col">Type</th>
            <th scope="col">Amount</th>
            <th scope="col">Narration</th>
            {props.rowAction ? <th scope="col">Report</th> : null}
          </tr>
        </thead>
        <tbody>
          {props.transactions.map((transaction, index) => {
            const tone = transactionTypeTone(transaction.transaction_type);
            return (
              <tr key={`${transaction.transaction_date}-${index}`}>
                <td>{formatDateTime(transaction.transaction_date)}</td>
                <td>{transactionTypeLabel(transaction.transaction_type, PRODUCT_NAME)}</td>
                <td data-tone={tone} className={tone === 'primary' ? styles.credit : styles.debit}>
                  {formatNaira(transaction.amount)}
                </td>
                <td>{transaction.narration}</td>
                {props.rowAction ? <td>{props.rowAction(transaction)}</td> : null}
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
