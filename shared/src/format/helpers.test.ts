import type { Wallet } from '../entities';
import { parseBankOptionValue, sortBanksByName, toBankOptionValue } from './banks';
import { fullName, initials } from './names';
import { ninStatusBadge } from './nin-status';
import {
  isCommissionWallet,
  isWalletBlocked,
  transferSourceWallets,
  walletStatusTone,
} from './wallets';

describe('initials and fullName', () => {
  it('takes the first letter of first and last name, upper-cased', () => {
    expect(initials('ada', 'obi')).toBe('AO');
  });
  it('copes with missing names', () => {
    expect(initials(null, 'Obi')).toBe('O');
    expect(initials(undefined, undefined)).toBe('');
    expect(fullName('Ada', null)).toBe('Ada');
    expect(fullName(' Ada ', 'Obi')).toBe('Ada Obi');
  });
});

describe('bank options (SPEC §3)', () => {
  it('joins code and name with ***', () => {
    expect(toBankOptionValue({ code: '058', name: 'GTBank' })).toBe('058***GTBank');
  });
  it('parses an option value back, splitting on the first separator', () => {
    expect(parseBankOptionValue('058***GTBank')).toEqual({ code: '058', name: 'GTBank' });
    expect(parseBankOptionValue('999***A***B')).toEqual({ code: '999', name: 'A***B' });
  });
  it('returns null for a value without both parts', () => {
    expect(parseBankOptionValue('')).toBeNull();
    expect(parseBankOptionValue('058')).toBeNull();
    expect(parseBankOptionValue('***GTBank')).toBeNull();
    expect(parseBankOptionValue('058***')).toBeNull();
  });
  it('sorts by name case-insensitively without mutating the input', () => {
    const banks = [
      { code: '1', name: 'zenith' },
      { code: '2', name: 'Access' },
      { code: '3', name: 'kuda' },
    ];
    expect(sortBanksByName(banks).map((b) => b.name)).toEqual(['Access', 'kuda', 'zenith']);
    expect(banks[0]?.name).toBe('zenith');
  });
});

describe('wallet helpers', () => {
  const wallet = (product_id: number, account_status = 'active'): Wallet => ({
    id: product_id,
    name: `W${product_id}`,
    account_no: `110000000${product_id}`,
    balance: 0,
    product_id,
    account_status,
  });
  it('excludes the commission wallet (product_id 4) from transfer sources', () => {
    const wallets = [wallet(1), wallet(4), wallet(2)];
    expect(transferSourceWallets(wallets).map((w) => w.product_id)).toEqual([1, 2]);
    expect(isCommissionWallet(wallet(4))).toBe(true);
  });
  it('shows a blocked wallet in red', () => {
    expect(isWalletBlocked(wallet(1, 'BLOCKED'))).toBe(true);
    expect(walletStatusTone(wallet(1, 'blocked'))).toBe('danger');
    expect(walletStatusTone(wallet(1))).toBe('primary');
  });
});

describe('ninStatusBadge (SPEC §4)', () => {
  it.each([
    ['pending', 'Pending', 'muted'],
    ['processing', 'Processing', 'info'],
    ['approved', 'Approved', 'primary'],
    ['declined', 'Declined', 'danger'],
  ] as const)('%s shows %s in %s', (status, label, tone) => {
    expect(ninStatusBadge({ nin: '12345678901', nin_verification_status: status })).toEqual({
      label,
      tone,
    });
  });
  it('counts no status with a NIN as approved', () => {
    expect(ninStatusBadge({ nin: '12345678901', nin_verification_status: null }).label).toBe(
      'Approved',
    );
  });
  it('shows Not Submitted (warning) with no status and no NIN', () => {
    expect(ninStatusBadge({ nin: null, nin_verification_status: null })).toEqual({
      label: 'Not Submitted',
      tone: 'warning',
    });
  });
});
