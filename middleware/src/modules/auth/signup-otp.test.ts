import { INVALID_OTP, OTP_RESENT } from '@ajo/shared/messages';
import * as shared from '@ajo/shared/schemas';
import { createTestApp, type TestApp } from '../../test-support/test-app.js';
import { encryptText } from '../../security/envelope-cipher.js';
import { otherCodes, SecretChecks } from '../../test-support/secret-checks.js';
import {
  FakeClock,
  encryptedCall,
  expectParses,
  latestOtp,
  latestSms,
  plainGet,
  signUp,
} from '../../test-support/auth-test-kit.js';

const phone = (n: number) => `23480${String(n).padStart(8, '0')}`;
const wrongOtp = (otp: string) => String((Number(otp) + 1) % 1_000_000).padStart(6, '0');
const TOO_MANY_TRIES = 'Too many wrong attempts. Please request a new OTP.';

describe('signup OTP: GET /api/auth, GET /api/auth/get-otps, POST /api/auth', () => {
  let t: TestApp;
  const clock = new FakeClock();
  beforeAll(async () => {
    t = await createTestApp({ RATE_LIMIT_MAX: '1000' }, { clock });
  });
  afterAll(() => t.close());
  const verify = (body: unknown) => encryptedCall(t, 'POST', '/api/auth', body);

  it('sends a 6-digit OTP by SMS and verifies it into a signup token', async () => {
    const p = phone(1);
    const started = await plainGet(t, `/api/auth?phone_number=${p}`);
    expect(started).toEqual({ status: 200, body: { message: 'OTP sent' } });
    expectParses(shared.messageResponseSchema, started.body);
    const sms = await latestSms(t, p);
    expect(sms).toMatch(
      /^Your Ajo Wallet verification code is \d{6}\. It expires in 10 minutes\. Do not share it with anyone\.$/,
    );
    const otp = await latestOtp(t, p);
    const verified = await verify({ phone_number: p, otp });
    expect(verified.status).toBe(200);
    expectParses(shared.signupVerifiedResponseSchema, verified.body);
    expect(verified.body.message).toBe('Phone number verified');
    const payload = JSON.parse(
      Buffer.from(String(verified.body.token).split('.')[1] ?? '', 'base64url').toString(),
    );
    expect(payload).toMatchObject({ scope: 'signup', phone: p });
    expect(payload.exp - payload.iat).toBe(30 * 60);
  });

  it('stores only a hash of the OTP', async () => {
    const p = phone(2);
    await plainGet(t, `/api/auth?phone_number=${p}`);
    const otp = await latestOtp(t, p);
    const rows = await t.database.db
      .selectFrom('otps')
      .selectAll()
      .where('phone_number', '=', p)
      .execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]?.hash).not.toContain(otp);
    expect(rows[0]?.expires_at.getTime()).toBe(clock.now().getTime() + 10 * 60 * 1000);
  });

  it('refuses a registered phone with 409', async () => {
    const p = phone(3);
    await signUp(t, p);
    for (const url of [`/api/auth?phone_number=${p}`, `/api/auth/get-otps?phone_number=${p}`]) {
      const res = await plainGet(t, url);
      expect(res).toEqual({
        status: 409,
        body: { message: 'An account with this phone number already exists. Please log in.' },
      });
    }
  });

  it('refuses a resend before 180 s with the seconds left, then sends a new OTP', async () => {
    const p = phone(4);
    await plainGet(t, `/api/auth?phone_number=${p}`);
    const first = await latestOtp(t, p);
    clock.advance(60.5);
    const early = await plainGet(t, `/api/auth/get-otps?phone_number=${p}`);
    expect(early).toEqual({
      status: 429,
      body: { message: 'Please wait 120 seconds before requesting a new OTP.' },
    });
    const again = await plainGet(t, `/api/auth?phone_number=${p}`);
    expect(again.status).toBe(429);
    clock.advance(120);
    const resent = await plainGet(t, `/api/auth/get-otps?phone_number=${p}`);
    expect(resent).toEqual({ status: 200, body: { message: OTP_RESENT } });
    const second = await latestOtp(t, p);
    if (second !== first) {
      // The previous OTP stops working once a new one is sent.
      expect((await verify({ phone_number: p, otp: first })).body.message).toBe(INVALID_OTP);
    }
    expect((await verify({ phone_number: p, otp: second })).status).toBe(200);
  });

  it('answers 401 Invalid OTP for a wrong code and kills the OTP after 5 wrong tries', async () => {
    const p = phone(5);
    await plainGet(t, `/api/auth?phone_number=${p}`);
    const otp = await latestOtp(t, p);
    for (let i = 0; i < 4; i++) {
      expect(await verify({ phone_number: p, otp: wrongOtp(otp) })).toEqual({
        status: 401,
        body: { message: INVALID_OTP },
      });
    }
    const fifth = await verify({ phone_number: p, otp: wrongOtp(otp) });
    expect(fifth).toEqual({
      status: 401,
      body: { message: 'Too many wrong attempts. Please request a new OTP.' },
    });
    const right = await verify({ phone_number: p, otp });
    expect(right.body.message).toBe('Too many wrong attempts. Please request a new OTP.');
  });

  it('still accepts the right code on the 5th try', async () => {
    const p = phone(6);
    await plainGet(t, `/api/auth?phone_number=${p}`);
    const otp = await latestOtp(t, p);
    for (let i = 0; i < 4; i++) await verify({ phone_number: p, otp: wrongOtp(otp) });
    expect((await verify({ phone_number: p, otp })).status).toBe(200);
  });

  it('compares at most 5 of 100 parallel guesses; then not even the right code', async () => {
    const p = phone(7);
    await plainGet(t, `/api/auth?phone_number=${p}`);
    const otp = await latestOtp(t, p);
    const checks = new SecretChecks(t.app.secrets, 'verifyCode');
    try {
      const answers = await Promise.all(
        otherCodes(otp, 100).map((code) => verify({ phone_number: p, otp: code })),
      );
      expect(checks.compared.length).toBeGreaterThan(0);
      expect(checks.compared.length).toBeLessThanOrEqual(5);
      expect(answers.every((a) => a.status === 401)).toBe(true);

      const before = checks.compared.length;
      const again = await Promise.all(
        [otp, ...otherCodes(otp, 99)].map((code) => verify({ phone_number: p, otp: code })),
      );
      expect(checks.compared.length).toBe(before);
      expect(again.map((a) => a.body.message)).toEqual(Array(100).fill(TOO_MANY_TRIES));
    } finally {
      checks.restore();
    }
  });

  it('gives a resent code 5 tries of its own, however many guesses arrive at once', async () => {
    const p = phone(14);
    await plainGet(t, `/api/auth?phone_number=${p}`);
    clock.advance(180);
    expect((await plainGet(t, `/api/auth/get-otps?phone_number=${p}`)).status).toBe(200);
    const otp = await latestOtp(t, p);
    const checks = new SecretChecks(t.app.secrets, 'verifyCode');
    try {
      const answers = await Promise.all(
        otherCodes(otp, 100).map((code) => verify({ phone_number: p, otp: code })),
      );
      expect(checks.compared.length).toBeGreaterThan(0);
      expect(checks.compared.length).toBeLessThanOrEqual(5);
      expect(answers.every((a) => a.status === 401)).toBe(true);
      expect((await verify({ phone_number: p, otp })).body.message).toBe(TOO_MANY_TRIES);
    } finally {
      checks.restore();
    }
  });

  it('answers 401 expired after 10 minutes', async () => {
    const p = phone(8);
    await plainGet(t, `/api/auth?phone_number=${p}`);
    const otp = await latestOtp(t, p);
    clock.advance(10 * 60);
    expect(await verify({ phone_number: p, otp })).toEqual({
      status: 401,
      body: { message: 'This OTP has expired. Please request a new one.' },
    });
  });

  it('accepts an OTP once: a second use is 401 like a wrong code', async () => {
    const p = phone(9);
    await plainGet(t, `/api/auth?phone_number=${p}`);
    const otp = await latestOtp(t, p);
    expect((await verify({ phone_number: p, otp })).status).toBe(200);
    expect(await verify({ phone_number: p, otp })).toEqual({
      status: 401,
      body: { message: INVALID_OTP },
    });
  });

  it('gives exactly one token when the same OTP is sent twice in parallel', async () => {
    const p = phone(10);
    await plainGet(t, `/api/auth?phone_number=${p}`);
    const otp = await latestOtp(t, p);
    const answers = await Promise.all([
      verify({ phone_number: p, otp }),
      verify({ phone_number: p, otp }),
    ]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 401]);
  });

  it('answers 401 when no OTP was issued for the phone', async () => {
    expect(await verify({ phone_number: phone(11), otp: '123456' })).toEqual({
      status: 401,
      body: { message: INVALID_OTP },
    });
  });

  it.each([
    ['a missing phone', '/api/auth', 'Phone number is required'],
    [
      'a local-form phone',
      '/api/auth?phone_number=08012345678',
      'Enter 0 followed by 10 digits, e.g. 08012345678',
    ],
    [
      'a short phone',
      '/api/auth?phone_number=23480123',
      'Enter 0 followed by 10 digits, e.g. 08012345678',
    ],
    [
      'letters',
      '/api/auth/get-otps?phone_number=234801234567a',
      'Enter 0 followed by 10 digits, e.g. 08012345678',
    ],
    ['an unknown field', '/api/auth?phone_number=2348012345678&x=1', 'Unknown field: x'],
  ])('answers 400 for %s', async (_case, url, message) => {
    const res = await plainGet(t, url);
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(message);
  });

  it.each([
    [{ phone_number: phone(12) }, 'OTP is required'],
    [{ phone_number: phone(12), otp: '' }, 'OTP is required'],
    [{ phone_number: phone(12), otp: '1234567' }, 'OTP must be at most 6 characters'],
    [{ otp: '123456' }, 'Phone number is required'],
    [{ phone_number: '2348012', otp: '123456' }, 'Enter 0 followed by 10 digits, e.g. 08012345678'],
    [{ phone_number: phone(12), otp: '123456', extra: true }, 'Unknown field: extra'],
  ])('answers 400 (encrypted) for %j', async (body, message) => {
    expect(await verify(body)).toEqual({ status: 400, body: { message } });
  });

  it('answers 400 Invalid request payload (encrypted) for a bad envelope', async () => {
    for (const payload of [
      { phone_number: phone(12), otp: '123456' },
      { encrypted: 'not-base64!' },
      { encrypted: encryptText('{}', 'another-secret') },
    ]) {
      const res = await t.app.inject({ method: 'POST', url: '/api/auth', payload });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toHaveProperty('encrypted');
    }
  });

  it('refuses the signup token as a user token', async () => {
    const p = phone(13);
    await plainGet(t, `/api/auth?phone_number=${p}`);
    const { body } = await verify({ phone_number: p, otp: await latestOtp(t, p) });
    expect(await t.app.tokens.verify(String(body.token))).toBeNull();
  });
});
