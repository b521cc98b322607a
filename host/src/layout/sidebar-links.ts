// SPEC §2 "Dashboard shell" sidebar groups (Transaction History sits under Wallets, issue brief).
export interface SidebarLink {
  label: string;
  href: string;
}
export interface SidebarGroup {
  title: string;
  links: SidebarLink[];
}

export const SIDEBAR_GROUPS: readonly SidebarGroup[] = [
  {
    title: 'Wallets',
    links: [
      { label: 'Overview', href: '/dashboard' },
      { label: 'Transaction History', href: '/dashboard/transaction-history' },
    ],
  },
  {
    title: 'Fund Wallet',
    links: [
      { label: 'Cash Deposit', href: '/dashboard/fund-wallet/cash-deposit' },
      { label: 'Bank Transfer', href: '/dashboard/fund-wallet/bank-transfer' },
    ],
  },
  {
    title: 'Transfers',
    links: [
      { label: 'Other Wallet', href: '/dashboard/transfers/other-wallet' },
      { label: 'Wallet-to-Bank', href: '/dashboard/transfers/wallet-to-bank' },
    ],
  },
  {
    title: 'Payments',
    links: [
      { label: 'Airtime', href: '/dashboard/payments/airtime' },
      { label: 'Electricity', href: '/dashboard/payments/electricity' },
      { label: 'Data', href: '/dashboard/payments/data' },
    ],
  },
  { title: 'Settings', links: [{ label: 'Settings', href: '/settings' }] },
];

/** SIDEBAR flag key in localStorage (SPEC §3 shared state slice showSideBar). */
export const SIDEBAR_FLAG_KEY = 'showSideBar';

export function isCurrentLink(href: string, pathname: string): boolean {
  const path = pathname.replace(/\/+$/, '') || '/';
  // /settings/delete-account still shows the Settings screen (SPEC §2).
  if (href === '/settings') return path === '/settings' || path === '/settings/delete-account';
  return path === href;
}
