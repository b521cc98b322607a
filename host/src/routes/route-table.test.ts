import { REMOTES } from '@ajo/tooling/remotes';
import {
  homeRoute,
  isOwnedBy,
  landmark,
  needsHostServices,
  resolveRoute,
  routeTable,
  setRouteDocument,
} from './route-table';
import { composeWorkspaceRoutes } from './test-document';

// The table composed from a document carrying the workspace's declarations (test-document.ts).
beforeEach(composeWorkspaceRoutes);

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
    expect(resolveRoute('/signup/extra')).toBe(homeRoute());
    expect(resolveRoute('/login/x')).toBe(homeRoute());
    expect(resolveRoute('/dashboard/unknown')).toBe(homeRoute());
    expect(resolveRoute('/dashboard/')).toMatchObject({ path: '/dashboard' });
  });

  it('matches prefix routes on sub-paths but not on look-alikes', () => {
    expect(resolveRoute('/register/step-2').path).toBe('/register');
    expect(resolveRoute('/registered')).toBe(homeRoute());
  });

  it('falls back to the home owner for / and unmatched paths, /terms-and-conditions included', () => {
    for (const path of ['/', '/nowhere', '/terms-and-conditions']) {
      expect(resolveRoute(path)).toBe(homeRoute());
      expect(isOwnedBy('public_pages', path)).toBe(true);
    }
  });

  it('protects exactly the routes the remotes declare signed-in, with the dashboard layout', () => {
    const declared = REMOTES.flatMap((remote) =>
      remote.routes.filter((r) => r.access === 'signed-in').map((r) => r.path),
    );
    // SPEC §2: the dashboard and settings routes, and the not-activated screen shown inside them.
    expect(declared.length).toBeGreaterThan(0);
    for (const path of declared)
      expect(path).toMatch(/^\/(dashboard|settings|not-activated)(\/|$)/);
    const protectedPaths = routeTable()
      .routes.filter((r) => r.protected)
      .map((r) => r.path);
    expect([...protectedPaths].sort()).toEqual([...declared].sort());
    expect(routeTable().routes.every((r) => r.protected === (r.layout === 'dashboard'))).toBe(true);
    expect(homeRoute().protected).toBe(false);
  });

  it('gives each path exactly one owner', () => {
    const owners = ['host', ...REMOTES.map((remote) => remote.name)];
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

  it('takes every route a remote declares from the document, and adds its own /login', () => {
    expect(
      routeTable()
        .routes.map((r) => r.path)
        .sort(),
    ).toEqual(['/login', ...REMOTES.flatMap((remote) => remote.routes.map((r) => r.path))].sort());
    for (const remote of REMOTES) {
      for (const { path } of remote.routes) expect(resolveRoute(path).owner).toBe(remote.name);
    }
  });

  it('finds the places it sends people by landmark, as the remotes declare them', () => {
    expect(landmark('signed-in-home')).toBe('/dashboard');
    expect(landmark('not-activated')).toBe('/not-activated');
    expect(landmark('sign-up')).toBe('/signup');
    expect(landmark('verify')).toBe('/verify');
    expect(resolveRoute(landmark('not-activated'))).toMatchObject({
      owner: homeRoute().owner,
      protected: true,
      layout: 'dashboard',
    });
  });

  it('ignores a trailing slash', () => {
    expect(resolveRoute('/otp/').path).toBe('/otp');
  });
});

describe('route table without a registry document', () => {
  afterEach(composeWorkspaceRoutes);

  it('knows only the shell’s own /login; the rest has no owner, and the landmarks fall to /', () => {
    setRouteDocument({ remotes: {} });
    expect(resolveRoute('/login').owner).toBe('host');
    expect(resolveRoute('/dashboard')).toBe(homeRoute());
    expect(homeRoute().owner).toBe('');
    expect(isOwnedBy('', '/dashboard')).toBe(false);
    expect(landmark('signed-in-home')).toBe('/');
    expect(routeTable().sidebar).toEqual([]);
  });
});
