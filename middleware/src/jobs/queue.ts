import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import { sql, type Kysely } from 'kysely';
import type { Clock } from '../clock.js';
import { isDatabaseUnavailable } from '../db/postgres-pool.js';
import type { Database, Job, JobState } from '../db/schema.js';

/*
 * The one mechanism for background work (docs/decisions/011-jobs-in-the-database.md; the API for
 * job authors is in middleware/README.md "Jobs"). Jobs are rows in `jobs`; an instance claims due
 * ones with FOR UPDATE SKIP LOCKED, so each runs on exactly one instance at a time, and holds them
 * under a lease it renews while the handler runs: when an instance dies, its jobs become claimable
 * again once the lease runs out. Time comes from the injected clock, so tests drive it.
 */

export type { JobState } from '../db/schema.js';

export interface JobLogger {
  info(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
  error(obj: object, msg?: string): void;
}

export interface JobContext {
  id: string;
  kind: string;
  /** 1 on the first run. */
  attempt: number;
  maxAttempts: number;
  /** The queue's clock. */
  now(): Date;
  log: JobLogger;
}

/** Seconds to wait after failed attempt number `attempt` (1-based) before the next one. */
export type Backoff = (attempt: number) => number;

export function exponentialBackoff(
  options: { firstSeconds?: number; factor?: number; maxSeconds?: number } = {},
): Backoff {
  const { firstSeconds = 30, factor = 2, maxSeconds = 3600 } = options;
  return (attempt) => Math.min(maxSeconds, firstSeconds * factor ** Math.max(0, attempt - 1));
}

/** Waits the listed seconds in turn, the last one again after that: [60, 120, 300]. */
export function scheduleBackoff(seconds: readonly number[]): Backoff {
  if (seconds.length === 0) throw new Error('scheduleBackoff needs at least one delay');
  return (attempt) => seconds[Math.min(attempt, seconds.length) - 1] as number;
}

export interface JobDefinition<P> {
  /** Unique name, e.g. 'nin.decide' or 'nip.status-query'. */
  kind: string;
  /**
   * Does the work. Returning means done ('succeeded'). Throwing means this attempt failed: the job
   * runs again after the back-off, or goes 'dead' after the last attempt. Must be idempotent: an
   * instance can die after the side effect and before the queue records success.
   */
  handle(payload: P, ctx: JobContext): Promise<void>;
  /** Attempts before the job is dead (default 5). */
  maxAttempts?: number;
  /** Default: 30 s, doubling, at most 1 h. */
  backoff?: Backoff;
  /** Runs once when the job goes dead (last attempt failed, or GiveUp); errors are only logged. */
  onDead?(payload: P, ctx: JobContext & { error: string }): Promise<void>;
}

/** Thrown by a handler: not a fault, just not yet ("status 09, ask again"); `at` overrides back-off. */
export class RetryLater extends Error {
  constructor(
    message: string,
    readonly at?: Date,
  ) {
    super(message);
    this.name = 'RetryLater';
  }
}

/** Thrown by a handler: retrying cannot help; the job goes dead now (onDead runs). */
export class GiveUp extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'GiveUp';
  }
}

export interface EnqueueOptions {
  /** When it becomes due (default now; see also delaySeconds). */
  runAt?: Date;
  delaySeconds?: number;
  /** The same (kind, dedupeKey) is queued once: a second enqueue returns the first job. */
  dedupeKey?: string;
  maxAttempts?: number;
  /** Enqueue inside the caller's transaction, so the job exists exactly when its cause commits. */
  trx?: Kysely<Database>;
}

export interface EnqueuedJob {
  id: string;
  /** False when the dedupe key matched an existing job (which is returned instead). */
  created: boolean;
  state: JobState;
}

export type Enqueue<P> = (payload: P, options?: EnqueueOptions) => Promise<EnqueuedJob>;

export interface RunSummary {
  succeeded: number;
  /** Failed attempts that will run again. */
  retried: number;
  dead: number;
}

