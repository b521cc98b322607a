import * as shared from '@ajo/shared/schemas';
import { createTestApp, type TestApp } from '../../test-support/test-app.js';
import { encryptText } from '../../security/envelope-cipher.js';
import { hashingBusy } from '../../security/secret-hash-pool.js';
import { SecretChecks } from '../../test-support/secret-checks.js';
import {
  FakeClock,
  encryptedCall,
  expectParses,
  logIn,
  signUp,
} from '../../test-support/auth-test-kit.js';

const phone = (n: number) => `23482${String(n).padStart(8, '0')}`;
const INVALID = { message: 'Invalid phone number or security PIN.' };
const locked = (minutes: number) => ({
  message: `Too many failed sign-in attempts. Try again in ${minutes} minutes or reset your security PIN.`,
});

describe('POST /api/login', () => {
  let t: TestApp;
  const clock = new FakeClock();
  beforeAll(async () => {
    t = await createTestApp({ RATE_LIMIT_MAX: '1000' }, { clock });
  });
  afterAll(() => t.close());

  it('signs in with the right PIN: a user token and the user summary', async () => {
    const p = phone(1);
    await signUp(t, p);
    const res = await logIn(t, p, '4821');
    expect(res.status).toBe(200);
    expectParses(shared.loginResponseSchema, res.body);
    const user = res.body.user as { id: string };
    expect(res.body.user).toEqual({ id: user.id, is_verified: false, mifos_client_id: null });
    expect(await t.app.tokens.verify(String(res.body.token))).toBe(user.id);
  });

  it('answers an unknown phone and a wrong PIN with the same 401', async () => {
    const p = phone(2);
    await signUp(t, p);
    const wrongPin = await logIn(t, p, '0000');
    const unknown = await logIn(t, phone(3), '4821');
    expect(wrongPin).toEqual({ status: 401, body: INVALID });
    expect(unknown).toEqual({ status: 401, body: INVALID });
  });

  it('locks sign-in for 15 minutes at the 5th failure, even for the right PIN', async () => {
    const p = phone(4);
    await signUp(t, p);
    for (let i = 0; i < 4; i++)
      expect(await logIn(t, p, '0000')).toEqual({ status: 401, body: INVALID });
    expect(await logIn(t, p, '0000')).toEqual({ status: 429, body: locked(15) });
    expect(await logIn(t, p, '4821')).toEqual({ status: 429, body: locked(15) });
    clock.advance(10 * 60 + 1);
    expect(await logIn(t, p, '4821')).toEqual({ status: 429, body: locked(5) });
    clock.advance(5 * 60);
    expect((await logIn(t, p, '4821')).status).toBe(200);
  });

  it('says when to come back: Retry-After in seconds, and the same time in the message', async () => {
    const p = phone(8);
    await signUp(t, p);
    const raw = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/login',
        payload: {
          encrypted: encryptText(
            JSON.stringify({ phone_number: p, security_pin: '0000', mac_address: 'web' }),
            t.config.encryptionSecret,
          ),
        },
      });
    for (let i = 0; i < 4; i++) expect((await raw()).headers['retry-after']).toBeUndefined();
    expect((await raw()).headers['retry-after']).toBe('900');
    clock.advance(10 * 60 + 1);
    const later = await raw();
    expect(later.headers['retry-after']).toBe('299');
    expect(await logIn(t, p, '0000')).toEqual({ status: 429, body: locked(5) });
    clock.advance(4 * 60 + 58);
    expect((await raw()).headers['retry-after']).toBe('1');
    expect((await logIn(t, p, '0000')).body.message).toBe(
      'Too many failed sign-in attempts. Try again in 1 minute or reset your security PIN.',
    );
  });

  it('starts counting again after a success', async () => {
    const p = phone(5);
    await signUp(t, p);
    for (let i = 0; i < 4; i++) await logIn(t, p, '0000');
    expect((await logIn(t, p, '4821')).status).toBe(200);
    for (let i = 0; i < 4; i++) expect((await logIn(t, p, '0000')).status).toBe(401);
    expect((await logIn(t, p, '4821')).status).toBe(200);
  });

  it('counts failures for unknown phones too', async () => {
    const p = phone(6);
    for (let i = 0; i < 4; i++) expect((await logIn(t, p, '1234')).status).toBe(401);
    expect(await logIn(t, p, '1234')).toEqual({ status: 429, body: locked(15) });
  });

  it('compares at most 5 of 100 parallel guesses, and refuses the right PIN once locked', async () => {
    const p = phone(7);
    await signUp(t, p);
    const checks = new SecretChecks(t.app.secrets, 'verifySecret');
    try {
      // Every comparison waits until the whole burst has been counted: the widest window.
      checks.hold();
      const wrong = Array.from({ length: 99 }, (_, i) =>
        checks.track(logIn(t, p, String(5000 + i))),
      );
      await checks.settled(99);
      // The right PIN arrives once the wrong ones are in: the lock must refuse it uncompared.
      const right = checks.track(logIn(t, p, '4821'));
      await checks.settled(100);
      checks.release();
      const answers = await Promise.all(wrong);
      expect(checks.compared.length).toBeGreaterThan(0);
      expect(checks.compared.length).toBeLessThanOrEqual(5);
      expect(checks.compared).not.toContain('4821');
      expect(await right).toEqual({ status: 429, body: locked(15) });
      expect(answers.filter((a) => a.status === 200)).toEqual([]);
      expect(answers.filter((a) => a.status === 401).length).toBeLessThanOrEqual(4);

      // A second burst, the right PIN among it, compares nothing while the lock holds.
      const before = checks.compared.length;
      const again = await Promise.all(
        ['4821', ...Array.from({ length: 99 }, (_, i) => String(6000 + i))].map((pin) =>
          logIn(t, p, pin),
        ),
      );
      expect(checks.compared.length).toBe(before);
      expect(again.every((a) => a.status === 429)).toBe(true);
    } finally {
      checks.restore();
    }
  });

  it.each([
    [
      { phone_number: phone(8), security_pin: '482', mac_address: 'web' },
      'Security PIN must be exactly 4 digits',
    ],
    [
      { phone_number: phone(8), security_pin: '48a1', mac_address: 'web' },
      'Security PIN must be exactly 4 digits',
    ],
    [{ phone_number: phone(8), mac_address: 'web' }, 'Security PIN must be exactly 4 digits'],
    [{ security_pin: '4821', mac_address: 'web' }, 'Phone number is required'],
    [
      { phone_number: '08012345678', security_pin: '4821', mac_address: 'web' },
      'Enter 0 followed by 10 digits, e.g. 08012345678',
    ],
    [{ phone_number: phone(8), security_pin: '4821' }, "mac_address must be 'web'"],
    [
      { phone_number: phone(8), security_pin: '4821', mac_address: 'web', admin: 1 },
      'Unknown field: admin',
    ],
  ])('answers 400 (encrypted) for %j', async (body, message) => {
    expect(await encryptedCall(t, 'POST', '/api/login', body)).toEqual({
      status: 400,
      body: { message },
    });
  });

  it('answers 400 Invalid request payload for a bad envelope', async () => {
    for (const payload of [
      { phone_number: phone(8), security_pin: '4821', mac_address: 'web' },
      { encrypted: encryptText('{}', 'wrong-secret-here') },
    ]) {
      const res = await t.app.inject({ method: 'POST', url: '/api/login', payload });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toHaveProperty('encrypted');
    }
  });
});

describe('sign-in while PIN hashing is saturated', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ RATE_LIMIT_MAX: '1000' });
  });
  afterAll(() => t.close());

  it('answers 503 when the hashing pool is full, and is not stuck there after', async () => {
    const secrets = t.app.secrets;
    const original = secrets.hashSecret;
    // The pool's own refusal (src/security/secret-hash-pool.ts), for the first hash asked.
    Object.assign(secrets, {
      hashSecret: () => {
        Object.assign(secrets, { hashSecret: original });
        return Promise.reject(hashingBusy());
      },
    });
    const busy = await logIn(t, phone(90), '4821');
    expect(busy).toEqual({
      status: 503,
      body: { message: 'Something went wrong. Please try again.' },
    });
    // The unknown phone's comparison hash was not kept as a failure: the next sign-in is answered.
    expect(await logIn(t, phone(90), '4821')).toEqual({ status: 401, body: INVALID });
  });
});
