import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { FakeClock } from '../test-support/auth-test-kit.js';
import { createTestApp, type TestApp } from '../test-support/test-app.js';
import { startMetricsServer } from '../http/metrics-server.js';
import {
  ACCOUNTS,
  bankTransfer,
  createCustomer,
  fundedCustomer,
  walletTransfer,
} from '../modules/transfers/transfers-test-kit.js';
import { moneyOutcome } from './metrics.js';
import { findPackageRoot } from '../package-root.js';

const TOKEN = 'operator-metrics-token-for-tests';
const WALLET_TRANSFER = '/api/transfers/wallet-to-other-wallet/transfer-funds';
const BANK_TRANSFER = '/api/transfers/wallet-to-bank/transfer-funds';

let t: TestApp;
const clock = new FakeClock();

beforeAll(async () => {
  t = await createTestApp({ METRICS_TOKEN: TOKEN }, { clock });
});
afterAll(() => t.close());

/** One series' value as a scrape reads it (0 when the series does not exist yet). */
async function value(name: string, labels: Record<string, string | number> = {}): Promise<number> {
  // The database readings are shared by the gauges of one scrape (until the next macrotask).
  await new Promise((resolve) => setImmediate(resolve));
  const metric = t.app.metrics.getSingleMetric(name);
  if (!metric) throw new Error(`no metric ${name}`);
  const { values } = await metric.get();
  const series = values.find((v) =>
    Object.entries(labels).every(([k, l]) => String(v.labels[k]) === String(l)),
  );
  return series?.value ?? 0;
}

const moneyCalls = (route: string, outcome: string) =>
  value('ajo_money_calls_total', { route, outcome });

