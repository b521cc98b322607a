import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import { pruneRateLimits } from '../plugins/rate-limit-store.js';
import type { JobQueue } from './queue.js';

/** Finished jobs are kept this long (and their dedupe keys remembered) before being deleted. */
export const JOB_RETENTION_DAYS = 30;
/**
 * Sessions are kept this long after they ended or expired (who was signed in where, for support),
 * then deleted: one row per sign-in would otherwise grow for ever, and the token check reads it.
 */
export const SESSION_RETENTION_DAYS = 30;
const HOURLY = 3600;

/** Table upkeep, hourly on one instance of the fleet. Dead jobs stay until someone looks at them. */
export function registerHousekeepingJobs(jobs: JobQueue, db: Kysely<Database>): void {
  jobs.define({
    kind: 'housekeeping.jobs',
    async handle(_payload, ctx) {
      const before = new Date(ctx.now().getTime() - JOB_RETENTION_DAYS * 86400 * 1000);
      await db
        .deleteFrom('jobs')
        .where('state', '=', 'succeeded')
        .where('finished_at', '<', before)
        .execute();
    },
  });
  jobs.every('housekeeping.jobs', HOURLY);

  jobs.define({
    kind: 'housekeeping.rate-limits',
    handle: () => pruneRateLimits(db),
  });
  jobs.every('housekeeping.rate-limits', HOURLY);

  jobs.define({
    kind: 'housekeeping.sessions',
    async handle(_payload, ctx) {
      const before = new Date(ctx.now().getTime() - SESSION_RETENTION_DAYS * 86400 * 1000);
      await db
        .deleteFrom('sessions')
        .where((eb) => eb.or([eb('ended_at', '<', before), eb('expires_at', '<', before)]))
        .execute();
    },
  });
  jobs.every('housekeeping.sessions', HOURLY);
}
