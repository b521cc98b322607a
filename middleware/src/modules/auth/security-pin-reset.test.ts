import { INVALID_OTP } from '@ajo/shared/messages';
import * as shared from '@ajo/shared/schemas';
import { createTestApp, type TestApp } from '../../test-support/test-app.js';
import { encryptText } from '../../security/envelope-cipher.js';
import {
  FakeClock,
  encryptedCall,
  expectParses,
  latestOtp,
  latestSms,
  logIn,
  plainGet,
  signUp,
  signupForm,
  verifyPhone,
} from '../../test-support/auth-test-kit.js';
import { otherCodes, SecretChecks } from '../../test-support/secret-checks.js';

const phone = (n: number) => `23484${String(n).padStart(8, '0')}`;
const SENT = { message: 'If an account exists for this number, an OTP has been sent.' };
const wrongOtp = (otp: string) => String((Number(otp) + 1) % 1_000_000).padStart(6, '0');
const TOO_MANY_TRIES = 'Too many wrong attempts. Please request a new OTP.';

describe('security PIN reset: GET /api/auth/forgot, POST /api/reset-security-pin', () => {
  let t: TestApp;
  const clock = new FakeClock();
  beforeAll(async () => {
    t = await createTestApp({ RATE_LIMIT_MAX: '1000' }, { clock });
  });
  afterAll(() => t.close());

  const forgot = (p: string) => plainGet(t, `/api/auth/forgot?phone_number=${p}`);
  const reset = (body: unknown) => encryptedCall(t, 'POST', '/api/reset-security-pin', body);

  it('sends a reset code and sets the new PIN', async () => {
    const p = phone(1);
    await signUp(t, p);
    const asked = await forgot(p);
    expect(asked).toEqual({ status: 200, body: SENT });
    expectParses(shared.messageResponseSchema, asked.body);
    expect(await latestSms(t, p)).toMatch(
      /^Your Ajo Wallet security PIN reset code is \d{6}\. It expires in 10 minutes\. Do not share it with anyone\.$/,
    );
    const otp = await latestOtp(t, p);
    const done = await reset({ security_pin: '9090', phone_number: p, otp });
    expect(done).toEqual({
      status: 200,
      body: { message: 'Your security PIN has been reset. Please log in.' },
    });
    expectParses(shared.messageResponseSchema, done.body);
    expect((await logIn(t, p, '4821')).status).toBe(401);
    expect((await logIn(t, p, '9090')).status).toBe(200);
  });

  it('answers an unknown number the same way without sending anything', async () => {
    const p = phone(2);
    expect(await forgot(p)).toEqual({ status: 200, body: SENT });
    expect(await latestSms(t, p)).toBeUndefined();
    // Even the resend rule looks the same as for a real account.
    expect((await forgot(p)).status).toBe(429);
  });

  it('refuses a new code before 180 s', async () => {
    const p = phone(3);
    await signUp(t, p);
    await forgot(p);
    clock.advance(179);
    expect(await forgot(p)).toEqual({
      status: 429,
      body: { message: 'Please wait 1 seconds before requesting a new OTP.' },
    });
    clock.advance(1);
    expect((await forgot(p)).status).toBe(200);
  });

  it('lifts the sign-in lock', async () => {
    const p = phone(4);
    await signUp(t, p);
    for (let i = 0; i < 5; i++) await logIn(t, p, '0000');
    expect((await logIn(t, p, '4821')).status).toBe(429);
    await forgot(p);
    await reset({ security_pin: '5555', phone_number: p, otp: await latestOtp(t, p) });
    expect((await logIn(t, p, '5555')).status).toBe(200);
  });

  it('applies the OTP rules: wrong, 5 tries, expired, reuse, none issued', async () => {
    const p = phone(5);
    await signUp(t, p);
    await forgot(p);
    const otp = await latestOtp(t, p);
    const body = (code: string) => ({ security_pin: '1212', phone_number: p, otp: code });
    expect(await reset(body(wrongOtp(otp)))).toEqual({
      status: 401,
      body: { message: INVALID_OTP },
    });
    for (let i = 0; i < 4; i++) await reset(body(wrongOtp(otp)));
    expect((await reset(body(otp))).body.message).toBe(
      'Too many wrong attempts. Please request a new OTP.',
    );

    clock.advance(180);
    await forgot(p);
    const second = await latestOtp(t, p);
    clock.advance(10 * 60);
    expect((await reset(body(second))).body.message).toBe(
      'This OTP has expired. Please request a new one.',
    );

    await forgot(p);
    const third = await latestOtp(t, p);
    expect((await reset(body(third))).status).toBe(200);
    expect((await reset(body(third))).body.message).toBe(INVALID_OTP);
    expect((await reset({ ...body('123456'), phone_number: phone(6) })).status).toBe(401);
  });

  it('compares at most 5 of 100 parallel reset guesses; then not even the right code', async () => {
    const p = phone(9);
    await signUp(t, p);
    await forgot(p);
    const otp = await latestOtp(t, p);
    const body = (code: string) => ({ security_pin: '1212', phone_number: p, otp: code });
    const checks = new SecretChecks(t.app.secrets, 'verifyCode');
    try {
      const answers = await Promise.all(otherCodes(otp, 100).map((code) => reset(body(code))));
      expect(checks.compared.length).toBeGreaterThan(0);
      expect(checks.compared.length).toBeLessThanOrEqual(5);
      expect(answers.every((a) => a.status === 401)).toBe(true);

      const before = checks.compared.length;
      const again = await Promise.all(
        [otp, ...otherCodes(otp, 99)].map((code) => reset(body(code))),
      );
      expect(checks.compared.length).toBe(before);
      expect(again.map((a) => a.body.message)).toEqual(Array(100).fill(TOO_MANY_TRIES));
      expect((await logIn(t, p, '4821')).status).toBe(200);
    } finally {
      checks.restore();
    }
  });

  it('keeps sign-up and reset codes apart for the same registered phone', async () => {
    const p = phone(7);
    // A sign-up code verified, a second one sent before the account was created: it is still live.
    const token = await verifyPhone(t, p);
    clock.advance(180);
    expect((await plainGet(t, `/api/auth/get-otps?phone_number=${p}`)).status).toBe(200);
    const signupOtp = await latestOtp(t, p);
    const created = await encryptedCall(t, 'POST', '/api/users', signupForm(), {
      authorization: `Bearer ${token}`,
    });
    expect(created.status).toBe(200);
    expect((await forgot(p)).status).toBe(200);
    const resetOtp = await latestOtp(t, p);
    expect(await latestSms(t, p)).toMatch(/security PIN reset code/);

    // Each code is refused for the other purpose...
    expect(await reset({ security_pin: '1212', phone_number: p, otp: signupOtp })).toEqual({
      status: 401,
      body: { message: INVALID_OTP },
    });
    expect(await encryptedCall(t, 'POST', '/api/auth', { phone_number: p, otp: resetOtp })).toEqual(
      { status: 401, body: { message: INVALID_OTP } },
    );
    expect((await logIn(t, p, '4821')).status).toBe(200);
    // ...while both were live for their own.
    expect((await reset({ security_pin: '1212', phone_number: p, otp: resetOtp })).status).toBe(
      200,
    );
    const verified = await encryptedCall(t, 'POST', '/api/auth', {
      phone_number: p,
      otp: signupOtp,
    });
    expect(verified.status).toBe(200);
    expect((await logIn(t, p, '1212')).status).toBe(200);
  });

  it.each([
    [
      { phone_number: phone(8), otp: '12345', security_pin: '1234' },
      'OTP must be exactly 6 digits',
    ],
    [
      { phone_number: phone(8), otp: '12345a', security_pin: '1234' },
      'OTP must be exactly 6 digits',
    ],
    [{ phone_number: phone(8), security_pin: '1234' }, 'OTP must be exactly 6 digits'],
    [
      { phone_number: phone(8), otp: '123456', security_pin: '12345' },
      'Security PIN must be exactly 4 digits',
    ],
    [
      { phone_number: phone(8), otp: '123456', security_pin: 'abcd' },
      'Security PIN must be exactly 4 digits',
    ],
    [{ otp: '123456', security_pin: '1234' }, 'Phone number is required'],
    [{ phone_number: phone(8), otp: '123456', security_pin: '1234', x: 1 }, 'Unknown field: x'],
  ])('answers 400 (encrypted) for %j', async (body, message) => {
    expect(await reset(body)).toEqual({ status: 400, body: { message } });
  });

  it.each([
    ['/api/auth/forgot', 'Phone number is required'],
    ['/api/auth/forgot?phone_number=0801234567', 'Enter 0 followed by 10 digits, e.g. 08012345678'],
    [
      '/api/auth/forgot?phone_number=234801234567x',
      'Enter 0 followed by 10 digits, e.g. 08012345678',
    ],
  ])('answers 400 for %s', async (url, message) => {
    expect(await plainGet(t, url)).toEqual({ status: 400, body: { message } });
  });

  it('answers 400 Invalid request payload for a bad envelope', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/reset-security-pin',
      payload: { encrypted: encryptText('{}', 'wrong-secret-here') },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toHaveProperty('encrypted');
  });
});

describe('rate limits on the OTP and PIN routes', () => {
  let t: TestApp;
  const clock = new FakeClock();
  beforeAll(async () => {
    t = await createTestApp({ RATE_LIMIT_MAX: '1' }, { clock });
  });
  afterAll(() => t.close());

  it('limits OTP requests per phone number beyond the 180-s rule', async () => {
    const p = phone(20);
    for (let i = 0; i < 2; i++) {
      expect((await plainGet(t, `/api/auth/forgot?phone_number=${p}`)).status).toBe(200);
      clock.advance(181);
    }
    const limited = await plainGet(t, `/api/auth/forgot?phone_number=${p}`);
    expect(limited.status).toBe(429);
    expect(limited.body.message).toMatch(/^Too many attempts\. Please try again in/);
  });
});
