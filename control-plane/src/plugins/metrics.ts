// Prometheus metrics of the app server (docs/decisions/035-node-24-metrics-and-a-linted-api.md,
// the same way as the middleware's): requests by route pattern, the /api proxy's answers and
// errors, failure beacons per remote and version, the live version per remote and the process.
// Served on METRICS_PORT by itself (metrics-server.ts) and/or at GET /metrics on this port behind
// METRICS_TOKEN; neither: no such route, and /metrics is a path of the site like any other.
import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import { REMOTE_NAME, type RegistryStore } from '../registry/index.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** The /api proxy could not get an answer from the middleware (reply-from's 500 for a refused connection, 502/503/504). */
    proxyFailed: boolean;
  }
  interface FastifyInstance {
    /** The app server's metrics, in the Prometheus text format. */
    metrics: Registry;
  }
}

/** Where the operator endpoint answers (outside /api: never proxied). */
export const METRICS_PATH = '/metrics';
/** Every metric of the app server starts with this (the middleware's start with `ajo_`). */
export const METRICS_PREFIX = 'ajo_app_server_';
const BEACON_ROUTE = '/_beacon/remote-failure';

const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];

/** The route's pattern (`/remotes/*`, `/api/*`), never the raw URL: labels stay few. */
function routeOf(request: FastifyRequest): string {
  return request.routeOptions.url ?? 'unmatched';
}

/**
 * The remote a /remotes/<name>/... file belongs to: only the registry's remote names are labels
 * (a bounded set: a file was found, so the remote has a published version); any other name, which
 * anyone can type, is `other`. Not a remote's file: ''.
 */
function remoteOf(request: FastifyRequest, status: number): string {
  if (routeOf(request) !== '/remotes/*') return '';
  const rest = (request.params as Record<string, string | undefined>)['*'] ?? '';
  const name = rest.split('/')[0] ?? '';
  return status < 400 && REMOTE_NAME.test(name) ? name : 'other';
}

const isProxied = (request: FastifyRequest) => routeOf(request).startsWith('/api');

const digest = (text: string) => createHash('sha256').update(text).digest();

export interface MetricsOptions {
  store: RegistryStore;
  /** An operator's bearer token for GET /metrics on this port; unset: no such route. */
  token?: string | undefined;
}

/** The counters and histograms the hooks move. */
function createMeters(registry: Registry) {
  const requests = new Counter({
    name: `${METRICS_PREFIX}http_requests_total`,
    help: 'HTTP requests answered, by method, route pattern, remote (files under /remotes/) and status code.',
    labelNames: ['method', 'route', 'remote', 'status'] as const,
    registers: [registry],
  });
  const duration = new Histogram({
    name: `${METRICS_PREFIX}http_request_duration_seconds`,
    help: 'Time from the request arriving to its answer being sent, by method, route pattern and status code.',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: LATENCY_BUCKETS,
    registers: [registry],
  });
  const proxyAnswers = new Counter({
    name: `${METRICS_PREFIX}proxy_responses_total`,
    help: "Answers of the middleware through /api, by status class (2xx, 3xx, 4xx, 5xx): the middleware's own.",
    labelNames: ['status_class'] as const,
    registers: [registry],
  });
  const proxyErrors = new Counter({
    name: `${METRICS_PREFIX}proxy_errors_total`,
    help: 'Calls to /api the middleware did not answer (unreachable, reset, timed out), by the status the app server answered (500 refused, 502, 503, 504).',
    labelNames: ['status'] as const,
    registers: [registry],
  });
  const proxyDuration = new Histogram({
    name: `${METRICS_PREFIX}proxy_duration_seconds`,
    help: 'Time of a call to /api, by outcome: answered by the middleware, or error (the middleware not reached).',
    labelNames: ['outcome'] as const,
    buckets: LATENCY_BUCKETS,
    registers: [registry],
  });
  const beacons = new Counter({
    name: `${METRICS_PREFIX}remote_failures_total`,
    help: 'Failure beacons accepted from browsers: a published version of a remote failed to load or mount.',
    labelNames: ['remote', 'version', 'phase'] as const,
    registers: [registry],
  });
  const collectFailures = new Counter({
    name: `${METRICS_PREFIX}metrics_collect_failures_total`,
    help: 'Scrapes whose registry reading (the live versions) could not be read.',
    registers: [registry],
  });
  return { requests, duration, proxyAnswers, proxyErrors, proxyDuration, beacons, collectFailures };
}

