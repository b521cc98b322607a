import {
  INVALID_BVN,
  NIN_INVALID,
  OTP_INVALID,
  OTP_REQUIRED,
  OTP_TOO_LONG,
  SECURITY_PIN_INVALID,
  TRANSACTION_PIN_INVALID,
} from '../messages/validation';
import {
  bvnSchema,
  ninSchema,
  resetOtpSchema,
  securityPinSchema,
  signupOtpSchema,
  transactionPinSchema,
  twoFactorOtpSchema,
} from './codes';
import { firstMessage } from './test-helpers';

describe('securityPinSchema (4 digits)', () => {
  it('accepts exactly 4 digits', () => {
    expect(securityPinSchema.parse('1234')).toBe('1234');
  });
  it.each(['123', '12345', '12a4', '', ' 1234'])('rejects %p', (value) => {
    expect(firstMessage(securityPinSchema, value)).toBe(SECURITY_PIN_INVALID);
  });
});

describe('transactionPinSchema (6 digits)', () => {
  it('accepts exactly 6 digits', () => {
    expect(transactionPinSchema.parse('123456')).toBe('123456');
  });
  it.each(['12345', '1234567', '12345a', ''])('rejects %p', (value) => {
    expect(firstMessage(transactionPinSchema, value)).toBe(TRANSACTION_PIN_INVALID);
  });
});

describe('signupOtpSchema (required, max 6, the 6 digits sent)', () => {
  it('accepts the 6 digits', () => {
    expect(signupOtpSchema.parse('012345')).toBe('012345');
  });
  it('refuses letters and short codes before they can spend a try', () => {
    expect(firstMessage(signupOtpSchema, 'A1B2C3')).toBe(OTP_INVALID);
    expect(firstMessage(signupOtpSchema, '123')).toBe(OTP_INVALID);
    expect(firstMessage(signupOtpSchema, '12 456')).toBe(OTP_INVALID);
  });
  it('requires a value', () => {
    expect(firstMessage(signupOtpSchema, '')).toBe(OTP_REQUIRED);
  });
  it('rejects a 7th character', () => {
    expect(firstMessage(signupOtpSchema, '1234567')).toBe(OTP_TOO_LONG);
  });
});

describe('resetOtpSchema (6 digits)', () => {
  it('accepts 6 digits', () => {
    expect(resetOtpSchema.parse('000123')).toBe('000123');
  });
  it.each(['12345', '1234567', 'abcdef'])('rejects %p', (value) => {
    expect(firstMessage(resetOtpSchema, value)).toBe(OTP_INVALID);
  });
});

describe('twoFactorOtpSchema (6 digits, trimmed)', () => {
  it('trims spaces before checking and returns the trimmed code', () => {
    expect(twoFactorOtpSchema.parse(' 123456 ')).toBe('123456');
  });
  it('rejects a code that is not 6 digits once trimmed', () => {
    expect(firstMessage(twoFactorOtpSchema, ' 12345 ')).toBe(OTP_INVALID);
  });
});

describe('ninSchema (11 digits)', () => {
  it('accepts 11 digits', () => {
    expect(ninSchema.parse('12345678901')).toBe('12345678901');
  });
  it.each(['1234567890', '123456789012', '1234567890a'])('rejects %p', (value) => {
    expect(firstMessage(ninSchema, value)).toBe(NIN_INVALID);
  });
});

describe('bvnSchema (11 digits)', () => {
  it('accepts 11 digits', () => {
    expect(bvnSchema.parse('22212345678')).toBe('22212345678');
  });
  it.each(['', '2221234567', '222123456789', '2221234567x'])(
    'rejects %p with the SPEC message',
    (value) => {
      expect(firstMessage(bvnSchema, value)).toBe(
        'invalid bvn. Should be a string of eleven digits',
      );
      expect(INVALID_BVN).toBe('invalid bvn. Should be a string of eleven digits');
    },
  );
});
