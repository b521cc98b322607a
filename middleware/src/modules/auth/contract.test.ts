import {
  ADDRESS_REQUIRED,
  EMAIL_INVALID,
  GENDER_REQUIRED,
  LGA_REQUIRED,
  OTP_INVALID,
  OTP_REQUIRED,
  OTP_TOO_LONG,
  PHONE_INVALID,
  PHONE_REQUIRED,
  SECURITY_PINS_DO_NOT_MATCH,
  SECURITY_PIN_INVALID,
  STATE_REQUIRED,
} from '@ajo/shared/messages';
import {
  loginPayloadSchema,
  securityPinResetPayloadSchema,
  signupFormSchema,
  signupOtpPayloadSchema,
} from '@ajo/shared/schemas';
import { createTestApp, type TestApp } from '../../test-support/test-app.js';
import {
  FakeClock,
  encryptedCall,
  signupForm,
  verifyPhone,
} from '../../test-support/auth-test-kit.js';

/*
 * docs/conventions.md §3: the routes judge a payload with the web app's own schemas, so a bad field
 * gets the SPEC §5 message the form shows, word for word. Each case names the message it expects
 * and checks the shared schema gives that same first message.
 */
interface Parser {
  safeParse(value: unknown): { success: boolean; error?: { issues: { message: string }[] } };
}
const firstSharedMessage = (schema: Parser, value: unknown) =>
  schema.safeParse(value).error?.issues[0]?.message;

const phone = (n: number) => `23489${String(n).padStart(8, '0')}`;

describe('routes answer bad input with the shared messages', () => {
  let t: TestApp;
  const clock = new FakeClock();
  beforeAll(async () => {
    t = await createTestApp({ RATE_LIMIT_MAX: '1000' }, { clock });
  });
  afterAll(() => t.close());

  const login = { phone_number: phone(1), security_pin: '4821', mac_address: 'web' };
  it.each([
    [{ ...login, security_pin: '482' }, SECURITY_PIN_INVALID],
    [{ ...login, security_pin: '48a1' }, SECURITY_PIN_INVALID],
    [{ ...login, phone_number: '08012345678' }, PHONE_INVALID],
    [{ ...login, phone_number: undefined }, PHONE_REQUIRED],
  ])('POST /api/login %j answers 400 %s', async (body, message) => {
    expect(firstSharedMessage(loginPayloadSchema, body)).toBe(message);
    expect(await encryptedCall(t, 'POST', '/api/login', body)).toEqual({
      status: 400,
      body: { message },
    });
  });

  it.each([
    [{ phone_number: phone(2), otp: '' }, OTP_REQUIRED],
    [{ phone_number: phone(2), otp: '1234567' }, OTP_TOO_LONG],
    [{ phone_number: phone(2), otp: 'ABC123' }, OTP_INVALID],
    [{ phone_number: phone(2), otp: '123' }, OTP_INVALID],
    [{ phone_number: '234801234567', otp: '123456' }, PHONE_INVALID],
  ])('POST /api/auth %j answers 400 %s', async (body, message) => {
    expect(firstSharedMessage(signupOtpPayloadSchema, body)).toBe(message);
    expect(await encryptedCall(t, 'POST', '/api/auth', body)).toEqual({
      status: 400,
      body: { message },
    });
  });

  const reset = { phone_number: phone(3), otp: '123456', security_pin: '1234' };
  it.each([
    [{ ...reset, otp: '12345' }, OTP_INVALID],
    [{ ...reset, otp: '12345a' }, OTP_INVALID],
    [{ ...reset, security_pin: '12345' }, SECURITY_PIN_INVALID],
  ])('POST /api/reset-security-pin %j answers 400 %s', async (body, message) => {
    expect(firstSharedMessage(securityPinResetPayloadSchema, body)).toBe(message);
    expect(await encryptedCall(t, 'POST', '/api/reset-security-pin', body)).toEqual({
      status: 400,
      body: { message },
    });
  });

  it('POST /api/users answers each bad signup field with the form message', async () => {
    const token = await verifyPhone(t, phone(4));
    const cases: [Record<string, unknown>, string][] = [
      [signupForm({ confirm_pin: '4321' }), SECURITY_PINS_DO_NOT_MATCH],
      [signupForm({ pin: '12a4', confirm_pin: '12a4' }), SECURITY_PIN_INVALID],
      [signupForm({ gender: 'other' }), GENDER_REQUIRED],
      [signupForm({ address: '   ' }), ADDRESS_REQUIRED],
      [signupForm({ state_id: '' }), STATE_REQUIRED],
      [signupForm({ lga_id: '' }), LGA_REQUIRED],
      [signupForm({ email: 'not-an-email' }), EMAIL_INVALID],
    ];
    for (const [body, message] of cases) {
      expect(firstSharedMessage(signupFormSchema, body)).toBe(message);
      expect(
        await encryptedCall(t, 'POST', '/api/users', body, { authorization: `Bearer ${token}` }),
      ).toEqual({ status: 400, body: { message } });
    }
  });
});
