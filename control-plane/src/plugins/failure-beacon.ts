// POST /_beacon/remote-failure on the customers' site: a browser reports that a version of a remote
// failed to load or to mount there (host/src/federation/failure-beacon.ts), and the registry counts
// it per remote and version for the operators (GET /_operator/registry `failures`;
// docs/decisions/020-last-known-good-fallback.md). Anyone can call it, so it takes nothing on
// trust: a small JSON body, rate limited per client before anything is read, and only a published
// version of a known remote is counted (anything else is a 400 and makes no row). Never a 500.
// While the registry database cannot be read, a report is kept and counted when it can
// (failure-keeper.ts): 202.
import { Counter, Gauge } from 'prom-client';
import type { FastifyInstance } from 'fastify';
import { RegistryError, RegistryUnreadable, type RegistryStore } from '../registry/index.js';
import { answerWithMessages, limitPerClient, type RateLimit } from './client-guards.js';
import { createFailureKeeper } from './failure-keeper.js';
import { METRICS_PREFIX } from './metrics.js';

/** Bytes: `{remote, version, phase, message}` with a 200-character message fits with room to spare. */
export const BEACON_BODY_LIMIT = 1024;

const reportSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['remote', 'version', 'phase'],
  properties: {
    remote: { type: 'string', maxLength: 64 },
    version: { type: 'string', maxLength: 64 },
    phase: { type: 'string', enum: ['load', 'mount', 'render'] },
    message: { type: 'string', maxLength: 200 },
  },
};
interface Report {
  remote: string;
  version: string;
  phase: 'load' | 'mount' | 'render';
  message?: string;
}

export async function failureBeacon(
  app: FastifyInstance,
  o: {
    store: RegistryStore;
    rateLimit?: RateLimit | undefined;
    /** How many reports are kept while the database is down, and how often they are retried. */
    keep?: { limit?: number; everyMs?: number } | undefined;
  },
) {
  const lost = new Counter({
    name: `${METRICS_PREFIX}remote_failures_lost_total`,
    help: 'Failure beacons not counted: kept while the registry database was down but there was no room (full), or refused once it could be read (refused).',
    labelNames: ['why'] as const,
    registers: app.metrics ? [app.metrics] : [],
  });
  const keeper = createFailureKeeper({
    count: async (report) => {
      await o.store.countFailure(report);
    },
    limit: o.keep?.limit,
    everyMs: o.keep?.everyMs,
    onLost: (why) => lost.inc({ why }),
  });
  new Gauge({
    name: `${METRICS_PREFIX}remote_failures_pending`,
    help: 'Failure beacons kept while the registry database is down, to be counted when it is back.',
    registers: app.metrics ? [app.metrics] : [],
    collect() {
      this.set(keeper.pending());
    },
  });
  app.addHook('onClose', async () => keeper.stop());

  // Counted before the body is parsed, so even reports that fail to parse use up the allowance.
  await limitPerClient(
    app,
    { max: o.rateLimit?.max ?? 20, timeWindow: o.rateLimit?.timeWindow ?? '1 minute' },
    (after) => `Too many failure reports: try again in ${after}`,
  );
  answerWithMessages(app, { status: 503, message: 'The failure could not be recorded' });

  app.post<{ Body: Report }>(
    '/_beacon/remote-failure',
    { bodyLimit: BEACON_BODY_LIMIT, schema: { body: reportSchema } },
    async (request, reply) => {
      const { remote, version, phase, message } = request.body;
      try {
        await o.store.countFailure({ remote, version, phase, message });
      } catch (error) {
        // An unknown remote is a bad report here, not a missing page.
        if (error instanceof RegistryError && error.statusCode === 404) {
          throw new RegistryError(error.message, 400);
        }
        // Its form is good (checked before the database is asked): kept, counted later.
        if (error instanceof RegistryUnreadable) {
          if (!keeper.keep({ remote, version, phase, message })) {
            throw new RegistryError('The failure could not be recorded', 503);
          }
          return reply
            .code(202)
            .send({ message: 'The registry cannot be read now: the failure is kept and counted when it can' });
        }
        throw error;
      }
      return reply.code(204).send();
    },
  );
}
