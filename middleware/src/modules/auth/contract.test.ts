import { loginBody, resetSecurityPinBody, signupOtpBody } from './schemas.js';
import { signupBody } from '../users/schemas.js';
import { parseInput } from '../../validation.js';
import { loadSharedSchemas, type SharedSchemas } from './test-kit.js';

/*
 * The middleware repeats the request rules of @ajo/shared (it is compiled on its own). These tests
 * hold both to one contract: every payload is judged the same way, with the same message.
 */
const messageOf = (schema: Parameters<typeof parseInput>[0], value: unknown) => {
  try {
    parseInput(schema, value);
    return null;
  } catch (error) {
    return (error as Error).message;
  }
};
const sharedMessageOf = (
  schema: SharedSchemas[keyof SharedSchemas],
  value: unknown,
): string | null => {
  const result = schema.safeParse(value) as {
    success: boolean;
    error?: { issues: { message: string }[] };
  };
  return result.success ? null : (result.error?.issues[0]?.message ?? 'invalid');
};

describe('request rules shared with the web app', () => {
  let shared: SharedSchemas;
  beforeAll(async () => {
    shared = await loadSharedSchemas();
  });

  it.each([
    { phone_number: '2348012345678', security_pin: '4821', mac_address: 'web' },
    { phone_number: '2348012345678', security_pin: '482', mac_address: 'web' },
    { phone_number: '2348012345678', security_pin: '48a1', mac_address: 'web' },
    { phone_number: '08012345678', security_pin: '4821', mac_address: 'web' },
    { phone_number: '', security_pin: '4821', mac_address: 'web' },
  ])('login payload %j gets the same verdict and message', (payload) => {
    expect(messageOf(loginBody, payload)).toBe(sharedMessageOf(shared.loginPayloadSchema, payload));
  });

  it.each([
    { phone_number: '2348012345678', otp: '123456' },
    { phone_number: '2348012345678', otp: '' },
    { phone_number: '2348012345678', otp: '1234567' },
    { phone_number: '234801234567', otp: '123456' },
  ])('signup OTP payload %j gets the same verdict and message', (payload) => {
    expect(messageOf(signupOtpBody, payload)).toBe(
      sharedMessageOf(shared.signupOtpPayloadSchema, payload),
    );
  });

  it.each([
    { phone_number: '2348012345678', otp: '123456', security_pin: '1234' },
    { phone_number: '2348012345678', otp: '12345', security_pin: '1234' },
    { phone_number: '2348012345678', otp: '12345a', security_pin: '1234' },
    { phone_number: '2348012345678', otp: '123456', security_pin: '12345' },
  ])('security PIN reset payload %j gets the same verdict and message', (payload) => {
    expect(messageOf(resetSecurityPinBody, payload)).toBe(
      sharedMessageOf(shared.securityPinResetPayloadSchema, payload),
    );
  });

  const form = {
    gender: 'male',
    address: '1 Marina',
    state_id: 25,
    lga_id: 500,
    pin: '1234',
    confirm_pin: '1234',
  };
  it.each([
    form,
    { ...form, confirm_pin: '4321' },
    { ...form, pin: '12a4', confirm_pin: '12a4' },
    { ...form, gender: 'other' },
    { ...form, address: '   ' },
    { ...form, state_id: '' },
    { ...form, lga_id: '' },
    { ...form, email: 'not-an-email' },
    { ...form, email: '' },
    { ...form, referrer_code: '' },
  ])('signup form %j gets the same verdict and message', (payload) => {
    expect(messageOf(signupBody, payload)).toBe(sharedMessageOf(shared.signupFormSchema, payload));
  });
});
