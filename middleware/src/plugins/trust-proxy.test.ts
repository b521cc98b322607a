import { loadConfig } from '../config.js';
import { createTestApp, type TestApp } from '../test-support/test-app.js';
import { TRUST_EVERYONE_REFUSED } from '../trust-proxy.js';

/*
 * The per-IP attempt limit keys on request.ip. A client must not be able to change it by writing
 * X-Forwarded-For itself: without TRUST_PROXY the header is ignored; with it, only what the trusted
 * proxy itself saw counts (the app server replaces the header; a proxy that appends leaves the
 * client's forged part in front, which is never believed).
 */

const OTP_ROUTE = '/api/auth?phone_number=';
let phoneCounter = 0;
/** A new subscriber each call, so only the per-IP counter can refuse. */
const nextPhone = () => `2348050${String(++phoneCounter).padStart(6, '0')}`;

async function ipBuckets(t: TestApp): Promise<Record<string, number>> {
  const rows = await t.database.db
    .selectFrom('rate_limits')
    .select(['key', 'count'])
    .where('key', 'like', 'otp-send:ip|%')
    .execute();
  return Object.fromEntries(rows.map((r) => [r.key.slice('otp-send:ip|'.length), r.count]));
}

function sendOtp(t: TestApp, remoteAddress: string, forwardedFor?: string) {
  return t.app.inject({
    method: 'GET',
    url: `${OTP_ROUTE}${nextPhone()}`,
    remoteAddress,
    headers: forwardedFor === undefined ? {} : { 'x-forwarded-for': forwardedFor },
  });
}

describe.each([
  ['unset', undefined],
  ['loopback (the app server, npm start)', 'loopback'],
  ['1 hop', '1'],
  ['an address list', '127.0.0.1, 10.0.0.0/8'],
])('TRUST_PROXY %s', (_label, trustProxy) => {
  let t: TestApp;
  // RATE_LIMIT_MAX 1: 2 OTP sends per phone number and 8 per IP address per window.
  beforeAll(async () => {
    t = await createTestApp({
      RATE_LIMIT_MAX: '1',
      ...(trustProxy === undefined ? {} : { TRUST_PROXY: trustProxy }),
    });
  });
  afterAll(() => t.close());

  it('keeps a client that forges a new X-Forwarded-For on every request in one bucket', async () => {
    // Without TRUST_PROXY the client talks to us directly; with it, through the proxy, which
    // passes on the client's own header with the address it saw appended (the worst case).
    const direct = trustProxy === undefined;
    const statuses: number[] = [];
    for (let i = 0; i < 10; i++) {
      const forged = `198.51.100.${i + 1}`;
      const res = direct
        ? await sendOtp(t, '203.0.113.7', forged)
        : await sendOtp(t, '127.0.0.1', `${forged}, 203.0.113.7`);
      statuses.push(res.statusCode);
    }
    expect(statuses).toEqual([...Array(8).fill(200), 429, 429]);
    expect(await ipBuckets(t)).toEqual({ '203.0.113.7': 10 });
  });

  it('gives another real client its own bucket', async () => {
    const res =
      trustProxy === undefined
        ? await sendOtp(t, '203.0.113.8', '203.0.113.7')
        : await sendOtp(t, '127.0.0.1', '203.0.113.8');
    expect(res.statusCode).toBe(200);
    expect((await ipBuckets(t))['203.0.113.8']).toBe(1);
  });

  if (trustProxy === 'loopback' || trustProxy?.includes('127.0.0.1')) {
    it('ignores the header from a peer that is not a trusted proxy', async () => {
      const res = await sendOtp(t, '192.0.2.44', '203.0.113.99');
      expect(res.statusCode).toBe(200);
      const buckets = await ipBuckets(t);
      expect(buckets['192.0.2.44']).toBe(1);
      expect(buckets['203.0.113.99']).toBeUndefined();
    });
  }
});

describe('TRUST_PROXY values', () => {
  it.each(['true', 'TRUE', '*', '0.0.0.0/0', '::/0', '10.0.0.1, 0.0.0.0/0'])(
    'refuses %s: it would trust every client',
    (value) => {
      expect(() => loadConfig({ TRUST_PROXY: value })).toThrow(TRUST_EVERYONE_REFUSED);
    },
  );

  it.each(['yes', '10.0.0.0/33', '300.1.1.1', 'proxy.example.com', '11', '-1'])(
    'refuses %s with a message naming the accepted forms',
    (value) => {
      expect(() => loadConfig({ TRUST_PROXY: value })).toThrow(/TRUST_PROXY must be/);
    },
  );

  it('reads false, 0 and unset as trusting no proxy, a number as hops, a list as addresses', () => {
    for (const value of [undefined, 'false', '0'])
      expect(loadConfig({ TRUST_PROXY: value }).trustProxy).toEqual({ kind: 'none' });
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toEqual({ kind: 'hops', hops: 2 });
    expect(loadConfig({ TRUST_PROXY: 'loopback, 10.1.0.0/16, fd00::/8' }).trustProxy).toEqual({
      kind: 'addresses',
      addresses: ['loopback', '10.1.0.0/16', 'fd00::/8'],
    });
  });
});
