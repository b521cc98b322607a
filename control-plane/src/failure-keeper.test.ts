/** @jest-environment node */
// Failure reports while the registry database is down (plugins/failure-keeper.ts): kept (202),
// counted when it answers again, at most a bounded number, the ones lost counted in a metric.
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from './app.js';
import { corruptDatabase, openTestStore, writeBuild } from './registry-test-support.js';

let tmp: string;
let app: FastifyInstance | undefined;
const METRICS = { authorization: 'Bearer metrics-token-0123456789' };
const OPERATOR = { authorization: 'Bearer operator-token-0001' };
const EVERY_MS = 5000;

const start = async () =>
  buildApp({
    distDir: path.join(tmp, 'dist'),
    deployDir: path.join(tmp, 'deploy'),
    adminToken: 'operator-token-0001',
    middlewareUrl: 'http://127.0.0.1:9',
    appConfig: { apiBaseUrl: '/api', encryptionSecret: 'secret-123', bankName: 'Test Bank' },
    beaconRateLimit: { max: 100, timeWindow: 60_000 },
    metricsToken: METRICS.authorization.slice('Bearer '.length),
    failureKeep: { limit: 3, everyMs: EVERY_MS },
  });

const report = (body: object) =>
  app!.inject({
    method: 'POST',
    url: '/_beacon/remote-failure',
    headers: { 'content-type': 'application/json' },
    payload: JSON.stringify(body),
  });

async function metric(name: string) {
  const text = (await app!.inject({ url: '/metrics', headers: METRICS })).body;
  return Object.fromEntries(
    text
      .split('\n')
      .filter((line) => line.startsWith(`ajo_app_server_${name}`))
      .map((line) => [line.slice(0, line.lastIndexOf(' ')), Number(line.slice(line.lastIndexOf(' ') + 1))]),
  );
}

beforeEach(async () => {
  // Only the retry's interval is faked: the server's own timers and I/O run as they do.
  jest.useFakeTimers({ doNotFake: ['nextTick', 'setImmediate', 'clearImmediate', 'setTimeout', 'clearTimeout', 'queueMicrotask', 'Date', 'hrtime', 'performance'] });
  tmp = mkdtempSync(path.join(os.tmpdir(), 'ajo-keeper-'));
  mkdirSync(path.join(tmp, 'dist'));
  const setup = openTestStore(path.join(tmp, 'deploy'));
  for (const version of ['1.0.0', '1.1.0']) {
    writeBuild(path.join(tmp, 'builds', version), { name: 'payments', version });
    await setup.publishFolder('payments', path.join(tmp, 'builds', version), version, {
      operator: 'setup',
      activate: true,
    });
  }
  await setup.close();
});
afterEach(async () => {
  await app?.close();
  app = undefined;
  jest.useRealTimers();
  rmSync(tmp, { recursive: true, force: true });
});

describe('failure reports while the registry database is down', () => {
  it('keeps them (202), counts them when it is back, and counts the ones it had no room for', async () => {
    corruptDatabase(path.join(tmp, 'deploy'), 'garbage');
    app = await start();
    const kept = [
      { remote: 'payments', version: '1.1.0', phase: 'load', message: 'no entry' },
      { remote: 'payments', version: '1.1.0', phase: 'mount', message: 'mount threw' },
      { remote: 'payments', version: '9.9.9', phase: 'load' },
    ];
    for (const body of kept) {
      const res = await report(body);
      expect([res.statusCode, res.json().message]).toEqual([
        202,
        'The registry cannot be read now: the failure is kept and counted when it can',
      ]);
    }
    // Bad form is refused as ever, kept or not; the fourth good one finds no room.
    expect((await report({ remote: 'payments', version: '1.1.0', phase: 'boot' })).statusCode).toBe(400);
    const full = await report({ remote: 'payments', version: '1.0.0', phase: 'load' });
    expect([full.statusCode, full.json().message]).toEqual([503, 'The failure could not be recorded']);
    expect(await metric('remote_failures_pending')).toEqual({ ajo_app_server_remote_failures_pending: 3 });
    expect(await metric('remote_failures_lost_total')).toEqual({
      'ajo_app_server_remote_failures_lost_total{why="full"}': 1,
    });

    // Still down at the first retry: nothing is lost.
    jest.advanceTimersByTime(EVERY_MS);
    for (let i = 0; i < 20; i += 1) await new Promise((resolve) => setImmediate(resolve));
    expect(await metric('remote_failures_pending')).toEqual({ ajo_app_server_remote_failures_pending: 3 });

    const cli = openTestStore(path.join(tmp, 'deploy'));
    await cli.repair({ operator: 'ops' });
    await cli.close();
    jest.advanceTimersByTime(EVERY_MS);
    for (let i = 0; i < 50 && (await metric('remote_failures_pending')).ajo_app_server_remote_failures_pending; i += 1) {
      await new Promise((resolve) => setImmediate(resolve));
    }
    expect(await metric('remote_failures_pending')).toEqual({ ajo_app_server_remote_failures_pending: 0 });
    const failures = (await app.inject({ url: '/_operator/registry', headers: OPERATOR })).json().failures;
    expect(failures).toEqual([
      { remote: 'payments', version: '1.1.0', count: 2, lastAt: expect.any(String), lastMessage: 'mount: mount threw' },
    ]);
    // The unpublished version could be checked only now: refused, and counted as lost.
    expect(await metric('remote_failures_lost_total')).toEqual({
      'ajo_app_server_remote_failures_lost_total{why="full"}': 1,
      'ajo_app_server_remote_failures_lost_total{why="refused"}': 1,
    });
  });
});
