import { useEffect, useRef } from 'react';
import { useLocation, useNavigate, useSearchParams } from '@ajo/shared/router';
import type { User } from '@ajo/shared/entities';
import { isCommissionWallet } from '@ajo/shared/format';
import { Screen, Spinner } from '@ajo/shared/ui';
import { Tabs } from '@ajo/shared/ui/tabs';
import { CrossAppLink } from '@ajo/remote-kit/cross-app-link';
import { useCurrentUser } from '@ajo/remote-kit/use-current-user';
import styles from '../settings.module.css';
import { AlertsTab } from './alerts-tab';
import { GeneralTab } from './general-tab';
import { KycTab } from './kyc-tab';
import { MoreTab } from './more-tab';
import { ReferralsTab } from './referrals-tab';
import { SecurityTab } from './security-tab';
import { StatementTab } from './statement-tab';
import { TransactionPinTab } from './transaction-pin-tab';

/** SPEC §2 "Settings": the side-menu tabs, in order. */
export const SETTINGS_TABS = [
  { id: 'general', label: 'General' },
  { id: 'security', label: 'Security' },
  { id: 'kyc', label: 'KYC' },
  { id: 'transaction-pin', label: 'Transaction Pin' },
  { id: 'referrals', label: 'Referrals' },
  { id: 'statement', label: 'Generate Statement' },
  // Not in SPEC §2: where debit and credit alerts go (docs/decisions/033).
  { id: 'alerts', label: 'Alerts' },
  { id: 'more', label: 'More' },
] as const;
export type SettingsTabId = (typeof SETTINGS_TABS)[number]['id'];

/** SPEC §2: /settings/delete-account opens More; the other tabs live in ?tab=, so reload and back keep them. */
export const DELETE_ACCOUNT_PATH = '/settings/delete-account';
const isTabId = (value: string | null): value is SettingsTabId =>
  SETTINGS_TABS.some((tab) => tab.id === value);

function useSelectedTab(): [SettingsTabId, (id: string) => void] {
  const { pathname } = useLocation();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const requested = params.get('tab');
  const selected: SettingsTabId =
    pathname === DELETE_ACCOUNT_PATH ? 'more' : isTabId(requested) ? requested : 'general';
  const select = (id: string) => {
    if (id === selected) return;
    navigate(id === 'more' ? DELETE_ACCOUNT_PATH : `/settings?tab=${id}`);
  };
  return [selected, select];
}

function tabContent(id: SettingsTabId, user: User) {
  switch (id) {
    case 'general':
      return <GeneralTab user={user} />;
    case 'security':
      return <SecurityTab />;
    case 'kyc':
      return <KycTab user={user} />;
    case 'transaction-pin':
      return <TransactionPinTab user={user} />;
    case 'referrals':
      return <ReferralsTab user={user} />;
    case 'statement':
      return <StatementTab user={user} />;
    case 'alerts':
      return <AlertsTab user={user} />;
    case 'more':
      return <MoreTab user={user} />;
  }
}

/** Settings (/settings and /settings/delete-account, SPEC §2). */
export function SettingsScreen() {
  const { user } = useCurrentUser();
  const [selected, select] = useSelectedTab();
  const tabsRef = useRef<HTMLDivElement>(null);
  const loaded = user !== null;
  // On a phone the tab bar scrolls sideways: bring the open tab (e.g. More) into view.
  useEffect(() => {
    const tab = tabsRef.current?.querySelector<HTMLElement>('[role="tab"][aria-selected="true"]');
    tab?.scrollIntoView?.({ block: 'nearest', inline: 'nearest' });
  }, [selected, loaded]);

  return (
    <Screen title="Settings">
      <div className={styles.header}>
        {user ? (
          <ul className={styles.wallets} aria-label="Your wallets">
            {user.wallets
              .filter((wallet) => !isCommissionWallet(wallet))
              .map((wallet) => (
                <li key={wallet.account_no} className={styles.wallet}>
                  <strong>{wallet.name}</strong>
                  {wallet.account_no}
                </li>
              ))}
          </ul>
        ) : null}
        <CrossAppLink href="/dashboard" className={styles.back}>
          Back to Dashboard
        </CrossAppLink>
      </div>
      {user ? (
        <div ref={tabsRef} className={styles.tabs}>
          <Tabs
            label="Settings"
            orientation="vertical"
            selectedId={selected}
            onChange={select}
            tabs={SETTINGS_TABS.map((tab) => ({
              id: tab.id,
              label: tab.label,
              content: tabContent(tab.id, user),
            }))}
          />
        </div>
      ) : (
        <Spinner label="Loading your settings…" />
      )}
    </Screen>
  );
}
