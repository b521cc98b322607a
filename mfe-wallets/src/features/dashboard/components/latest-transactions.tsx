// The latest transactions of the main wallet below the quick actions, with a way to the
// full Transaction History.
import { Link } from '@ajo/shared/router';
import type { Wallet } from '@ajo/shared/entities';
import { Spinner } from '@ajo/shared/ui';
import { TransactionTable } from '../../../lib/transaction-table';
import { useMiniStatement } from '../../../lib/use-mini-statement';
import styles from '../../../lib/wallets.module.css';

const LATEST_COUNT = 5;

export function LatestTransactions({ wallet }: { wallet: Wallet | undefined }) {
  const { transactions, loading } = useMiniStatement(wallet?.account_no);
  return (
    <section aria-labelledby="latest-transactions" className={styles.stack}>
      <div className={styles.sectionHeader}>
        <h2 id="latest-transactions" className={styles.sectionTitle}>
          Latest Transactions
        </h2>
        <Link to="/dashboard/transaction-history">View all</Link>
      </div>
      {loading && transactions.length === 0 ? (
        <Spinner label="Loading transactions…" />
      ) : (
        <TransactionTable
          caption={`Latest transactions of ${wallet?.name ?? 'your wallet'}`}
          transactions={transactions.slice(0, LATEST_COUNT)}
        />
      )}
    </section>
  );
}
