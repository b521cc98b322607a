// SPEC §2 "Dashboard and funding": welcome with first name and the NIN status badge (SPEC §4), one
// card per wallet, quick actions, then the latest transactions of the main wallet.
import { isCommissionWallet, ninStatusBadge } from '@ajo/shared/format';
import { Badge, Screen, Spinner } from '@ajo/shared/ui';
import type { User } from '@ajo/shared/entities';
import { openNinUpdate } from '@ajo/remote-kit/services';
import { useCurrentUser } from '@ajo/remote-kit/use-current-user';
import styles from '../../../lib/wallets.module.css';
import { LatestTransactions } from './latest-transactions';
import { QuickActions } from './quick-actions';
import { useFundingResult } from './use-funding-result';
import { WalletCard } from './wallet-card';

/**
 * A customer whose NIN is missing or was declined may always submit one, from the badge; SPEC §4's
 * prompt rules only decide when the NIN modal opens by itself (a verified customer never gets it).
 */
function mayAskForNinUpdate(user: Pick<User, 'nin' | 'nin_verification_status'>): boolean {
  return !user.nin || user.nin_verification_status?.toLowerCase() === 'declined';
}

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
          {mayAskForNinUpdate(user) ? (
            <button
              type="button"
              className={styles.linkButton}
              onClick={() => void openNinUpdate()}
            >
              {user.nin ? 'Submit your NIN again' : 'Submit your NIN'}
            </button>
          ) : null}
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
