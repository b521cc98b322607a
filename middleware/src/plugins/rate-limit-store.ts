import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema.js';

type Callback = (error: Error | null, result?: { current: number; ttl: number }) => void;

/**
 * A @fastify/rate-limit store over the `rate_limits` table: one fixed window per key, counted with
 * a single upsert so concurrent requests on any number of instances count exactly.
 */
export function databaseRateLimitStore(db: Kysely<Database>) {
  return class DatabaseRateLimitStore {
    private readonly prefix: string;

    constructor(options: { name?: string } = {}) {
      this.prefix = options.name ?? 'global';
    }

    child(options: { name?: string; routeInfo?: { method?: string; url?: string } }) {
      const name =
        options.name ?? `${options.routeInfo?.method ?? ''} ${options.routeInfo?.url ?? ''}`;
      return new DatabaseRateLimitStore({ name });
    }

    incr(key: string, callback: Callback, timeWindow: number): void {
      const fullKey = `${this.prefix}|${key}`;
      const windowMs = sql.lit(Math.max(1, Math.trunc(timeWindow)));
      sql<{ count: number; ttl: number }>`
        insert into rate_limits as r (key, count, reset_at)
        values (${fullKey}, 1, now() + ${windowMs} * interval '1 millisecond')
        on conflict (key) do update set
          count = case when r.reset_at <= now() then 1 else r.count + 1 end,
          reset_at = case when r.reset_at <= now() then excluded.reset_at else r.reset_at end
        returning count, ceil(extract(epoch from (reset_at - now())) * 1000)::int as ttl`
        .execute(db)
        .then(({ rows }) => {
          const row = rows[0];
          callback(null, { current: row?.count ?? 1, ttl: Math.max(0, row?.ttl ?? timeWindow) });
        }, callback);
    }
  };
}

/** Drops windows that ended long ago; called now and then so the table stays small. */
export async function pruneRateLimits(db: Kysely<Database>): Promise<void> {
  await db
    .deleteFrom('rate_limits')
    .where('reset_at', '<', sql<Date>`now() - interval '1 day'`)
    .execute();
}
