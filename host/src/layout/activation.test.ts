import { resolveRoute } from '../routes/route-table';
import { activationRedirect, isActivated } from './activation';
import { composeWorkspaceRoutes } from '../routes/test-document';

beforeEach(composeWorkspaceRoutes);

const wallet = {
  id: 1,
  name: 'Ajo Wallet',
  account_no: '1100012345',
  balance: 0,
  product_id: 1,
  account_status: 'active',
};
const activated = { wallets: [wallet] };
const notActivated = { wallets: [] };

describe('account activation (SPEC §4)', () => {
  it('counts a user as activated only with at least one wallet', () => {
    expect(isActivated(activated)).toBe(true);
    expect(isActivated(notActivated)).toBe(false);
    expect(isActivated({ wallets: undefined as never })).toBe(false);
  });

  it.each(['/dashboard', '/dashboard/payments/airtime', '/settings/delete-account'])(
    'sends a user with no wallets from %s to /not-activated',
    (path) => {
      expect(activationRedirect(resolveRoute(path), notActivated)).toBe('/not-activated');
    },
  );

  it('keeps a user with no wallets on /not-activated', () => {
    expect(activationRedirect(resolveRoute('/not-activated'), notActivated)).toBeNull();
  });

  it('sends an activated user from /not-activated to /dashboard', () => {
    expect(activationRedirect(resolveRoute('/not-activated'), activated)).toBe('/dashboard');
  });

  it('leaves activated users on protected pages and everyone on public pages', () => {
    expect(activationRedirect(resolveRoute('/dashboard'), activated)).toBeNull();
    expect(activationRedirect(resolveRoute('/verify'), notActivated)).toBeNull();
    expect(activationRedirect(resolveRoute('/'), notActivated)).toBeNull();
  });
});
