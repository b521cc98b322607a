import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { sql } from 'kysely';
import { Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { PoolStats } from '../db/index.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** A money call (src/money/money-route.ts): counted by outcome in ajo_money_calls_total. */
    money?: boolean;
  }
  interface FastifyRequest {
    /** Set by the money area when it answers with a stored answer (same Idempotency-Key). */
    moneyReplayed: boolean;
  }
  interface FastifyInstance {
    /** This app's metrics, in the Prometheus text format (docs/decisions/035). */
    metrics: Registry;
  }
}

export interface MetricsOptions {
  /** An operator's bearer token for GET /metrics on the API's own port; unset: no such route. */
  token?: string;
  /** The database pool's use (PostgreSQL); PGlite has one connection and no pool. */
  poolStats?: () => PoolStats;
}

/** Where the operator endpoint answers on the API's port (outside /api: never proxied). */
export const METRICS_PATH = '/metrics';

/**
 * A money call's outcome, from its answer: `successful`, `pending` (the bank or the biller has not
 * answered yet), `failed` (the money call ended failed, or the server could not finish it),
 * `refused` (a 4xx: wrong PIN, not enough money, a limit), `step_up` (202: an OTP was sent) and
 * `replayed` (the stored answer of an earlier call with the same Idempotency-Key).
 */
export type MoneyOutcome = 'successful' | 'pending' | 'failed' | 'refused' | 'step_up' | 'replayed';

export function moneyOutcome(
  statusCode: number,
  replayed: boolean,
  payload: unknown,
): MoneyOutcome {
  if (replayed) return 'replayed';
  if (statusCode === 202) return 'step_up';
  if (statusCode >= 500) return 'failed';
  if (statusCode >= 400) return 'refused';
  // The money services answer the status of the money (shared moneyCallStatusSchema): at the top
  // (bank transfer), under `transaction` (bills) or under `transfer` (wallet to wallet).
  type Answer = { status?: unknown; transaction?: Answer; transfer?: Answer } | null;
  let status: unknown;
  if (typeof payload === 'string') {
    try {
      const answer = JSON.parse(payload) as Answer;
      status = answer?.status ?? answer?.transaction?.status ?? answer?.transfer?.status;
    } catch {
      status = undefined;
    }
  }
  if (status === 'pending') return 'pending';
  if (status === 'failed') return 'failed';
  return 'successful';
}

const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];

/** The route's pattern (`/api/transfers/wallet-to-bank/:paymentReference`), never the raw URL. */
function routeOf(request: FastifyRequest): string {
  return request.routeOptions.url ?? 'unmatched';
}

const digest = (text: string) => createHash('sha256').update(text).digest();

function secondsSince(now: Date, oldest: unknown): number {
  if (oldest === null || oldest === undefined) return 0;
  const at = oldest instanceof Date ? oldest : new Date(String(oldest));
  return Math.max(0, (now.getTime() - at.getTime()) / 1000);
}

/**
 * Prometheus metrics of one app: HTTP rate, latency and status by route pattern; money calls by
 * outcome; and, read from the database on each scrape, pending bank transfers and bill payments,
 * jobs by kind and state, the oldest due job and the pool's use. Register before the envelope
 * plugin: its onSend sees a money call's answer before it is encrypted.
 */
