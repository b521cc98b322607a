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
    expect(logs).toContain('2348012345678'); // ordinary fields are still logged
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

  it('redacts request headers when a handler logs the whole request', async () => {
    t.app.log.info(
      { req: { headers: { authorization: 'Bearer LOGGED-HEADER-TOKEN' } } },
      'raw headers',
    );
    expect(t.logs()).not.toContain('LOGGED-HEADER-TOKEN');
  });
});
