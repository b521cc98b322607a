/** @jest-environment node */
// POST /_beacon/remote-failure through the whole app server (plugins/failure-beacon.ts).
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from './app.js';

import { writeBuild, openTestStore } from './registry-test-support.js';
import type { FastifyInstance } from 'fastify';

let tmp: string;
let app: FastifyInstance | undefined;
const operator = { authorization: 'Bearer operator-token-0001' };

async function open(beaconRateLimit?: { max: number; timeWindow: number }) {
  const deployDir = path.join(tmp, 'deploy');
  const setup = openTestStore(deployDir);
  for (const version of ['1.0.0', '1.1.0']) {
    writeBuild(path.join(tmp, 'builds', version), { name: 'payments', version });
    await setup.publishFolder('payments', path.join(tmp, 'builds', version), version, {
      operator: 'setup',
      activate: true,
    });
  }
  await setup.close();
  mkdirSync(path.join(tmp, 'dist'));
  app = await buildApp({
    distDir: path.join(tmp, 'dist'),
    deployDir,
    adminToken: operator.authorization.slice('Bearer '.length),
    middlewareUrl: 'http://127.0.0.1:9',
    appConfig: { apiBaseUrl: '/api', encryptionSecret: 'secret-123', bankName: 'Test Bank' },
    beaconRateLimit,
  });
}

const report = (
  body: unknown,
  { contentType = 'application/json', ip }: { contentType?: string; ip?: string } = {},
) =>
  app!.inject({
    method: 'POST',
    url: '/_beacon/remote-failure',
    headers: { 'content-type': contentType },
    payload: typeof body === 'string' ? body : JSON.stringify(body),
    ...(ip ? { remoteAddress: ip } : {}),
  });

async function failures() {
  const res = await app!.inject({ url: '/_operator/registry', headers: operator });
  expect(res.statusCode).toBe(200);
  return res.json().failures;
}

beforeEach(() => {
  tmp = mkdtempSync(path.join(os.tmpdir(), 'ajo-beacon-'));
});
afterEach(async () => {
  await app?.close();
  app = undefined;
  rmSync(tmp, { recursive: true, force: true });
});

describe('the failure beacon', () => {
  it('counts a failed version per remote and version, and operators see the counts', async () => {
    await open();
    const failure = { remote: 'payments', version: '1.1.0', phase: 'load', message: 'no entry' };
    expect((await report(failure)).statusCode).toBe(204);
    expect((await report({ ...failure, phase: 'mount', message: 'mount threw' })).statusCode).toBe(
      204,
    );
    expect(
      (await report({ remote: 'payments', version: '1.0.0', phase: 'mount' })).statusCode,
    ).toBe(204);
    // An error the remote's own error boundary caught after it mounted (record 045).
    expect(
      (await report({ remote: 'payments', version: '1.0.0', phase: 'render', message: 'crash' }))
        .statusCode,
    ).toBe(204);
    expect(await failures()).toEqual([
      {
        remote: 'payments',
        version: '1.0.0',
        count: 2,
        lastAt: expect.any(String),
        lastMessage: 'render: crash',
      },
      {
        remote: 'payments',
        version: '1.1.0',
        count: 2,
        lastAt: expect.any(String),
        lastMessage: 'mount: mount threw',
      },
    ]);
  });

  it('refuses junk with 400/413/415 and a message, never 500, and makes no row', async () => {
    await open({ max: 100, timeWindow: 60_000 });
    const junk = [
      [{ remote: '__proto__', version: '1.0.0', phase: 'load' }, 400, /Invalid remote name/],
      [{ remote: 'constructor', version: '1.0.0', phase: 'load' }, 400, /Invalid remote name/],
      [{ remote: 'payments', version: '9.9.9', phase: 'load' }, 400, /not a published version/],
      [{ remote: 'payments', version: '1.0.0/../x', phase: 'load' }, 400, /Invalid version/],
      [{ remote: 'payments', version: '1.0.0', phase: 'boot' }, 400, /phase/],
      [{ remote: 'payments', version: '1.0.0' }, 400, /phase/],
      [
        { remote: 'payments', version: '1.0.0', phase: 'load', message: 'x'.repeat(201) },
        400,
        /200/,
      ],
      [
        { remote: 'payments', version: '1.0.0', phase: 'load', message: 'x'.repeat(2000) },
        413,
        /./,
      ],
      [[1, 2, 3], 400, /object/],
      ['{"remote":', 400, /JSON/i],
      ['null', 400, /./],
    ];
    for (const [body, status, message] of junk as [unknown, number, RegExp][]) {
      const res = await report(body);
      expect({ body, status: res.statusCode }).toEqual({ body, status });
      expect(res.json().message).toMatch(message);
    }
    const text = await report('remote=payments', { contentType: 'text/plain' });
    expect(text.statusCode).toBe(400);
    const xml = await report('<remote/>', { contentType: 'application/xml' });
    expect(xml.statusCode).toBe(415);
    expect(xml.json().message).toEqual(expect.any(String));
    expect(await failures()).toEqual([]);
  });

  it('rate limits reports per client before reading them', async () => {
    await open({ max: 3, timeWindow: 60_000 });
    const failure = { remote: 'payments', version: '1.1.0', phase: 'load' };
    const statuses: number[] = [];
    for (let i = 0; i < 5; i += 1) {
      statuses.push((await report(i === 1 ? '{bad' : failure, { ip: '10.0.0.1' })).statusCode);
    }
    expect(statuses).toEqual([204, 400, 204, 429, 429]);
    const limited = await report(failure, { ip: '10.0.0.1' });
    expect(limited.json().message).toMatch(/Too many failure reports/);
    // Another client is counted on its own; what was refused was not counted.
    expect((await report(failure, { ip: '10.0.0.2' })).statusCode).toBe(204);
    expect((await failures())[0].count).toBe(3);
  });
});
