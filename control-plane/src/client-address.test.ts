/** @jest-environment node */
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Fastify from 'fastify';
import { buildApp } from './app.js';
import { parseAppTrustProxy } from './client-address.js';
import type { IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';

// A stand-in for the middleware: it trusts exactly the app server (TRUST_PROXY=loopback, what
// npm start sets) and counts requests per client address, as its per-IP attempt limits do.
let upstream: FastifyInstance;
const buckets = new Map();
const seen: IncomingHttpHeaders[] = [];
let tmp: string;

beforeAll(async () => {
  upstream = Fastify({ trustProxy: 'loopback' });
  upstream.all('/api/*', async (request) => {
    buckets.set(request.ip, (buckets.get(request.ip) ?? 0) + 1);
    seen.push(request.headers);
    return { ip: request.ip };
  });
  await upstream.listen({ port: 0, host: '127.0.0.1' });
  tmp = mkdtempSync(path.join(os.tmpdir(), 'ajo-proxy-'));
  mkdirSync(path.join(tmp, 'dist'));
  mkdirSync(path.join(tmp, 'deploy'));
});
afterAll(async () => {
  await upstream.close();
  rmSync(tmp, { recursive: true, force: true });
});

async function appServer(trustProxy?: string | false) {
  return buildApp({
    distDir: path.join(tmp, 'dist'),
    deployDir: path.join(tmp, 'deploy'),
    middlewareUrl: `http://127.0.0.1:${(upstream.server.address() as AddressInfo).port}`,
    appConfig: { apiBaseUrl: '/api', encryptionSecret: 'secret-123', bankName: 'Test Bank' },
    trustProxy,
  });
}

describe('the app server /api proxy', () => {
  it('replaces a client-written X-Forwarded-For with the address it saw, so the bucket stays one', async () => {
    const app = await appServer();
    buckets.clear();
    try {
      for (let i = 1; i <= 5; i++) {
        const res = await app.inject({
          method: 'GET',
          url: `/api/auth?phone_number=2348030000${i}`,
          remoteAddress: '203.0.113.7',
          headers: {
            'x-forwarded-for': `198.51.100.${i}`,
            forwarded: `for=198.51.100.${i}`,
            'x-real-ip': `198.51.100.${i}`,
          },
        });
        expect(res.json()).toEqual({ ip: '203.0.113.7' });
      }
      expect(Object.fromEntries(buckets)).toEqual({ '203.0.113.7': 5 });
      const last = seen.at(-1)!;
      expect(last['x-forwarded-for']).toBe('203.0.113.7');
      expect(last.forwarded).toBeUndefined();
      expect(last['x-real-ip']).toBeUndefined();
    } finally {
      await app.close();
    }
  });

  it('behind a load balancer named in TRUST_PROXY, forwards the address the balancer saw', async () => {
    const app = await appServer(parseAppTrustProxy('10.0.0.0/8'));
    buckets.clear();
    try {
      const viaBalancer = await app.inject({
        url: '/api/health',
        remoteAddress: '10.1.2.3',
        headers: { 'x-forwarded-for': '198.51.100.9, 203.0.113.20' },
      });
      expect(viaBalancer.json()).toEqual({ ip: '203.0.113.20' });
      // Straight from the internet, the same header is the client's own words: ignored.
      const direct = await app.inject({
        url: '/api/health',
        remoteAddress: '203.0.113.21',
        headers: { 'x-forwarded-for': '10.1.2.3' },
      });
      expect(direct.json()).toEqual({ ip: '203.0.113.21' });
    } finally {
      await app.close();
    }
  });

  it('refuses to trust every client, and takes only addresses', () => {
    for (const value of ['true', '1', '0.0.0.0/0', 'proxy.local'])
      expect(() => parseAppTrustProxy(value)).toThrow(/TRUST_PROXY must be false or the addresses/);
    expect(parseAppTrustProxy(undefined)).toBe(false);
    expect(parseAppTrustProxy('false')).toBe(false);
    expect(parseAppTrustProxy(' 10.0.0.0/8, loopback ')).toBe('10.0.0.0/8,loopback');
  });
});
