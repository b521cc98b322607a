/** @jest-environment node */
// The app server's metrics (plugins/metrics.ts, metrics-server.ts): counted by route pattern, the
// /api proxy's answers apart from its errors, accepted failure beacons per remote and version, and
// the endpoint only where an operator asked for it.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import type { Registry } from 'prom-client';
import { buildApp } from '../app.js';
import { startMetricsServer } from '../metrics-server.js';
import { openTestStore } from '../registry-test-support.js';
import { writeBuild } from '../registry-test-support.js';
import { METRICS_PREFIX } from './metrics.js';

const TOKEN = 'metrics-token-0123456789';
let tmp: string;
let upstream: FastifyInstance;
let upstreamUrl: string;
let closedUrl: string;
let app: Awaited<ReturnType<typeof buildApp>> | undefined;

beforeAll(async () => {
  tmp = mkdtempSync(path.join(os.tmpdir(), 'ajo-cp-metrics-'));
  mkdirSync(path.join(tmp, 'dist'));
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
  // A stand-in for the middleware: its own answers, a 201 and a 503.
  upstream = Fastify();
  upstream.get('/api/accounts/:id', async (_request, reply) => reply.code(201).send({ ok: true }));
  upstream.get('/api/busy', async (_request, reply) => reply.code(503).send({ message: 'Busy' }));
  await upstream.listen({ port: 0, host: '127.0.0.1' });
  upstreamUrl = `http://127.0.0.1:${(upstream.server.address() as { port: number }).port}`;
  // A port nothing listens on any more: the middleware unreachable.
  const gone = Fastify();
  await gone.listen({ port: 0, host: '127.0.0.1' });
  closedUrl = `http://127.0.0.1:${(gone.server.address() as { port: number }).port}`;
  await gone.close();
});
afterAll(async () => {
  await upstream.close();
  rmSync(tmp, { recursive: true, force: true });
});
afterEach(async () => {
  await app?.close();
  app = undefined;
});

async function open(o: { metricsToken?: string; middlewareUrl?: string } = {}) {
  app = await buildApp({
    distDir: path.join(tmp, 'dist'),
    deployDir: path.join(tmp, 'deploy'),
    middlewareUrl: o.middlewareUrl ?? upstreamUrl,
    metricsToken: o.metricsToken,
    appConfig: { apiBaseUrl: '/api', encryptionSecret: 'secret-123', bankName: 'Test Bank' },
  });
  return app;
}

type Labels = Record<string, string | number>;
/** The value of one series (0 when it was never counted); a histogram's by its `_count`. */
async function valueOf(registry: Registry, name: string, labels: Labels): Promise<number> {
  const metric = registry.getSingleMetric(`${METRICS_PREFIX}${name}`);
  if (!metric) throw new Error(`no metric ${name}`);
  const { type, values } = await metric.get();
  const found = values.find(
    (v) =>
      (String(type) !== 'histogram' ||
        (v as { metricName?: string }).metricName === `${METRICS_PREFIX}${name}_count`) &&
      Object.keys(v.labels).length === Object.keys(labels).length &&
      Object.entries(labels).every(([k, want]) => String(v.labels[k]) === String(want)),
  );
  return found?.value ?? 0;
}