/**
 * 1 for the version each remote serves to everyone: the document browsers read as /registry.json,
 * read on each scrape; a failed reading is counted and the scrape still answers.
 */
function liveVersionGauge(
  registry: Registry,
  store: RegistryStore,
  failed: (err: unknown) => void,
) {
  new Gauge({
    name: `${METRICS_PREFIX}remote_live_version`,
    help: 'The version each remote serves to everyone (1 per remote, the version as a label), read from the registry on each scrape.',
    labelNames: ['remote', 'version'] as const,
    registers: [registry],
    async collect() {
      try {
        const { remotes } = await store.document();
        this.reset();
        for (const [remote, entry] of Object.entries(remotes)) {
          this.set({ remote, version: entry.version }, 1);
        }
      } catch (err) {
        failed(err);
      }
    },
  });
}

/**
 * Register before the other plugins (fastify-plugin: its hooks see every route). A failure beacon
 * is counted when it was accepted (204): the body passed the schema and the registry counted it,
 * so `version` is a published version of a known remote and the labels stay bounded.
 */
export const metricsPlugin = fp(
  async (app: FastifyInstance, opts: MetricsOptions) => {
    const registry = new Registry();
    app.decorate('metrics', registry);
    app.decorateRequest('proxyFailed', false);
    collectDefaultMetrics({ register: registry, prefix: METRICS_PREFIX });

    const {
      requests,
      duration,
      proxyAnswers,
      proxyErrors,
      proxyDuration,
      beacons,
      collectFailures,
    } = createMeters(registry);
    liveVersionGauge(registry, opts.store, (err) => {
      collectFailures.inc();
      app.log.warn({ err }, 'metrics: registry reading failed');
    });

    // reply-from sends the proxy's own 500/502/503/504 as an error; the middleware's answers are not.
    app.addHook('onError', async (request) => {
      if (isProxied(request)) request.proxyFailed = true;
    });
    app.addHook('onResponse', async (request, reply) => {
      const route = routeOf(request);
      const status = reply.statusCode;
      const seconds = reply.elapsedTime / 1000;
      requests.inc({ method: request.method, route, remote: remoteOf(request, status), status });
      duration.observe({ method: request.method, route, status }, seconds);
      if (isProxied(request)) {
        if (request.proxyFailed) {
          proxyErrors.inc({ status });
          proxyDuration.observe({ outcome: 'error' }, seconds);
        } else {
          proxyAnswers.inc({ status_class: `${Math.floor(status / 100)}xx` });
          proxyDuration.observe({ outcome: 'answered' }, seconds);
        }
      }
      if (route === BEACON_ROUTE && request.method === 'POST' && status === 204) {
        const report = request.body as { remote: string; version: string; phase: string };
        beacons.inc({ remote: report.remote, version: report.version, phase: report.phase });
      }
    });

    if (opts.token) {
      const expected = digest(`Bearer ${opts.token}`);
      app.get(METRICS_PATH, async (request: FastifyRequest, reply: FastifyReply) => {
        const given = digest(request.headers.authorization ?? '');
        if (!timingSafeEqual(given, expected)) {
          return reply.code(401).send({ message: 'Unauthorized' });
        }
        return reply
          .header('Cache-Control', 'no-store')
          .type(registry.contentType)
          .send(await registry.metrics());
      });
    }
  },
  { name: 'metrics' },
);
