import {
  ACCOUNT_NUMBER_INVALID,
  ACCOUNT_NUMBER_REQUIRED,
  AMOUNT_DECIMALS,
  AMOUNT_INVALID,
  AMOUNT_POSITIVE,
  AMOUNT_REQUIRED,
  AMOUNT_TOO_LONG,
  COMMISSION_WALLET_NOT_ALLOWED,
  METER_NUMBER_REQUIRED,
  METER_NUMBER_TOO_LONG,
  NARRATION_TOO_LONG,
  SOURCE_WALLET_REQUIRED,
  WALLET_NUMBER_INVALID,
  WALLET_NUMBER_REQUIRED,
  WALLET_REQUIRED,
} from '../messages/validation';
import {
  amountSchema,
  amountToNumberSchema,
  amountValueSchema,
  fundedWalletNumberSchema,
  meterNumberSchema,
  narrationSchema,
  nubanSchema,
  sourceWalletNumberSchema,
  sourceWalletSchema,
  walletNumberSchema,
} from './money';
import { firstMessage, messagesOf } from './test-helpers';

describe('amountSchema (SPEC §5: numeric, > 0, step 0.01, max 10 characters)', () => {
  it.each(['1', '0.01', '1500.5', '1234567.89', '9999999999'])('accepts %p', (value) => {
    expect(amountSchema.parse(value)).toBe(value);
  });

  it('requires a value', () => {
    expect(firstMessage(amountSchema, '')).toBe(AMOUNT_REQUIRED);
  });

  it.each(['abc', '1,000', '1e3', '.'])('rejects non-numeric %p', (value) => {
    expect(firstMessage(amountSchema, value)).toBe(AMOUNT_INVALID);
  });

  it.each(['0', '0.00', '-5'])('rejects %p as not above 0', (value) => {
    expect(firstMessage(amountSchema, value)).toBe(AMOUNT_POSITIVE);
  });

  it('rejects a third decimal (step 0.01)', () => {
    expect(firstMessage(amountSchema, '10.005')).toBe(AMOUNT_DECIMALS);
  });

  it('rejects an 11th character', () => {
    expect(firstMessage(amountSchema, '12345678901')).toBe(AMOUNT_TOO_LONG);
    expect(firstMessage(amountSchema, '1234567.891')).toBe(AMOUNT_DECIMALS);
    expect(firstMessage(amountSchema, '12345678.90')).toBe(AMOUNT_TOO_LONG);
  });

  it('shows one message at a time', () => {
    expect(messagesOf(amountSchema, '-0.001')['']).toHaveLength(1);
  });

  it('amountToNumberSchema outputs the number the API receives', () => {
    expect(amountToNumberSchema.parse('1500.50')).toBe(1500.5);
  });
});

describe('amountValueSchema (amount sent as a number)', () => {
  it('accepts a positive number with up to 2 decimals', () => {
    expect(amountValueSchema.parse(0.29)).toBe(0.29);
    expect(amountValueSchema.parse(1000)).toBe(1000);
  });
  it('rejects zero, negatives, 3 decimals and non-finite values', () => {
    expect(firstMessage(amountValueSchema, 0)).toBe(AMOUNT_POSITIVE);
    expect(firstMessage(amountValueSchema, -1)).toBe(AMOUNT_POSITIVE);
    expect(firstMessage(amountValueSchema, 1.001)).toBe(AMOUNT_DECIMALS);
    expect(firstMessage(amountValueSchema, Number.POSITIVE_INFINITY)).toBe(AMOUNT_INVALID);
    expect(firstMessage(amountValueSchema, '5')).toBe(AMOUNT_INVALID);
  });
  it('accepts what a 2-decimal amount becomes as a number (0.1 + 0.2 is not one)', () => {
    for (const text of ['0.3', '1.15', '0.07', '1234567.89', '9999999999'])
      expect(amountValueSchema.parse(Number(text))).toBe(Number(text));
  });
  it.each([0.1 + 0.2, 0.30000000000000004, 1e-9, 5e-324, 10.000000001, 1e-7])(
    'rejects float noise and tiny values %p as more than 2 decimals',
    (value) => {
      expect(firstMessage(amountValueSchema, value)).toBe(AMOUNT_DECIMALS);
    },
  );
  it('rejects more than the 10-character field can hold', () => {
    expect(firstMessage(amountValueSchema, 10_000_000_000)).toBe(AMOUNT_TOO_LONG);
    expect(firstMessage(amountValueSchema, 1e21)).toBe(AMOUNT_TOO_LONG);
    expect(firstMessage(amountValueSchema, 1e308)).toBe(AMOUNT_TOO_LONG);
  });
});