describe('app server metrics', () => {
  it("counts a remote's file under the route pattern and the registry's remote name, never the raw URL", async () => {
    const server = await open();
    const url = '/remotes/payments/1.0.0/mf-manifest.json';
    expect((await server.inject({ url })).statusCode).toBe(200);
    // A name nobody registered, as anyone can type it: never a label of its own.
    expect((await server.inject({ url: '/remotes/made-up-name/9.9.9/x.js' })).statusCode).toBe(404);

    const labels = { method: 'GET', route: '/remotes/*', status: 200 };
    expect(
      await valueOf(server.metrics, 'http_requests_total', { ...labels, remote: 'payments' }),
    ).toBe(1);
    // A folder on disk no registry remote is named after: a file there is counted as `other`.
    const stray = path.join(tmp, 'deploy', 'remotes', 'stray-folder', '1.0.0');
    mkdirSync(stray, { recursive: true });
    writeFileSync(path.join(stray, 'x.js'), 'export {};');
    expect((await server.inject({ url: '/remotes/stray-folder/1.0.0/x.js' })).statusCode).toBe(200);
    expect(
      await valueOf(server.metrics, 'http_requests_total', { ...labels, remote: 'other' }),
    ).toBe(1);
    expect(await server.metrics.metrics()).not.toContain('stray-folder');
    rmSync(path.join(tmp, 'deploy', 'remotes', 'stray-folder'), { recursive: true });
    // No such file: the not-found answer, under no route of its own.
    const missing = { method: 'GET', route: 'unmatched', remote: '', status: 404 };
    expect(await valueOf(server.metrics, 'http_requests_total', missing)).toBe(1);
    const text = await server.metrics.metrics();
    // The manifest and the stray file: two answers under the one pattern.
    expect(text).toContain(
      `${METRICS_PREFIX}http_request_duration_seconds_count{method="GET",route="/remotes/*",status="200"} 2`,
    );
    expect(text).not.toContain('1.0.0/mf-manifest.json');
    expect(text).not.toContain('made-up-name');
  });

  it("counts the middleware's answers through /api by status class, under /api/*", async () => {
    const server = await open();
    expect((await server.inject({ url: '/api/accounts/12345' })).statusCode).toBe(201);
    expect((await server.inject({ url: '/api/accounts/67890' })).statusCode).toBe(201);
    expect((await server.inject({ url: '/api/busy' })).statusCode).toBe(503);

    const m = server.metrics;
    expect(await valueOf(m, 'proxy_responses_total', { status_class: '2xx' })).toBe(2);
    // The middleware's own 503 is its answer, not a proxy error.
    expect(await valueOf(m, 'proxy_responses_total', { status_class: '5xx' })).toBe(1);
    expect(await valueOf(m, 'proxy_errors_total', { status: 503 })).toBe(0);
    expect(await valueOf(m, 'proxy_duration_seconds', { outcome: 'answered' })).toBe(3);
    expect(
      await valueOf(m, 'http_requests_total', {
        method: 'GET',
        route: '/api/*',
        remote: '',
        status: 201,
      }),
    ).toBe(2);
    expect(await m.metrics()).not.toContain('12345');
  });

  it('counts the middleware unreachable as a proxy error with the status the app server answered', async () => {
    const server = await open({ middlewareUrl: closedUrl });
    const res = await server.inject({ url: '/api/accounts/1' });
    // reply-from answers a refused connection 500 (502/503/504 for other ways of not reaching it).
    expect(res.statusCode).toBe(500);

    const m = server.metrics;
    expect(await valueOf(m, 'proxy_errors_total', { status: res.statusCode })).toBe(1);
    expect(await valueOf(m, 'proxy_duration_seconds', { outcome: 'error' })).toBe(1);
    expect(await valueOf(m, 'proxy_responses_total', { status_class: '5xx' })).toBe(0);
  });

  it('counts an accepted failure beacon per remote, version and phase; a refused one not at all', async () => {
    const server = await open();
    const beacon = (body: object) =>
      server.inject({ method: 'POST', url: '/_beacon/remote-failure', payload: body });
    expect((await beacon({ remote: 'payments', version: '1.0.0', phase: 'load' })).statusCode).toBe(
      204,
    );
    expect((await beacon({ remote: 'payments', version: '1.0.0', phase: 'load' })).statusCode).toBe(
      204,
    );
    expect(
      (await beacon({ remote: 'payments', version: '1.1.0', phase: 'mount' })).statusCode,
    ).toBe(204);
    // Not published, and not a remote: refused, and no label made from what the browser wrote.
    expect((await beacon({ remote: 'payments', version: '7.7.7', phase: 'load' })).statusCode).toBe(
      400,
    );
    expect((await beacon({ remote: 'nobody', version: '1.0.0', phase: 'load' })).statusCode).toBe(
      400,
    );

    const m = server.metrics;
    const failures = (remote: string, version: string, phase: string) =>
      valueOf(m, 'remote_failures_total', { remote, version, phase });
    expect(await failures('payments', '1.0.0', 'load')).toBe(2);
    expect(await failures('payments', '1.1.0', 'mount')).toBe(1);
    const text = await m.metrics();
    expect(text).not.toContain('7.7.7');
    expect(text).not.toContain('nobody');
  });

  it('reads the live version per remote from the registry on each scrape', async () => {
    const server = await open();
    const live = (version: string) =>
      `${METRICS_PREFIX}remote_live_version{remote="payments",version="${version}"} 1`;
    const before = await server.metrics.metrics();
    expect(before).toContain(live('1.1.0'));
    expect(before).not.toContain(live('1.0.0'));
    // An operator rolls back (here through another store on the same registry): the next scrape
    // shows the version live now, and no longer the one before.
    const operator = openTestStore(path.join(tmp, 'deploy'));
    let text: string;
    try {
      // By name: the test above reported 1.0.0 failing, which one step back skips (record 045).
      await operator.rollback('payments', {
        operator: 'test',
        reason: 'metrics test',
        to: '1.0.0',
      });
      text = await server.metrics.metrics();
      // The other tests' registry as it was.
      await operator.activate('payments', '1.1.0', { operator: 'test', reason: 'metrics test' });
    } finally {
      await operator.close();
    }
    expect(text).toContain(live('1.0.0'));
    expect(text).not.toContain(live('1.1.0'));
    // Process metrics, with the app server's prefix.
    expect(text).toContain(`${METRICS_PREFIX}process_cpu_seconds_total`);
  });

  it('serves /metrics on this port only with METRICS_TOKEN, and only to its bearer', async () => {
    const without = await open();
    // No route: /metrics is any path of the customers' site (here the page, not built: 503).
    const absent = await without.inject({ url: '/metrics' });
    expect(absent.statusCode).not.toBe(200);
    expect(absent.body).not.toContain(METRICS_PREFIX);
    expect(without.hasRoute({ method: 'GET', url: '/metrics' })).toBe(false);
    await without.close();

    const server = await open({ metricsToken: TOKEN });
    for (const authorization of [undefined, 'Bearer wrong-token-0123456789', TOKEN]) {
      const res = await server.inject({
        url: '/metrics',
        headers: authorization ? { authorization } : {},
      });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ message: 'Unauthorized' });
    }
    const ok = await server.inject({
      url: '/metrics',
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.headers['content-type']).toMatch(/^text\/plain/);
    expect(ok.body).toContain(`${METRICS_PREFIX}http_requests_total`);
  });

  it('serves only GET /metrics on METRICS_PORT', async () => {
    const server = await open();
    await server.inject({ url: '/remotes/payments/1.0.0/mf-manifest.json' });
    const metrics = await startMetricsServer(server.metrics, { host: '127.0.0.1', port: 0 });
    try {
      const base = `http://127.0.0.1:${metrics.port}`;
      const ok = await fetch(`${base}/metrics`);
      expect(ok.status).toBe(200);
      expect(await ok.text()).toContain(
        `${METRICS_PREFIX}http_requests_total{method="GET",route="/remotes/*",remote="payments",status="200"} 1`,
      );
      for (const [method, url] of [
        ['GET', '/'],
        ['GET', '/api/accounts/1'],
        ['GET', '/remotes/payments/1.0.0/mf-manifest.json'],
        ['GET', '/registry.json'],
        ['POST', '/metrics'],
      ] as const) {
        const res = await fetch(`${base}${url}`, { method });
        expect(res.status).toBe(404);
        expect(await res.json()).toEqual({ message: 'Not Found' });
      }
    } finally {
      await metrics.close();
    }
  });

  it("has Grafana panels (docs/operations/grafana-dashboard.json) naming only the app server's metrics", async () => {
    const dashboard = readFileSync(
      path.join(__dirname, '../../../docs/operations/grafana-dashboard.json'),
      'utf8',
    );
    const used = new Set(
      [...dashboard.matchAll(/\bajo_app_server_[a-z0-9_]+/g)].map(([name]) =>
        name.replace(/_(bucket|count|sum)$/, ''),
      ),
    );
    expect(used.size).toBeGreaterThanOrEqual(8);
    const server = await open();
    const known = new Set((await server.metrics.getMetricsAsJSON()).map((m) => m.name));
    expect([...used].filter((name) => !known.has(name))).toEqual([]);
  });
});