describe('metrics', () => {
  it('a wallet transfer moves the request and money counters; its replay counts as replayed', async () => {
    const [ada, bola] = [await fundedCustomer(t, 20_000), await createCustomer(t)];
    const okBefore = await moneyCalls(WALLET_TRANSFER, 'successful');
    const replayBefore = await moneyCalls(WALLET_TRANSFER, 'replayed');
    const httpLabels = { method: 'POST', route: WALLET_TRANSFER, status: 200 };
    const httpBefore = await value('ajo_http_requests_total', httpLabels);

    const key = randomUUID();
    const first = await walletTransfer(t, ada, bola.main, {}, key);
    expect(first.status).toBe(200);
    expect(await moneyCalls(WALLET_TRANSFER, 'successful')).toBe(okBefore + 1);
    expect(await value('ajo_http_requests_total', httpLabels)).toBe(httpBefore + 1);

    const again = await walletTransfer(t, ada, bola.main, {}, key);
    expect(again).toEqual(first);
    expect(await moneyCalls(WALLET_TRANSFER, 'successful')).toBe(okBefore + 1);
    expect(await moneyCalls(WALLET_TRANSFER, 'replayed')).toBe(replayBefore + 1);
    // Latency is observed under the route's pattern, with the same labels.
    const latency = t.app.metrics.getSingleMetric('ajo_http_request_duration_seconds');
    const { values } = await latency!.get();
    const count = (values as Array<(typeof values)[number] & { metricName?: string }>).find(
      (v) =>
        v.metricName === 'ajo_http_request_duration_seconds_count' &&
        v.labels.route === WALLET_TRANSFER &&
        String(v.labels.status) === '200',
    );
    expect(count?.value).toBe(httpBefore + 2);
  });

  it('many identical transfers at once: one is successful, every other one is counted too', async () => {
    const [ada, bola] = [await fundedCustomer(t, 20_000), await createCustomer(t)];
    const outcomes = ['successful', 'replayed', 'refused', 'failed', 'pending', 'step_up'];
    const before = await Promise.all(outcomes.map((o) => moneyCalls(WALLET_TRANSFER, o)));
    const key = randomUUID();
    const answers = await Promise.all(
      Array.from({ length: 6 }, () => walletTransfer(t, ada, bola.main, {}, key)),
    );
    const after = await Promise.all(outcomes.map((o) => moneyCalls(WALLET_TRANSFER, o)));
    const moved: Record<string, number> = Object.fromEntries(
      outcomes.map((o, i) => [o, (after[i] ?? 0) - (before[i] ?? 0)]),
    );
    expect(moved.successful).toBe(1);
    expect(moved.pending).toBe(0);
    // The others were replays of the stored answer or 409 while the first was still running.
    expect((moved.replayed ?? 0) + (moved.refused ?? 0)).toBe(answers.length - 1);
    expect(moved.refused).toBe(answers.filter((a) => a.status === 409).length);
  });

  it('a wrong PIN is refused; a bank transfer the switch has not answered is pending, with its age', async () => {
    const [ada, bola] = [await fundedCustomer(t, 20_000), await createCustomer(t)];
    const refusedBefore = await moneyCalls(WALLET_TRANSFER, 'refused');
    const wrong = await walletTransfer(t, ada, bola.main, { transaction_pin: '999999' });
    expect(wrong.status).toBe(401);
    expect(await moneyCalls(WALLET_TRANSFER, 'refused')).toBe(refusedBefore + 1);

    const pendingBefore = await moneyCalls(BANK_TRANSFER, 'pending');
    const gaugeBefore = await value('ajo_money_pending', { kind: 'bank_transfer' });
    const res = await bankTransfer(t, ada, ACCOUNTS.pendingThenSucceeds);
    expect(res.body).toMatchObject({ status: 'pending' });
    expect(await moneyCalls(BANK_TRANSFER, 'pending')).toBe(pendingBefore + 1);
    expect(await value('ajo_money_pending', { kind: 'bank_transfer' })).toBe(gaugeBefore + 1);
    clock.advance(7);
    expect(
      await value('ajo_money_pending_oldest_age_seconds', { kind: 'bank_transfer' }),
    ).toBeGreaterThanOrEqual(7);
    // Its status query waits in the job queue.
    const queued = await t.database.db
      .selectFrom('jobs')
      .select(['kind', 'state'])
      .where('state', '=', 'queued')
      .execute();
    expect(queued.length).toBeGreaterThan(0);
    const job = queued[0]!;
    expect(await value('ajo_jobs', { kind: job.kind, state: 'queued' })).toBe(
      queued.filter((q) => q.kind === job.kind).length,
    );
  });

  it('answers GET /metrics only with the operator token', async () => {
    expect((await t.app.inject({ url: '/metrics' })).statusCode).toBe(401);
    const wrong = await t.app.inject({
      url: '/metrics',
      headers: { authorization: 'Bearer not-the-operator-token' },
    });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toEqual({ message: 'Unauthorized' });
    const ok = await t.app.inject({
      url: '/metrics',
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.headers['content-type']).toContain('text/plain');
    expect(ok.body).toContain('# TYPE ajo_money_calls_total counter');
    expect(ok.body).toContain('ajo_money_pending{kind="bill_payment"}');
    // Raw URLs never become labels: one series per route pattern.
    expect(ok.body).not.toMatch(/route="\/api\/[^"]*\?/);
  });

  it('lets the scraper in with the token where app attestation is enforced', async () => {
    const enforced = await createTestApp({ METRICS_TOKEN: TOKEN, APP_CHECK_ENFORCE: 'true' });
    try {
      const res = await enforced.app.inject({
        url: '/metrics',
        headers: { authorization: `Bearer ${TOKEN}` },
      });
      expect(res.statusCode).toBe(200);
      expect((await enforced.app.inject({ url: '/metrics' })).statusCode).toBe(401);
    } finally {
      await enforced.close();
    }
  });

  it('without METRICS_TOKEN there is no /metrics on the API port', async () => {
    const plain = await createTestApp();
    try {
      const res = await plain.app.inject({
        url: '/metrics',
        headers: { authorization: `Bearer ${TOKEN}` },
      });
      expect(res.statusCode).toBe(404);
    } finally {
      await plain.close();
    }
  });

  it('serves the same registry on a port of its own, and nothing else there', async () => {
    const server = await startMetricsServer(t.app.metrics, { host: '127.0.0.1', port: 0 });
    const get = (path: string) =>
      new Promise<{ status: number; body: string }>((resolve, reject) => {
        httpRequest({ host: '127.0.0.1', port: server.port, path }, (res) => {
          let body = '';
          res.on('data', (chunk: Buffer) => (body += chunk.toString()));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
        })
          .on('error', reject)
          .end();
      });
    try {
      const metrics = await get('/metrics');
      expect(metrics.status).toBe(200);
      expect(metrics.body).toContain('ajo_http_requests_total{');
      expect(await get('/api/health')).toEqual({
        status: 404,
        body: JSON.stringify({ message: 'Not Found' }),
      });
    } finally {
      await server.close();
    }
  });
});

