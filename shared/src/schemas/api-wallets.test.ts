import {
  bankToWalletResponseSchema,
  inboundTransferResponseSchema,
  transactionHistoryResponseSchema,
} from './api-wallets';

const row = {
  transaction_date: '2026-01-15T09:00:00.000Z',
  transaction_type: 'inter-inward',
  amount: 2500.5,
  narration: 'From ADA (GTBank)',
};

describe('wallet API response schemas', () => {
  it('reads a mini statement and an empty one', () => {
    expect(transactionHistoryResponseSchema.safeParse({ transactionHistory: [row] }).success).toBe(
      true,
    );
    expect(transactionHistoryResponseSchema.safeParse({ transactionHistory: [] }).success).toBe(
      true,
    );
  });

  it('refuses a history row without a date or with a negative amount', () => {
    const { transaction_date: _omit, ...noDate } = row;
    expect(
      transactionHistoryResponseSchema.safeParse({ transactionHistory: [noDate] }).success,
    ).toBe(false);
    expect(
      transactionHistoryResponseSchema.safeParse({ transactionHistory: [{ ...row, amount: -1 }] })
        .success,
    ).toBe(false);
  });

  it('needs a checkout link and a credited amount', () => {
    expect(bankToWalletResponseSchema.safeParse({ link: '/api/sandbox/checkout/x' }).success).toBe(
      true,
    );
    expect(bankToWalletResponseSchema.safeParse({ link: '' }).success).toBe(false);
    expect(inboundTransferResponseSchema.safeParse({ reference: 'r1', credited: 0 }).success).toBe(
      false,
    );
  });
});