export interface JobQueue {
  /** Registers a kind and returns its typed enqueue. Call before start(). */
  define<P>(definition: JobDefinition<P>): Enqueue<P>;
  /** Makes a defined kind (payload {}) run once per interval across all instances. */
  every(kind: string, intervalSeconds: number): void;
  enqueue(kind: string, payload: unknown, options?: EnqueueOptions): Promise<EnqueuedJob>;
  /** Claims and runs every due job now, until none is left (tests; the poller calls it too). */
  runDue(): Promise<RunSummary>;
  /** Polls every pollIntervalSeconds until stop(). */
  start(): void;
  /** Stops polling and waits for the jobs in hand. */
  stop(): Promise<void>;
  get(id: string): Promise<Job | null>;
  list(filter?: { kind?: string; state?: JobState; limit?: number }): Promise<Job[]>;
  readonly instanceId: string;
}

export interface Timers {
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
  setInterval(fn: () => void, ms: number): unknown;
  clearInterval(handle: unknown): void;
}

const realTimers: Timers = {
  setTimeout: (fn, ms) => setTimeout(fn, ms).unref(),
  clearTimeout: (handle) => clearTimeout(handle as NodeJS.Timeout),
  setInterval: (fn, ms) => setInterval(fn, ms).unref(),
  clearInterval: (handle) => clearInterval(handle as NodeJS.Timeout),
};

export interface JobQueueOptions {
  db: Kysely<Database>;
  clock: Clock;
  log: JobLogger;
  pollIntervalSeconds?: number;
  /** Jobs one instance runs at once (default 4). */
  concurrency?: number;
  /** How long a claim holds without renewal (default 60 s); renewed every third of it. */
  leaseSeconds?: number;
  /** Shown in `locked_by` (default host:pid:random). */
  instanceId?: string;
  timers?: Timers;
}

const DEFAULT_MAX_ATTEMPTS = 5;
/** How soon a job whose database went away under it runs again (a failover takes seconds). */
const DATABASE_GONE_RETRY_MS = 5000;

/**
 * The database went away under a handler (connection lost, server shutting down or read-only):
 * the job is not at fault. A statement timeout is left out: it may be the job's own slow query,
 * which must not retry for ever.
 */
function databaseWentAway(error: unknown): boolean {
  return isDatabaseUnavailable(error) && (error as { code?: unknown }).code !== '57014';
}
const defaultBackoff = exponentialBackoff();
const ERROR_LIMIT = 2000;

function errorText(error: unknown): string {
  const text = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  return text.slice(0, ERROR_LIMIT);
}

interface ReleaseOutcome {
  state: 'succeeded' | 'failed' | 'dead';
  last_error: string | null;
  run_at?: Date;
  /** Set back by one when the attempt did not count (the database went away). */
  attempts?: number;
}

