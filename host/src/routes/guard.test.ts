import { guardRedirect, hasSession } from './guard';

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
});
