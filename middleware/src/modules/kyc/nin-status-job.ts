import type { Kysely } from 'kysely';
import type { Clock } from '../../clock.js';
import type { Database } from '../../db/schema.js';
import type { IdentityProvider } from '../../providers/identity/index.js';

/** Issue 5: the job's default interval; NIN_JOB_INTERVAL configures it (middleware/README.md). */
export const DEFAULT_NIN_JOB_INTERVAL_SECONDS = 15;
const BATCH = 50;

export interface NinStatusJob {
  /** One pass: pending → processing, processing → approved/declined. Returns rows moved. */
  runOnce(): Promise<{ processing: number; approved: number; declined: number }>;
  /** Runs runOnce every interval until stop(); a pass never overlaps the previous one. */
  start(): void;
  /** Stops the timer and waits for a pass in progress. */
  stop(): Promise<void>;
}

export interface NinStatusJobOptions {
  db: Kysely<Database>;
  provider: IdentityProvider;
  clock: Clock;
  intervalSeconds?: number;
  onError?: (error: unknown) => void;
  /** Injectable timers (tests); default setTimeout/clearTimeout. */
  timers?: {
    setTimeout: (fn: () => void, ms: number) => unknown;
    clearTimeout: (handle: unknown) => void;
  };
}

/**
 * SPEC §4 / issue 5: a NIN submitted from the dashboard moves pending → processing → approved or
 * declined on successive passes, the outcome coming from the identity provider. Each transition is
 * a conditional UPDATE on the current status, so two instances running the job never double-move.
 */
export function createNinStatusJob(options: NinStatusJobOptions): NinStatusJob {
  const { db, provider, clock } = options;
  const interval = (options.intervalSeconds ?? DEFAULT_NIN_JOB_INTERVAL_SECONDS) * 1000;
  const timers = options.timers ?? {
    setTimeout: (fn: () => void, ms: number) => {
      const handle = setTimeout(fn, ms);
      handle.unref();
      return handle;
    },
    clearTimeout: (handle: unknown) => clearTimeout(handle as NodeJS.Timeout),
  };
  let handle: unknown = null;
  let stopped = true;
  let running: Promise<unknown> | null = null;

  async function runOnce() {
    const result = { processing: 0, approved: 0, declined: 0 };
    // Decide first the rows already processing, so a row moves one step per pass.
    const inFlight = await db
      .selectFrom('users')
      .select(['id', 'nin'])
      .where('nin_verification_status', '=', 'processing')
      .where('nin', 'is not', null)
      .orderBy('updated_at')
      .limit(BATCH)
      .execute();
    const pending = await db
      .selectFrom('users')
      .select('id')
      .where('nin_verification_status', '=', 'pending')
      .orderBy('updated_at')
      .limit(BATCH)
      .execute();

    for (const row of inFlight) {
      const outcome = await provider.checkNin(row.nin as string);
      const moved = await db
        .updateTable('users')
        .set({ nin_verification_status: outcome, updated_at: clock.now() })
        .where('id', '=', row.id)
        .where('nin_verification_status', '=', 'processing')
        .where('nin', '=', row.nin as string)
        .returning('id')
        .executeTakeFirst();
      if (moved) result[outcome] += 1;
    }
    if (pending.length > 0) {
      const moved = await db
        .updateTable('users')
        .set({ nin_verification_status: 'processing', updated_at: clock.now() })
        .where(
          'id',
          'in',
          pending.map((r) => r.id),
        )
        .where('nin_verification_status', '=', 'pending')
        .returning('id')
        .execute();
      result.processing = moved.length;
    }
    return result;
  }

  function schedule() {
    if (stopped) return;
    handle = timers.setTimeout(() => {
      running = runOnce()
        .catch((error: unknown) => options.onError?.(error))
        .finally(() => {
          running = null;
          schedule();
        });
    }, interval);
  }

  return {
    runOnce,
    start() {
      if (!stopped) return;
      stopped = false;
      schedule();
    },
    async stop() {
      stopped = true;
      if (handle !== null) timers.clearTimeout(handle);
      handle = null;
      if (running) await running;
    },
  };
}