export function createJobQueue(options: JobQueueOptions): JobQueue {
  const { db, clock, log } = options;
  const timers = options.timers ?? realTimers;
  const concurrency = options.concurrency ?? 4;
  const leaseMs = (options.leaseSeconds ?? 60) * 1000;
  const pollMs = (options.pollIntervalSeconds ?? 2) * 1000;
  const instanceId =
    options.instanceId ?? `${hostname()}:${process.pid}:${randomBytes(3).toString('hex')}`;
  // Payloads are whatever each definition says; the queue only stores them.
  const definitions = new Map<string, JobDefinition<never>>();
  const recurring = new Map<string, number>();

  let stopped = true;
  // Set by stop(): a runDue() in progress finishes the batch in hand and claims no more.
  let halting = false;
  let timer: unknown = null;
  let current: Promise<unknown> | null = null;

  const later = (ms: number) => new Date(clock.now().getTime() + ms);

  async function enqueue(
    kind: string,
    payload: unknown,
    opts: EnqueueOptions = {},
  ): Promise<EnqueuedJob> {
    const definition = definitions.get(kind);
    if (!definition) throw new Error(`Unknown job kind ${kind}`);
    const executor = opts.trx ?? db;
    const now = clock.now();
    const runAt = opts.runAt ?? new Date(now.getTime() + (opts.delaySeconds ?? 0) * 1000);
    const inserted = await executor
      .insertInto('jobs')
      .values({
        kind,
        payload: JSON.stringify(payload ?? {}),
        dedupe_key: opts.dedupeKey ?? null,
        max_attempts: opts.maxAttempts ?? definition.maxAttempts ?? DEFAULT_MAX_ATTEMPTS,
        run_at: runAt,
        created_at: now,
        updated_at: now,
      })
      .onConflict((oc) =>
        oc.columns(['kind', 'dedupe_key']).where('dedupe_key', 'is not', null).doNothing(),
      )
      .returning(['id', 'state'])
      .executeTakeFirst();
    if (inserted) return { ...inserted, created: true };
    const existing = await executor
      .selectFrom('jobs')
      .select(['id', 'state'])
      .where('kind', '=', kind)
      .where('dedupe_key', '=', opts.dedupeKey as string)
      .executeTakeFirstOrThrow();
    return { ...existing, created: false };
  }

  /** One job per interval and kind across the fleet: the dedupe key is the interval's start. */
  async function scheduleRecurring() {
    const now = clock.now().getTime();
    for (const [kind, seconds] of recurring) {
      const start = new Date(Math.floor(now / (seconds * 1000)) * seconds * 1000);
      await enqueue(kind, {}, { runAt: start, dedupeKey: `every:${start.toISOString()}` });
    }
  }

  /** Running jobs whose holder died during their last attempt: dead, never run again. */
  async function reapExpiredLastAttempts(): Promise<number> {
    const now = clock.now();
    const reaped = await db
      .updateTable('jobs')
      .set({
        state: 'dead',
        last_error: 'The instance running the last attempt stopped before finishing it.',
        locked_by: null,
        locked_until: null,
        updated_at: now,
        finished_at: now,
      })
      .where('state', '=', 'running')
      .where('locked_until', '<=', now)
      .where(sql<boolean>`attempts >= max_attempts`)
      .where('kind', 'in', [...definitions.keys()])
      .returningAll()
      .execute();
    for (const job of reaped) await announceDeath(job, job.last_error ?? '');
    return reaped.length;
  }

  async function claim(limit: number): Promise<Job[]> {
    const now = clock.now();
    const kinds = [...definitions.keys()];
    if (kinds.length === 0 || limit <= 0) return [];
    const { rows } = await sql<Job>`
      with due as (
        select id from jobs
        where kind in (${sql.join(kinds)})
          and ((state in ('queued', 'failed') and run_at <= ${now})
            or (state = 'running' and locked_until <= ${now} and attempts < max_attempts))
        order by run_at, id
        limit ${limit}
        for update skip locked
      )
      update jobs set
        state = 'running',
        attempts = jobs.attempts + 1,
        locked_by = ${instanceId},
        locked_until = ${later(leaseMs)},
        updated_at = ${now}
      from due
      where jobs.id = due.id
      returning jobs.*`.execute(db);
    return rows;
  }

  /** Updates the job only while this instance still holds this attempt (fencing). */
  function ours(job: Job) {
    return db
      .updateTable('jobs')
      .where('id', '=', job.id)
      .where('state', '=', 'running')
      .where('locked_by', '=', instanceId)
      .where('attempts', '=', job.attempts);
  }

  async function announceDeath(job: Job, error: string) {
    log.error({ jobId: job.id, kind: job.kind, attempts: job.attempts, error }, 'job is dead');
    const definition = definitions.get(job.kind);
    if (!definition?.onDead) return;
    try {
      await definition.onDead(job.payload as never, { ...context(job), error });
    } catch (err) {
      log.error({ jobId: job.id, kind: job.kind, err }, 'onDead failed');
    }
  }

  function context(job: Job): JobContext {
    return {
      id: job.id,
      kind: job.kind,
      attempt: job.attempts,
      maxAttempts: job.max_attempts,
      now: () => clock.now(),
      log,
    };
  }

  async function run(job: Job): Promise<keyof RunSummary | 'lost'> {
    const definition = definitions.get(job.kind) as JobDefinition<unknown>;
    const heartbeat = timers.setInterval(() => {
      ours(job)
        .set({ locked_until: later(leaseMs) })
        .execute()
        .catch((err: unknown) => log.warn({ jobId: job.id, err }, 'could not renew a job lease'));
    }, leaseMs / 3);
    try {
      try {
        await definition.handle(job.payload, context(job));
      } finally {
        timers.clearInterval(heartbeat);
      }
    } catch (error) {
      const text = errorText(error);
      if (databaseWentAway(error)) {
        // A failover is not an attempt: it is given back, so a job on its last attempt does not go
        // dead for it, and the job runs again in a few seconds.
        const given: ReleaseOutcome = {
          state: 'failed',
          last_error: text,
          run_at: new Date(clock.now().getTime() + DATABASE_GONE_RETRY_MS),
          attempts: job.attempts - 1,
        };
        if (!(await release(job, given))) return lost(job);
        log.warn(
          { jobId: job.id, kind: job.kind, error: text },
          'job lost its database; will retry',
        );
        return 'retried';
      }
      if (error instanceof GiveUp || job.attempts >= job.max_attempts) {
        if (!(await release(job, { state: 'dead', last_error: text }))) return lost(job);
        await announceDeath(job, text);
        return 'dead';
      }
      const now = clock.now().getTime();
      const backoffMs = (definition.backoff ?? defaultBackoff)(job.attempts) * 1000;
      const asked = error instanceof RetryLater && error.at ? error.at.getTime() : 0;
      // At least a second ahead, so one runDue() never spins on the same job.
      const next = new Date(Math.max(asked || now + backoffMs, now + 1000));
      if (!(await release(job, { state: 'failed', last_error: text, run_at: next })))
        return lost(job);
      const level = error instanceof RetryLater ? 'info' : 'warn';
      log[level](
        { jobId: job.id, kind: job.kind, attempt: job.attempts, retryAt: next, error: text },
        'job attempt failed; will retry',
      );
      return 'retried';
    }
    if (!(await release(job, { state: 'succeeded', last_error: null }))) return lost(job);
    return 'succeeded';
  }

  /** Records this attempt's outcome and frees the job, if this instance still holds the attempt. */
  async function release(job: Job, outcome: ReleaseOutcome): Promise<boolean> {
    const now = clock.now();
    const result = await ours(job)
      .set({
        ...outcome,
        locked_by: null,
        locked_until: null,
        updated_at: now,
        ...(outcome.state === 'failed' ? {} : { finished_at: now }),
      })
      .executeTakeFirst();
    return result.numUpdatedRows > 0n;
  }

  function lost(job: Job): 'lost' {
    log.warn(
      { jobId: job.id, kind: job.kind, attempt: job.attempts },
      'job lease lost before the attempt was recorded (another instance took it over)',
    );
    return 'lost';
  }

  async function runDue(): Promise<RunSummary> {
    const summary: RunSummary = { succeeded: 0, retried: 0, dead: 0 };
    if (definitions.size === 0) return summary;
    await scheduleRecurring();
    summary.dead += await reapExpiredLastAttempts();
    for (;;) {
      const batch = await claim(concurrency);
      if (batch.length === 0) break;
      const outcomes = await Promise.all(
        batch.map((job) =>
          run(job).catch((err: unknown) => {
            // The database failed while recording the outcome: the lease will run out and
            // another attempt follows.
            log.error({ jobId: job.id, kind: job.kind, err }, 'could not record a job outcome');
            return 'lost' as const;
          }),
        ),
      );
      for (const outcome of outcomes) if (outcome !== 'lost') summary[outcome] += 1;
      if (halting) break;
    }
    return summary;
  }

  function schedule() {
    if (stopped) return;
    timer = timers.setTimeout(() => {
      current = runDue()
        .catch((err: unknown) => log.error({ err }, 'job poll failed'))
        .finally(() => {
          current = null;
          schedule();
        });
    }, pollMs);
  }

  return {
    instanceId,
    define<P>(definition: JobDefinition<P>): Enqueue<P> {
      if (definitions.has(definition.kind))
        throw new Error(`Job kind ${definition.kind} is defined twice`);
      definitions.set(definition.kind, definition as JobDefinition<never>);
      return (payload, opts) => enqueue(definition.kind, payload, opts);
    },
    every(kind, intervalSeconds) {
      if (!definitions.has(kind)) throw new Error(`Unknown job kind ${kind}`);
      if (!(intervalSeconds >= 1))
        throw new Error('A recurring job needs an interval of 1 s or more');
      recurring.set(kind, Math.round(intervalSeconds));
    },
    enqueue,
    runDue,
    start() {
      if (!stopped) return;
      stopped = false;
      halting = false;
      schedule();
    },
    async stop() {
      stopped = true;
      halting = true;
      if (timer !== null) timers.clearTimeout(timer);
      timer = null;
      if (current) await current;
    },
    async get(id) {
      const row = await db.selectFrom('jobs').selectAll().where('id', '=', id).executeTakeFirst();
      return row ?? null;
    },
    list(filter = {}) {
      let query = db.selectFrom('jobs').selectAll();
      if (filter.kind) query = query.where('kind', '=', filter.kind);
      if (filter.state) query = query.where('state', '=', filter.state);
      return query
        .orderBy('created_at', 'desc')
        .orderBy('id')
        .limit(filter.limit ?? 100)
        .execute();
    },
  };
}
