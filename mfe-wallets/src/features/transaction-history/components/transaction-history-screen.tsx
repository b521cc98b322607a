// SPEC §2 Transaction History: a wallet selector (the commission wallet's number hidden, SPEC §3), a
// statement type whose only option is Mini statement (SPEC §9), and the Date/Type/Amount/Narration
// table. Balances and rows refresh when money moves.
import { useState } from 'react';
import type { Wallet } from '@ajo/shared/entities';
import { isCommissionWallet } from '@ajo/shared/format';
import { Link } from '@ajo/shared/router';
import { Screen, Select, Spinner } from '@ajo/shared/ui';
import { formatNaira } from '@ajo/shared/format';
import { TransactionTable } from '../../../lib/transaction-table';
import { ReportProblem } from '../../disputes/components/report-problem';
import { useCurrentUser } from '@ajo/remote-kit/use-current-user';
import { useMiniStatement } from '../../../lib/use-mini-statement';
import styles from '../../../lib/wallets.module.css';
import { STATEMENT_TYPE } from '../../../lib/wallets-api';

/** SPEC §3: wallets with product_id 4 have their account number hidden in this selector. */
export function walletOptionLabel(wallet: Wallet): string {
  return isCommissionWallet(wallet) ? wallet.name : `${wallet.name} - ${wallet.account_no}`;
}

export function TransactionHistoryScreen() {
  const { user } = useCurrentUser();
  const [chosen, setChosen] = useState<string | undefined>(undefined);
  const wallets = user?.wallets ?? [];
  const selected =
    wallets.find((wallet) => wallet.account_no === chosen) ??
    wallets.find((wallet) => !isCommissionWallet(wallet)) ??
    wallets[0];
  const { transactions, loading } = useMiniStatement(selected?.account_no);

  if (!user) {
    return (
      <Screen title="Transaction History">
        <Spinner size="large" label="Loading your wallets…" />
      </Screen>
    );
  }
  return (
    <Screen title="Transaction History">
      <div className={styles.stack}>
        <div className={styles.form}>
          <Select
            label="Wallet"
            value={selected?.account_no ?? ''}
            onChange={(event) => setChosen(event.target.value)}
            options={wallets.map((wallet) => ({
              value: wallet.account_no,
              label: walletOptionLabel(wallet),
            }))}
          />
          <Select
            label="Statement type"
            value={STATEMENT_TYPE}
            onChange={() => undefined}
            options={[{ value: STATEMENT_TYPE, label: 'Mini statement' }]}
          />
        </div>
        <Link to="/dashboard/reports">My reports</Link>
        {loading && transactions.length === 0 ? (
          <Spinner label="Loading transactions…" />
        ) : (
          <TransactionTable
            caption={`Mini statement of ${selected?.name ?? 'your wallet'}`}
            transactions={transactions}
            rowAction={(transaction) =>
              transaction.reference ? (
                <ReportProblem
                  reference={transaction.reference}
                  about={`${formatNaira(transaction.amount)} ${transaction.narration}`.trim()}
                />
              ) : null
            }
          />
        )}
      </div>
    </Screen>
  );
}
