import { encryptText } from '../security/envelope-cipher.js';
import { createTestApp, type TestApp } from '../test-support/test-app.js';

describe('request logs', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ ENCRYPTION_SECRET: 'logging-test-secret', LOG_LEVEL: 'debug' });
    t.app.post('/api/test/login', { config: { encrypted: true } }, async (request) => {
      // What a careless handler might do: log everything it received.
      request.log.info({ body: request.body }, 'login attempt');
      request.log.info(request.body as object, 'flat body');
      return { token: 'eyJhbGciOiJIUzI1NiJ9.SECRET-TOKEN-VALUE.sig' };
    });
    t.app.get('/api/test/fail', async () => {
      throw new Error('insert failed for 2348099887766');
    });
  });
  afterAll(() => t.close());

  it('never contain PINs, OTPs, tokens, the app-check header or the envelope', async () => {
    const encrypted = encryptText(
      JSON.stringify({
        phone_number: '2348012345678',
        security_pin: '4821',
        transaction_pin: '739104',
        otp: '551234',
      }),
      'logging-test-secret',
    );
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/test/login',
      headers: {
        authorization: 'Bearer BEARER-SECRET-VALUE',
        'x-app-check': 'APP-CHECK-SECRET-VALUE',
      },
      payload: { encrypted },
    });
    expect(res.statusCode).toBe(200);
    const logs = t.logs();
    expect(logs).toContain('login attempt');
    expect(logs).toContain('"phone_number":"**********678"'); // kept, but masked
    expect(logs).not.toContain('2348012345678');
    for (const secret of [
      '4821',
      '739104',
      '551234',
      'BEARER-SECRET-VALUE',
      'APP-CHECK-SECRET-VALUE',
      encrypted,
      'SECRET-TOKEN-VALUE',
    ]) {
      expect(logs).not.toContain(secret);
    }
    expect(logs).toContain('[redacted]');
  });

  it('masks phone numbers, NINs and BVNs wherever they appear: URLs, fields, messages, errors', async () => {
    await t.app.inject({ url: '/api/nin/start?channel=web&nin=70123456789' });
    await t.app.inject({ url: '/api/auth?phone_number=2348055544433' });
    await t.app.inject({ url: '/api/test/fail' });
    t.app.log.info({ customer: { bvn: '22233344455' } }, 'bvn of 08066677788 checked');
    const logs = t.logs();
    for (const personal of [
      '70123456789',
      '2348055544433',
      '2348099887766',
      '22233344455',
      '08066677788',
    ]) {
      expect(logs).not.toContain(personal);
    }
    expect(logs).toContain('nin=********789');
    expect(logs).toContain('**********766');
    expect(logs).toContain('********455');
    expect(logs).toContain('bvn of ********788 checked');
    // What is not a personal number stays readable.
    const nipSession = '000013231123120000123456789012';
    t.app.log.info({ session: nipSession, amount: 2500 }, 'switch answered');
    expect(t.logs()).toContain(nipSession);
    expect(t.logs()).toContain('"amount":2500');
  });

  it('redacts request headers when a handler logs the whole request', async () => {
    t.app.log.info(
      { req: { headers: { authorization: 'Bearer LOGGED-HEADER-TOKEN' } } },
      'raw headers',
    );
    expect(t.logs()).not.toContain('LOGGED-HEADER-TOKEN');
  });
});