describe('narrationSchema (optional, max 30)', () => {
  it('is optional and accepts 30 characters', () => {
    expect(narrationSchema.safeParse(undefined).success).toBe(true);
    expect(narrationSchema.safeParse('').success).toBe(true);
    expect(narrationSchema.safeParse('x'.repeat(30)).success).toBe(true);
  });
  it('rejects 31 characters', () => {
    expect(firstMessage(narrationSchema, 'x'.repeat(31))).toBe(NARRATION_TOO_LONG);
  });
});

describe('walletNumberSchema (required, max 12, numbers only)', () => {
  it('accepts up to 12 digits', () => {
    expect(walletNumberSchema.parse('123456789012')).toBe('123456789012');
  });
  it('requires a value', () => {
    expect(firstMessage(walletNumberSchema, '')).toBe(WALLET_NUMBER_REQUIRED);
  });
  it.each(['1234567890123', '12345abc'])('rejects %p', (value) => {
    expect(firstMessage(walletNumberSchema, value)).toBe(WALLET_NUMBER_INVALID);
  });
});

describe('nubanSchema (required, 10 digits)', () => {
  it('accepts 10 digits', () => {
    expect(nubanSchema.parse('0123456785')).toBe('0123456785');
  });
  it('requires a value', () => {
    expect(firstMessage(nubanSchema, '')).toBe(ACCOUNT_NUMBER_REQUIRED);
  });
  it.each(['012345678', '01234567850', '012345678x'])('rejects %p', (value) => {
    expect(firstMessage(nubanSchema, value)).toBe(ACCOUNT_NUMBER_INVALID);
  });
});

describe('meterNumberSchema (required, max 20)', () => {
  it('accepts 20 characters', () => {
    expect(meterNumberSchema.safeParse('1'.repeat(20)).success).toBe(true);
  });
  it('requires a value and rejects 21 characters', () => {
    expect(firstMessage(meterNumberSchema, '')).toBe(METER_NUMBER_REQUIRED);
    expect(firstMessage(meterNumberSchema, '1'.repeat(21))).toBe(METER_NUMBER_TOO_LONG);
  });
});

describe('sourceWalletSchema (SPEC §5: product_id 4 excluded)', () => {
  it('accepts an ordinary wallet', () => {
    expect(sourceWalletSchema.safeParse({ account_no: '1100000001', product_id: 1 }).success).toBe(
      true,
    );
  });
  it("says 'Source wallet required' without one", () => {
    expect(firstMessage(sourceWalletNumberSchema, '  ')).toBe(SOURCE_WALLET_REQUIRED);
    expect(firstMessage(sourceWalletSchema, { account_no: '', product_id: 1 }, 'account_no')).toBe(
      SOURCE_WALLET_REQUIRED,
    );
  });
  it('asks for the wallet to fund (bank-to-wallet) in its own words', () => {
    expect(firstMessage(fundedWalletNumberSchema, '')).toBe(WALLET_REQUIRED);
  });
  it('rejects the commission wallet', () => {
    expect(
      firstMessage(sourceWalletSchema, { account_no: '1100000002', product_id: 4 }, 'product_id'),
    ).toBe(COMMISSION_WALLET_NOT_ALLOWED);
  });
});
