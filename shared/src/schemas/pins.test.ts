import { OTP_INVALID, TRANSACTION_PIN_INVALID } from '../messages/validation';
import {
  confirmStepSchema,
  transactionPinPairSchema,
  transactionPinResetFormSchema,
  transactionPinResetPayloadSchema,
  twoFactorOtpFormSchema,
} from './pins';
import { firstMessage } from './test-helpers';

describe('transactionPinPairSchema', () => {
  it('accepts two equal 6-digit PINs', () => {
    const ok = { transaction_pin: '123456', confirm_transaction_pin: '123456' };
    expect(transactionPinPairSchema.safeParse(ok).success).toBe(true);
  });
  it("reports 'Transaction PIN mismatch!' on the confirmation", () => {
    const input = { transaction_pin: '123456', confirm_transaction_pin: '123457' };
    expect(firstMessage(transactionPinPairSchema, input, 'confirm_transaction_pin')).toBe(
      'Transaction PIN mismatch!',
    );
  });
  it('rejects a 4-digit transaction PIN', () => {
    const input = { transaction_pin: '1234', confirm_transaction_pin: '1234' };
    expect(firstMessage(transactionPinPairSchema, input, 'transaction_pin')).toBe(
      TRANSACTION_PIN_INVALID,
    );
  });
});

describe('transaction PIN reset', () => {
  const form = { otp: '123456', transaction_pin: '654321', confirm_transaction_pin: '654321' };
  it('form needs a 6-digit OTP and matching PINs', () => {
    expect(transactionPinResetFormSchema.safeParse(form).success).toBe(true);
    expect(firstMessage(transactionPinResetFormSchema, { ...form, otp: '1' }, 'otp')).toBe(
      OTP_INVALID,
    );
    expect(
      firstMessage(
        transactionPinResetFormSchema,
        { ...form, confirm_transaction_pin: '1' },
        'confirm_transaction_pin',
      ),
    ).toBe('Transaction PIN mismatch!');
  });
  it('payload adds the 234 phone form', () => {
    expect(
      transactionPinResetPayloadSchema.safeParse({ ...form, phone_number: '2348012345678' })
        .success,
    ).toBe(true);
    expect(
      transactionPinResetPayloadSchema.safeParse({ ...form, phone_number: '08012345678' }).success,
    ).toBe(false);
  });
});

describe('confirm and authenticate steps', () => {
  it('confirm step needs exactly 6 digits', () => {
    expect(confirmStepSchema.safeParse({ transaction_pin: '123456' }).success).toBe(true);
    expect(firstMessage(confirmStepSchema, { transaction_pin: '12345' }, 'transaction_pin')).toBe(
      TRANSACTION_PIN_INVALID,
    );
  });
  it('authenticate step trims the OTP', () => {
    expect(twoFactorOtpFormSchema.parse({ otp: '123456 ' })).toEqual({ otp: '123456' });
  });
});
