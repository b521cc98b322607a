import { encryptText } from '../security/envelope-cipher.js';
import { createTestApp, type TestApp } from '../test-support/test-app.js';
import { normalisePhone } from './rate-limit.js';

describe('attempt limits on OTP and PIN routes', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      RATE_LIMIT_MAX: '3',
      RATE_LIMIT_WINDOW: '15m',
      ENCRYPTION_SECRET: 'rate-limit-secret',
    });
    t.app.get(
      '/api/test/otp',
      { preHandler: t.app.limitAttempts({ name: 'signup-otp' }) },
      async () => ({ sent: true }),
    );
    t.app.post(
      '/api/test/login',
      {
        config: { encrypted: true },
        preHandler: t.app.limitAttempts({ name: 'login', max: 2, maxPerIp: 100 }),
      },
      async () => ({ ok: true }),
    );
    t.app.get(
      '/api/test/per-ip',
      { preHandler: t.app.limitAttempts({ name: 'ip', max: 100, maxPerIp: 2 }) },
      async () => ({ ok: true }),
    );
    await t.app.ready();
  });
  afterAll(() => t.close());

  const requestOtp = (phone: string, ip = '10.0.0.1') =>
    t.app.inject({ method: 'GET', url: `/api/test/otp?phone_number=${phone}`, remoteAddress: ip });

  it('refuses the N+1th request for one phone number with 429 and a human message', async () => {
    for (let i = 0; i < 3; i++) expect((await requestOtp('2348011111111')).statusCode).toBe(200);
    const res = await requestOtp('2348011111111');
    expect(res.statusCode).toBe(429);
    expect(res.json()).toEqual({ message: 'Too many attempts. Please try again in 15 minutes.' });
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(800);
  });

  it('counts a phone number across IP addresses and spellings', async () => {
    expect((await requestOtp('08022222222', '10.0.0.2')).statusCode).toBe(200);
    expect((await requestOtp('2348022222222', '10.0.0.3')).statusCode).toBe(200);
    expect((await requestOtp('234%20802%20222%202222', '10.0.0.4')).statusCode).toBe(200);
    expect((await requestOtp('08022222222', '10.0.0.5')).statusCode).toBe(429);
  });

  it('keeps other phone numbers unaffected', async () => {
    expect((await requestOtp('2348033333333')).statusCode).toBe(200);
  });

  it('reads the phone number from an encrypted body', async () => {
    const login = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/test/login',
        payload: {
          encrypted: encryptText(
            '{"phone_number":"2348044444444","security_pin":"1234"}',
            'rate-limit-secret',
          ),
        },
      });
    expect((await login()).statusCode).toBe(200);
    expect((await login()).statusCode).toBe(200);
    expect((await login()).statusCode).toBe(429);
  });

  it('also limits one IP address trying many phone numbers', async () => {
    const hit = (phone: string) =>
      t.app.inject({
        method: 'GET',
        url: `/api/test/per-ip?phone_number=${phone}`,
        remoteAddress: '10.9.9.9',
      });
    expect((await hit('2348050000001')).statusCode).toBe(200);
    expect((await hit('2348050000002')).statusCode).toBe(200);
    expect((await hit('2348050000003')).statusCode).toBe(429);
  });

  it('normalises the local and international forms to one key', () => {
    expect(normalisePhone('08012345678')).toBe('2348012345678');
    expect(normalisePhone('+234 801 234 5678')).toBe('2348012345678');
    expect(normalisePhone(undefined)).toBeNull();
  });
});
