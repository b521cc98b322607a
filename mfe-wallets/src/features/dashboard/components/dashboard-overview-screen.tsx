// SPEC §2 "Dashboard and funding": welcome with first name and the NIN status badge (SPEC §4), one
// card per wallet, quick actions, then the latest transactions of the main wallet.
import { isCommissionWallet, ninStatusBadge } from '@ajo/shared/format';
import { Badge, Screen, Spinner } from '@ajo/shared/ui';
import { useCurrentUser } from '@ajo/remote-kit/use-current-user';
import styles from '../../../lib/wallets.module.css';
import { LatestTransactions } from './latest-transactions';
import { QuickActions } from './quick-actions';
import { useFundingResult } from './use-funding-result';
import { WalletCard } from './wallet-card';

export function DashboardOverviewScreen() {
  const { user, reload } = useCurrentUser();
  useFundingResult(reload);

  if (!user) {
    return (
      <Screen title="Dashboard">
        <Spinner size="large" label="Loading your wallets…" />
      </Screen>
    );
  }
  const badge = ninStatusBadge(user);
  const mainWallet = user.wallets.find((wallet) => !isCommissionWallet(wallet));
  return (
    <Screen title="Dashboard">
      <div className={styles.stack}>
        <p className={styles.welcome}>
          <span>Welcome, {user.first_name}</span>
          <Badge tone={badge.tone}>NIN: {badge.label}</Badge>
        </p>
        <section aria-labelledby="wallets-title" className={styles.stack}>
          <h2 id="wallets-title" className={styles.sectionTitle}>
            Wallets
          </h2>
          <div className={styles.grid}>
            {user.wallets.map((wallet) => (
              <WalletCard key={wallet.id} wallet={wallet} />
            ))}
          </div>
        </section>
        <QuickActions />
        <LatestTransactions wallet={mainWallet} />
      </div>
    </Screen>
  );
}
