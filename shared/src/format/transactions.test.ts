import { isCreditTransaction, transactionTypeLabel, transactionTypeTone } from './transactions';

describe('transactionTypeLabel (SPEC §9)', () => {
  it.each([
    ['intra-inward', 'Ajo Transfer (Credit)'],
    ['intra-outward', 'Ajo Transfer (Debit)'],
    ['inter-outward', 'Bank Transfer (Debit)'],
    ['inter-inward', 'Bank Transfer (Credit)'],
    ['card-top-up-inward', 'Card Top-up (Credit)'],
    ['reward-inward', 'Referral Reward (Credit)'],
    ['reversal-inward', 'Reversal (Credit)'],
    ['reversal-outward', 'Reversal (Debit)'],
  ])('labels %s as %s', (type, label) => {
    expect(transactionTypeLabel(type, 'Ajo')).toBe(label);
  });
  it('matches regardless of case', () => {
    expect(transactionTypeLabel('INTER-INWARD', 'Ajo')).toBe('Bank Transfer (Credit)');
  });
  it('shows other types raw', () => {
    expect(transactionTypeLabel('airtime', 'Ajo')).toBe('airtime');
    expect(transactionTypeLabel('credit', 'Ajo')).toBe('credit');
  });
});

describe('transactionTypeTone (SPEC §9)', () => {
  it.each([
    'credit',
    'inter-inward',
    'intra-inward',
    'Credit',
    'card-top-up-inward',
    'reward-inward',
    'reversal-inward',
    'cashback-inward',
  ])('%s uses the primary colour', (type) => {
    expect(transactionTypeTone(type)).toBe('primary');
    expect(isCreditTransaction(type)).toBe(true);
  });
  it.each(['debit', 'inter-outward', 'intra-outward', 'airtime', 'reversal-outward'])(
    '%s is red',
    (type) => {
      expect(transactionTypeTone(type)).toBe('danger');
    },
  );
});