export const metricsPlugin = fp(
  async (app: FastifyInstance, opts: MetricsOptions) => {
    const registry = new Registry();
    app.decorate('metrics', registry);
    app.decorateRequest('moneyReplayed', false);

    const requests = new Counter({
      name: 'ajo_http_requests_total',
      help: 'HTTP requests answered, by method, route pattern and status code.',
      labelNames: ['method', 'route', 'status'] as const,
      registers: [registry],
    });
    const duration = new Histogram({
      name: 'ajo_http_request_duration_seconds',
      help: 'Time from the request arriving to its answer being sent, by method, route pattern and status code.',
      labelNames: ['method', 'route', 'status'] as const,
      buckets: LATENCY_BUCKETS,
      registers: [registry],
    });
    const moneyCalls = new Counter({
      name: 'ajo_money_calls_total',
      help: 'Money calls by route pattern and outcome (successful, pending, failed, refused, step_up, replayed).',
      labelNames: ['route', 'outcome'] as const,
      registers: [registry],
    });
    const collectFailures = new Counter({
      name: 'ajo_metrics_collect_failures_total',
      help: 'Scrapes whose database readings (pending money, jobs) could not be read.',
      registers: [registry],
    });

    const pending = new Gauge({
      name: 'ajo_money_pending',
      help: 'Bank transfers and bill payments still pending (no definite answer from the switch or the biller).',
      labelNames: ['kind'] as const,
      registers: [registry],
    });
    const pendingAge = new Gauge({
      name: 'ajo_money_pending_oldest_age_seconds',
      help: 'Age of the oldest pending bank transfer or bill payment (0 when none).',
      labelNames: ['kind'] as const,
      registers: [registry],
    });
    const jobs = new Gauge({
      name: 'ajo_jobs',
      help: 'Background jobs by kind and state (succeeded jobs are not counted: housekeeping deletes them).',
      labelNames: ['kind', 'state'] as const,
      registers: [registry],
    });
    const queueAge = new Gauge({
      name: 'ajo_jobs_oldest_due_age_seconds',
      help: 'How long the oldest job that is due (queued or waiting for a retry) has been waiting to run.',
      registers: [registry],
    });

    /*
     * One reading of the database per scrape, shared by the gauges (prom-client calls each gauge's
     * collect). The queries read the partial indexes of migration 0025 and the jobs table, which
     * housekeeping keeps short.
     */
    let reading: Promise<void> | null = null;
    const readDatabase = async () => {
      const now = app.clock.now();
      const [transfers, bills, byKind, due] = await Promise.all([
        app.db
          .selectFrom('outbound_transfers')
          .select((eb) => [
            eb.fn.countAll<number>().as('count'),
            eb.fn.min('created_at').as('oldest'),
          ])
          .where('status', '=', 'pending')
          .executeTakeFirstOrThrow(),
        app.db
          .selectFrom('bill_payments')
          .select((eb) => [
            eb.fn.countAll<number>().as('count'),
            eb.fn.min('created_at').as('oldest'),
          ])
          .where('status', '=', 'pending')
          .executeTakeFirstOrThrow(),
        app.db
          .selectFrom('jobs')
          .select(['kind', 'state', (eb) => eb.fn.countAll<number>().as('count')])
          .where('state', '!=', 'succeeded')
          .groupBy(['kind', 'state'])
          .execute(),
        app.db
          .selectFrom('jobs')
          .select((eb) => eb.fn.min('run_at').as('oldest'))
          .where(sql.ref('state'), 'in', sql`('queued', 'failed')`)
          .where('run_at', '<=', now)
          .executeTakeFirstOrThrow(),
      ]);
      pending.set({ kind: 'bank_transfer' }, Number(transfers.count));
      pending.set({ kind: 'bill_payment' }, Number(bills.count));
      pendingAge.set({ kind: 'bank_transfer' }, secondsSince(now, transfers.oldest));
      pendingAge.set({ kind: 'bill_payment' }, secondsSince(now, bills.oldest));
      jobs.reset();
      for (const row of byKind) jobs.set({ kind: row.kind, state: row.state }, Number(row.count));
      queueAge.set(secondsSince(now, due.oldest));
    };
    // The first gauge's collect starts the reading; the others wait for the same one.
    const collectOnce = async () => {
      reading ??= readDatabase()
        .catch((err: unknown) => {
          collectFailures.inc();
          app.log.warn({ err }, 'metrics: database readings failed');
        })
        .finally(() => setImmediate(() => (reading = null)));
      await reading;
    };
    for (const gauge of [pending, pendingAge, jobs, queueAge]) {
      (gauge as unknown as { collect: () => Promise<void> }).collect = collectOnce;
    }

    if (opts.poolStats) {
      const poolStats = opts.poolStats;
      new Gauge({
        name: 'ajo_db_pool_connections',
        help: 'PostgreSQL pool connections: total open, idle, and requests waiting for one.',
        labelNames: ['state'] as const,
        registers: [registry],
        collect() {
          const stats = poolStats();
          this.set({ state: 'total' }, stats.total);
          this.set({ state: 'idle' }, stats.idle);
          this.set({ state: 'waiting' }, stats.waiting);
        },
      });
      new Gauge({
        name: 'ajo_db_pool_max',
        help: 'The PostgreSQL pool size (DATABASE_POOL_MAX).',
        registers: [registry],
        collect() {
          this.set(poolStats().max);
        },
      });
    }

    // An incoming request id is echoed, so a customer's report, the browser and both servers'
    // log lines can be matched (src/plugins/logging.ts keeps or makes it).
    app.addHook('onRequest', async (request, reply) => {
      reply.header('x-request-id', request.id);
    });
    app.addHook('onSend', async (request, reply, payload) => {
      if (request.routeOptions.config?.money === true) {
        moneyCalls.inc({
          route: routeOf(request),
          outcome: moneyOutcome(reply.statusCode, request.moneyReplayed, payload),
        });
      }
      return payload;
    });
    app.addHook('onResponse', async (request, reply) => {
      const labels = { method: request.method, route: routeOf(request), status: reply.statusCode };
      requests.inc(labels);
      duration.observe(labels, reply.elapsedTime / 1000);
    });

    if (opts.token) {
      const expected = digest(`Bearer ${opts.token}`);
      app.get(
        METRICS_PATH,
        // Prometheus sends no app attestation: the operator token is this route's check.
        { schema: { hide: true }, config: { appCheck: false } },
        async (request: FastifyRequest, reply: FastifyReply) => {
          const given = digest(request.headers.authorization ?? '');
          if (!timingSafeEqual(given, expected)) {
            return reply.code(401).send({ message: 'Unauthorized' });
          }
          return reply.type(registry.contentType).send(await registry.metrics());
        },
      );
    }
  },
  { name: 'metrics' },
);
