import { guardRedirect, hasSession, isVerificationRoute } from './guard';
import type { RouteDeclaration } from '@ajo/tooling/contributions';
import { setRouteDocument } from './route-table';
import { composeWorkspaceRoutes, workspaceDocument } from './test-document';

beforeEach(composeWorkspaceRoutes);

const store = (values: Record<string, string>) => ({ getItem: (k: string) => values[k] ?? null });

describe('route guard (SPEC §2)', () => {
  it('sends a protected route without stored tk and id to /login', () => {
    expect(guardRedirect('/dashboard', store({}))).toBe('/login');
    expect(guardRedirect('/settings/delete-account', store({ tk: 'x' }))).toBe('/login');
    expect(guardRedirect('/dashboard/payments/data', store({ id: '1' }))).toBe('/login');
  });

  it('lets a protected route through when both tk and id are stored', () => {
    expect(guardRedirect('/dashboard', store({ tk: 'x', id: '1' }))).toBeNull();
    expect(hasSession(store({ tk: 'x', id: '1' }))).toBe(true);
  });

  it('never redirects public routes', () => {
    for (const path of ['/', '/login', '/signup', '/faq', '/referral/abc', '/dashboard/unknown']) {
      expect(guardRedirect(path, store({}))).toBeNull();
    }
  });

  it('sends a signed-in customer on a sign-up step to /dashboard', () => {
    const signedIn = store({ tk: 'x', id: '1' });
    for (const path of ['/signup', '/otp', '/security-pin', '/register', '/register/details']) {
      expect(guardRedirect(path, signedIn)).toBe('/dashboard');
    }
  });

  it('sends /security-pin without a verified phone back to /signup', () => {
    expect(guardRedirect('/security-pin', store({}))).toBe('/signup');
    expect(guardRedirect('/security-pin', store({ tk: 'signup-token' }))).toBeNull();
  });

  it('leaves verification routes to the user check (a signed-in customer may not be activated yet)', () => {
    expect(guardRedirect('/onboarding', store({ tk: 'x', id: '1' }))).toBeNull();
    expect(isVerificationRoute('/onboarding')).toBe(true);
    expect(isVerificationRoute('/nin-verification-start')).toBe(true);
    expect(isVerificationRoute('/signup')).toBe(false);
  });
});

describe('route guard on what the remotes declare', () => {
  afterEach(composeWorkspaceRoutes);

  const onboardingWith = (routes: RouteDeclaration[]) => {
    const doc = workspaceDocument();
    doc.remotes.onboarding = {
      version: '2.0.0',
      manifest: '/remotes/onboarding/2.0.0/mf-manifest.json',
      contributes: { routes },
    };
    setRouteDocument(doc);
  };

  it('follows the landmarks, not names: sign-up moved to /join is where a step without a token goes', () => {
    onboardingWith([
      { path: '/join', label: 'Join', access: 'signed-out', landmark: 'sign-up' },
      { path: '/security-pin', label: 'Security PIN', access: 'sign-up-token' },
    ]);
    expect(guardRedirect('/security-pin', store({}))).toBe('/join');
    expect(guardRedirect('/join', store({ tk: 'x', id: '1' }))).toBe('/dashboard');
    // The old sign-up path is nobody's now: the home page, no redirect.
    expect(guardRedirect('/signup', store({ tk: 'x', id: '1' }))).toBeNull();
  });

  it('never redirects a page to itself, whatever a declaration says', () => {
    onboardingWith([
      {
        path: '/security-pin',
        label: 'Security PIN',
        access: 'sign-up-token',
        landmark: 'sign-up',
      },
    ]);
    expect(guardRedirect('/security-pin', store({}))).toBeNull();
  });
});
