// The one route table of the app (SPEC §2 "Route table"), used by single-spa registration, the guard,
// the layout (navbar variant, sidebar badge, breadcrumb) and the tests.

export type RemoteName =
  'onboarding' | 'wallets' | 'transfers' | 'payments' | 'settings' | 'public_pages';

/** 'host' marks a screen the shell renders itself (/login: the host owns auth, ARCHITECTURE). */
export type RouteOwner = RemoteName | 'host';

export interface RouteEntry {
  path: string;
  /** exact: the whole path; prefix: the path or anything under it (`/register/...`). */
  match: 'exact' | 'prefix';
  owner: RouteOwner;
  /** SPEC §2: no stored tk and id redirects to /login. */
  protected: boolean;
  layout: 'public' | 'dashboard';
  /** Breadcrumb / document title label. */
  label: string;
}

const route = (
  path: string,
  match: RouteEntry['match'],
  owner: RouteOwner,
  label: string,
  isProtected = false,
): RouteEntry => ({
  path,
  match,
  owner,
  protected: isProtected,
  layout: isProtected ? 'dashboard' : 'public',
  label,
});

/** The public-pages screen for a signed-in user with no wallets (SPEC §4, message SPEC §8). */
export const NOT_ACTIVATED_PATH = '/not-activated';

export const ROUTES: readonly RouteEntry[] = [
  // Public, exact (SPEC §2).
  route('/login', 'exact', 'host', 'Login'),
  route('/signup', 'exact', 'onboarding', 'Sign up'),
  route('/otp', 'exact', 'onboarding', 'OTP'),
  route('/forgot-pin', 'exact', 'onboarding', 'Reset Security PIN'),
  // Public.
  route('/register', 'prefix', 'onboarding', 'Account Setup'),
  route('/verify', 'prefix', 'onboarding', 'Verify Details'),
  route('/onboarding', 'prefix', 'onboarding', 'Onboarding'),
  route('/security-pin', 'prefix', 'onboarding', 'Security PIN'),
  route('/bvn-verification-status', 'prefix', 'onboarding', 'BVN Verification Status'),
  route('/bvn-verification-start', 'prefix', 'onboarding', 'BVN Verification'),
  route('/nin-verification-start', 'prefix', 'onboarding', 'NIN Verification'),
  route('/faq', 'prefix', 'public_pages', 'FAQ'),
  route('/terms-and-conditions/account', 'prefix', 'public_pages', 'Account Terms'),
  route('/terms-and-conditions/referrals', 'prefix', 'public_pages', 'Referral Terms'),
  route('/terms-and-conditions/cards', 'prefix', 'public_pages', 'Card Terms'),
  route('/referral', 'prefix', 'public_pages', 'Referral'),
  route('/error', 'exact', 'public_pages', 'Error'),
  route('/ui-catalogue', 'exact', 'public_pages', 'UI Catalogue'), // developers; not in the navbar
  // Protected, exact (SPEC §2).
  route('/dashboard', 'exact', 'wallets', 'Overview', true),
  route('/dashboard/fund-wallet/cash-deposit', 'exact', 'wallets', 'Cash Deposit', true),
  route('/dashboard/fund-wallet/bank-transfer', 'exact', 'wallets', 'Bank Transfer', true),
  route('/dashboard/transfers/bank-to-wallet', 'exact', 'wallets', 'Fund Wallet', true),
  route('/dashboard/transaction-history', 'exact', 'wallets', 'Transaction History', true),
  route('/dashboard/transfers/other-wallet', 'exact', 'transfers', 'Other Wallet', true),
  route('/dashboard/transfers/wallet-to-bank', 'exact', 'transfers', 'Wallet-to-Bank', true),
  route('/dashboard/payments/airtime', 'exact', 'payments', 'Airtime', true),
  route('/dashboard/payments/electricity', 'exact', 'payments', 'Electricity', true),
  route('/dashboard/payments/data', 'exact', 'payments', 'Data', true),
  route('/settings', 'exact', 'settings', 'Settings', true),
  route('/settings/delete-account', 'exact', 'settings', 'Delete Account', true),
  // SPEC §4 "Account activation": where the shell sends a signed-in user with no wallets from any
  // protected page. Signed-in only, in the dashboard layout, so the sidebar and Signout stay.
  route(NOT_ACTIVATED_PATH, 'exact', 'public_pages', 'Account Not Activated', true),
];

/** SPEC §2: '/' is the fallback home; /terms-and-conditions (no route) falls here too. */
export const HOME_ROUTE: RouteEntry = route('/', 'prefix', 'public_pages', 'Home');

export const REMOTE_NAMES: readonly RemoteName[] = [
  'onboarding',
  'wallets',
  'transfers',
  'payments',
  'settings',
  'public_pages',
];

function normalise(pathname: string): string {
  const trimmed = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return trimmed === '' ? '/' : trimmed;
}

export function matches(entry: RouteEntry, pathname: string): boolean {
  const path = normalise(pathname);
  if (entry.match === 'exact') return path === entry.path;
  return path === entry.path || path.startsWith(`${entry.path}/`);
}

/** The route a path resolves to; unmatched paths get the home fallback. */
export function resolveRoute(pathname: string): RouteEntry {
  return ROUTES.find((entry) => matches(entry, pathname)) ?? HOME_ROUTE;
}

/** single-spa activity: is `remote` the owner of this path? */
export function isOwnedBy(remote: RouteOwner, pathname: string): boolean {
  return resolveRoute(pathname).owner === remote;
}

/**
 * Static pages that need none of the host's services (bus, session, api) - kept out of the first
 * load of `/` for the bundle budget (issue item 10).
 */
export function needsHostServices(pathname: string): boolean {
  const entry = resolveRoute(pathname);
  if (entry === HOME_ROUTE) return false;
  return !(entry.owner === 'public_pages' && !entry.path.startsWith('/referral'));
}
