import { REMOTES } from '@ajo/tooling/remotes';
import {
  HOME_ROUTE,
  NOT_ACTIVATED_PATH,
  REMOTE_NAMES,
  ROUTES,
  isOwnedBy,
  matches,
  needsHostServices,
  resolveRoute,
} from './route-table';

describe('route table (SPEC §2)', () => {
  it.each([
    ['/login', 'host'],
    ['/signup', 'onboarding'],
    ['/otp', 'onboarding'],
    ['/forgot-pin', 'onboarding'],
    ['/register', 'onboarding'],
    ['/verify', 'onboarding'],
    ['/onboarding', 'onboarding'],
    ['/security-pin', 'onboarding'],
    ['/bvn-verification-status', 'onboarding'],
    ['/bvn-verification-start', 'onboarding'],
    ['/nin-verification-start', 'onboarding'],
    ['/faq', 'public_pages'],
    ['/terms-and-conditions/account', 'public_pages'],
    ['/terms-and-conditions/referrals', 'public_pages'],
    ['/terms-and-conditions/cards', 'public_pages'],
    ['/referral/ABC123', 'public_pages'],
    ['/not-activated', 'public_pages'],
    ['/ui-catalogue', 'public_pages'],
    ['/dashboard', 'wallets'],
    ['/dashboard/fund-wallet/cash-deposit', 'wallets'],
    ['/dashboard/fund-wallet/bank-transfer', 'wallets'],
    ['/dashboard/transfers/bank-to-wallet', 'wallets'],
    ['/dashboard/transaction-history', 'wallets'],
    ['/dashboard/transfers/other-wallet', 'transfers'],
    ['/dashboard/transfers/wallet-to-bank', 'transfers'],
    ['/dashboard/payments/airtime', 'payments'],
    ['/dashboard/payments/electricity', 'payments'],
    ['/dashboard/payments/data', 'payments'],
    ['/settings', 'settings'],
    ['/settings/delete-account', 'settings'],
  ])('%s belongs to %s', (path, owner) => {
    expect(resolveRoute(path).owner).toBe(owner);
  });

  it('matches exact routes only on the whole path', () => {
    expect(resolveRoute('/signup/extra')).toBe(HOME_ROUTE);
    expect(resolveRoute('/login/x')).toBe(HOME_ROUTE);
    expect(resolveRoute('/dashboard/unknown')).toBe(HOME_ROUTE);
    expect(resolveRoute('/dashboard/')).toMatchObject({ path: '/dashboard' });
  });

  it('matches prefix routes on sub-paths but not on look-alikes', () => {
    expect(resolveRoute('/register/step-2').path).toBe('/register');
    expect(resolveRoute('/registered')).toBe(HOME_ROUTE);
  });

  it('falls back to home for / and unmatched paths, /terms-and-conditions included', () => {
    for (const path of ['/', '/nowhere', '/terms-and-conditions']) {
      expect(resolveRoute(path)).toBe(HOME_ROUTE);
      expect(isOwnedBy('public_pages', path)).toBe(true);
    }
  });

  it('protects exactly the dashboard and settings routes (plus /not-activated), with the dashboard layout', () => {
    const protectedPaths = ROUTES.filter((r) => r.protected).map((r) => r.path);
    expect(
      protectedPaths.every(
        (p) => p.startsWith('/dashboard') || p.startsWith('/settings') || p === '/not-activated',
      ),
    ).toBe(true);
    expect(protectedPaths).toHaveLength(15);
    expect(ROUTES.every((r) => r.protected === (r.layout === 'dashboard'))).toBe(true);
    expect(HOME_ROUTE.protected).toBe(false);
  });

  it('gives each path exactly one owner', () => {
    const owners = [
      'onboarding',
      'wallets',
      'transfers',
      'payments',
      'settings',
      'public_pages',
      'host',
    ] as const;
    for (const path of ['/', '/signup', '/dashboard', '/faq', '/settings/delete-account']) {
      expect(owners.filter((o) => isOwnedBy(o, path))).toHaveLength(1);
    }
  });

  it('keeps host services off static pages (bundle budget) but loads them elsewhere', () => {
    expect(needsHostServices('/')).toBe(false);
    expect(needsHostServices('/faq')).toBe(false);
    expect(needsHostServices('/terms-and-conditions/cards')).toBe(false);
    expect(needsHostServices('/ui-catalogue')).toBe(false);
    expect(needsHostServices('/referral/ABC')).toBe(true);
    expect(needsHostServices('/signup')).toBe(true);
    expect(needsHostServices('/dashboard')).toBe(true);
  });

  it('takes the remotes and their routes from the list of remotes, and adds its own /login', () => {
    expect(REMOTE_NAMES).toEqual(REMOTES.map((remote) => remote.name));
    expect(ROUTES.map((r) => r.path)).toEqual([
      '/login',
      ...REMOTES.flatMap((remote) => remote.routes.map((r) => r.path)),
    ]);
    for (const remote of REMOTES) {
      for (const { path } of remote.routes) expect(resolveRoute(path).owner).toBe(remote.name);
    }
  });

  it('sends a signed-in customer without wallets to a protected page of the home remote', () => {
    expect(resolveRoute(NOT_ACTIVATED_PATH)).toMatchObject({
      path: NOT_ACTIVATED_PATH,
      owner: HOME_ROUTE.owner,
      protected: true,
      layout: 'dashboard',
    });
  });

  it('matches() ignores a trailing slash', () => {
    expect(matches({ ...HOME_ROUTE, path: '/otp', match: 'exact' }, '/otp/')).toBe(true);
  });
});