describe('the Grafana dashboard (docs/operations/grafana-dashboard.json)', () => {
  it('reads only metrics the middleware has', async () => {
    const dashboard = readFileSync(
      `${findPackageRoot()}/../docs/operations/grafana-dashboard.json`,
      'utf8',
    );
    const used = new Set(
      [...dashboard.matchAll(/\bajo_[a-z0-9_]+/g)].map(([name]) =>
        name.replace(/_(bucket|count|sum)$/, ''),
      ),
    );
    expect(used.size).toBeGreaterThan(8);
    const known = new Set((await t.app.metrics.getMetricsAsJSON()).map((m) => m.name));
    // Registered only where they apply: the process metrics by main.ts, the pool's on PostgreSQL;
    // the app server's (ajo_app_server_) are checked against its own registry by its tests.
    const elsewhere = (name: string) =>
      name.startsWith('ajo_middleware_') ||
      name.startsWith('ajo_db_pool_') ||
      name.startsWith('ajo_app_server_');
    expect([...used].filter((name) => !known.has(name) && !elsewhere(name))).toEqual([]);
  });
});

describe('moneyOutcome', () => {
  it('reads the outcome from the status code and the money status of the answer', () => {
    expect(moneyOutcome(200, true, '{"status":"successful"}')).toBe('replayed');
    expect(moneyOutcome(202, false, '{}')).toBe('step_up');
    expect(moneyOutcome(503, false, '{"message":"x"}')).toBe('failed');
    expect(moneyOutcome(422, false, '{"message":"x"}')).toBe('refused');
    expect(moneyOutcome(200, false, '{"status":"pending"}')).toBe('pending');
    expect(moneyOutcome(200, false, '{"status":"failed"}')).toBe('failed');
    expect(moneyOutcome(201, false, '{"status":"successful"}')).toBe('successful');
    expect(moneyOutcome(201, false, '{"transaction":{"status":"pending"}}')).toBe('pending');
    expect(moneyOutcome(201, false, '{"transaction":{"status":"failed"}}')).toBe('failed');
    expect(moneyOutcome(200, false, '{"transfer":{"status":"failed"}}')).toBe('failed');
    expect(moneyOutcome(200, false, 'not json')).toBe('successful');
  });
});

describe('request id', () => {
  it('keeps a valid X-Request-Id, echoes it and puts it on every log line of the request', async () => {
    const id = `req-${randomUUID()}`;
    const res = await t.app.inject({ url: '/api/health', headers: { 'x-request-id': id } });
    expect(res.headers['x-request-id']).toBe(id);
    const lines = t
      .logs()
      .split('\n')
      .filter((line) => line.includes(id))
      .map((line) => JSON.parse(line) as Record<string, unknown>);
    // Fastify's own "incoming request" and "request completed" lines, at least.
    expect(lines.length).toBeGreaterThanOrEqual(2);
    for (const line of lines) expect(line.reqId).toBe(id);
  });

  it('replaces an id that is not one (too long, odd characters) with its own', async () => {
    for (const bad of ['x'.repeat(65), 'a b', '<script>']) {
      const res = await t.app.inject({ url: '/api/health', headers: { 'x-request-id': bad } });
      const echoed = String(res.headers['x-request-id']);
      expect(echoed).not.toBe(bad);
      expect(echoed).toMatch(/^[0-9a-f-]{36}$/);
    }
  });
});
