// The card's payments with their state, from the wallet's history (middleware: a card payment is
// 'authorised (money reserved)' until the clearing posts it; a refund is money in, 'reversed').
import { formatDateTime, formatNaira } from '@ajo/shared/format';
import { Badge, type BadgeTone } from '@ajo/shared/ui';
import type { CardTransaction, CardTransactionState } from '../cards-api';
import styles from './cards.module.css';

const STATE: Record<CardTransactionState, { label: string; tone: BadgeTone }> = {
  authorised: { label: 'Authorised · money reserved', tone: 'warning' },
  posted: { label: 'Posted', tone: 'primary' },
  reversed: { label: 'Reversed · refunded', tone: 'success' },
};

export function CardTransactions({ transactions }: { transactions: CardTransaction[] | null }) {
  return (
    <section className={styles.card} aria-labelledby="card-transactions">
      <h2 id="card-transactions">Card transactions</h2>
      {transactions === null ? (
        <p className={styles.muted}>Loading card transactions…</p>
      ) : transactions.length === 0 ? (
        <p className={styles.muted}>No card transactions yet.</p>
      ) : (
        <ul className={styles.transactions}>
          {transactions.map((t, i) => (
            <li key={`${t.reference ?? t.date}-${t.state}-${i}`}>
              <div className={styles.line}>
                <strong>{t.merchant}</strong>
                <span className={styles.amount}>
                  {t.state === 'reversed' ? '+' : '−'}
                  {formatNaira(t.amount)}
                </span>
              </div>
              <p className={styles.muted}>{formatDateTime(t.date)}</p>
              {/* On a line of its own: the longest state must fit a 390-px phone. */}
              <div>
                <Badge tone={STATE[t.state].tone}>{STATE[t.state].label}</Badge>
              </div>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
