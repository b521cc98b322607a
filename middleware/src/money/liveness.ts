import { randomUUID } from 'node:crypto';
import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { Clock } from '../clock.js';
import type { Database } from '../db/schema.js';

/** How often a live instance renews its heartbeat. */
export const HEARTBEAT_SECONDS = 0.5;
/**
 * A heartbeat older than this means its instance is dead: what it held (a money call's claim, a
 * PIN comparison slot) is freed. Five missed beats: a live instance under load still beats in
 * time, and a retry after a crash gets its answer within about three seconds. Freeing a live but
 * stalled instance's claim is safe, only slower: every money call is idempotent by its reference.
 */
export const STALE_AFTER_SECONDS = 2.5;
/** Rows of instances dead this long are deleted (nothing they held is still waiting). */
const FORGET_AFTER_SECONDS = 24 * 60 * 60;

/**
 * This instance's heartbeat (table `instances`, migration 0019; docs/decisions/
 * 027-a-lost-answer-is-checked-never-failed.md). A claim or slot records the
 * instance's id; another instance may free it once that id has no fresh heartbeat. Stopped on
 * close, the row is deleted, so what a cleanly stopped instance left is free at once.
 */
export class InstanceLiveness {
  readonly id = randomUUID();
  private started: Promise<void> | null = null;
  private timer: NodeJS.Timeout | null = null;
  private stopped = false;

  constructor(private readonly deps: { db: Kysely<Database>; clock: Clock }) {}

  /** Resolves once the first heartbeat is written (before anything is recorded under the id). */
  ready(): Promise<void> {
    if (!this.started) {
      this.started = this.beat().then(() => {
        if (this.stopped) return;
        this.timer = setInterval(
          () => void this.beat().catch(() => undefined),
          HEARTBEAT_SECONDS * 1000,
        );
        this.timer.unref();
      });
      // A failed first beat is tried again by the next call.
      this.started.catch(() => {
        this.started = null;
      });
    }
    return this.started;
  }

  async beat(): Promise<void> {
    const now = this.deps.clock.now();
    await sql`
      insert into instances (id, started_at, heartbeat_at) values (${this.id}, ${now}, ${now})
      on conflict (id) do update set heartbeat_at = excluded.heartbeat_at`.execute(this.deps.db);
  }

  /** Stops beating and deletes the row: what this instance held is free for the others. */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    // Never beat: nothing to delete (and nothing of it can be waiting).
    if (!this.started) return;
    await this.started.catch(() => undefined);
    await this.deps.db.deleteFrom('instances').where('id', '=', this.id).execute();
    const forgetBefore = new Date(this.deps.clock.now().getTime() - FORGET_AFTER_SECONDS * 1000);
    await this.deps.db.deleteFrom('instances').where('heartbeat_at', '<', forgetBefore).execute();
  }
}

/**
 * SQL true when the instance named by `instanceId` (a column) is not alive at `now`: no row, or a
 * stale heartbeat. A null id (written by older code) is never "dead" here: only its lease frees it.
 */
export function instanceIsDead(instanceId: RawBuilder<unknown>, now: Date): RawBuilder<boolean> {
  const staleBefore = new Date(now.getTime() - STALE_AFTER_SECONDS * 1000);
  return sql<boolean>`(${instanceId} is not null and not exists (
    select 1 from instances i where i.id = ${instanceId} and i.heartbeat_at > ${staleBefore}))`;
}
