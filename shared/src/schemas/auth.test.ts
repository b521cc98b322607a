import { PHONE_INVALID, SECURITY_PIN_INVALID, TERMS_REQUIRED } from '../messages/validation';
import {
  loginFormSchema,
  loginPayloadSchema,
  securityPinPairSchema,
  securityPinResetFormSchema,
  securityPinResetPayloadSchema,
  securityPinResetRequestSchema,
  signupOtpFormSchema,
  signupOtpPayloadSchema,
  signupPhoneFormSchema,
} from './auth';
import { z } from './index';
import { firstMessage } from './test-helpers';

it('configures zod jitless so no schema needs eval under the CSP', () => {
  expect(z.config().jitless).toBe(true);
});

describe('loginFormSchema', () => {
  it('accepts a local phone and a 4-digit PIN', () => {
    expect(loginFormSchema.parse({ phone_number: '08012345678', security_pin: '1234' })).toEqual({
      phone_number: '08012345678',
      security_pin: '1234',
    });
  });
  it('reports each field', () => {
    const input = { phone_number: '0801', security_pin: '12' };
    expect(firstMessage(loginFormSchema, input, 'phone_number')).toBe(PHONE_INVALID);
    expect(firstMessage(loginFormSchema, input, 'security_pin')).toBe(SECURITY_PIN_INVALID);
  });
});

describe('loginPayloadSchema (SPEC §7 POST /login)', () => {
  it('needs the 234 form and mac_address web', () => {
    const ok = { phone_number: '2348012345678', security_pin: '1234', mac_address: 'web' };
    expect(loginPayloadSchema.safeParse(ok).success).toBe(true);
    expect(loginPayloadSchema.safeParse({ ...ok, mac_address: 'ios' }).success).toBe(false);
  });
  it('drops unknown fields (allow-list)', () => {
    const parsed = loginPayloadSchema.parse({
      phone_number: '2348012345678',
      security_pin: '1234',
      mac_address: 'web',
      is_admin: true,
    });
    expect(parsed).not.toHaveProperty('is_admin');
  });
});

describe('signupPhoneFormSchema', () => {
  it('requires the terms checkbox', () => {
    expect(
      firstMessage(signupPhoneFormSchema, { phone_number: '08012345678', terms: false }, 'terms'),
    ).toBe(TERMS_REQUIRED);
    expect(
      signupPhoneFormSchema.safeParse({ phone_number: '08012345678', terms: true }).success,
    ).toBe(true);
  });
});

describe('signup OTP', () => {
  it('form accepts a 6-character OTP', () => {
    expect(signupOtpFormSchema.safeParse({ otp: '123456' }).success).toBe(true);
  });
  it('payload needs the 234 phone form', () => {
    expect(
      signupOtpPayloadSchema.safeParse({ phone_number: '08012345678', otp: '123456' }).success,
    ).toBe(false);
  });
});

describe('securityPinPairSchema', () => {
  it('accepts matching PINs', () => {
    expect(securityPinPairSchema.safeParse({ pin: '1234', confirm_pin: '1234' }).success).toBe(
      true,
    );
  });
  it("reports 'Security PINs do not match!' on confirm_pin", () => {
    expect(
      firstMessage(securityPinPairSchema, { pin: '1234', confirm_pin: '4321' }, 'confirm_pin'),
    ).toBe('Security PINs do not match!');
  });
});

describe('security PIN reset', () => {
  it('request step needs a valid phone', () => {
    expect(
      firstMessage(securityPinResetRequestSchema, { phone_number: '' }, 'phone_number'),
    ).toBeDefined();
  });
  it('submit step needs a 6-digit OTP and a 4-digit PIN', () => {
    expect(
      securityPinResetFormSchema.safeParse({ otp: '123456', security_pin: '1234' }).success,
    ).toBe(true);
    expect(
      securityPinResetFormSchema.safeParse({ otp: '12345', security_pin: '1234' }).success,
    ).toBe(false);
    expect(
      securityPinResetFormSchema.safeParse({ otp: '123456', security_pin: '12345' }).success,
    ).toBe(false);
  });
  it('payload needs the 234 phone form', () => {
    const ok = { security_pin: '1234', phone_number: '2348012345678', otp: '123456' };
    expect(securityPinResetPayloadSchema.safeParse(ok).success).toBe(true);
    expect(
      securityPinResetPayloadSchema.safeParse({ ...ok, phone_number: '08012345678' }).success,
    ).toBe(false);
  });
});
