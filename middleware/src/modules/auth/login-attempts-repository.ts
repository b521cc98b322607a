import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';

export interface AttemptState {
  /** Attempts since the last success or lock, this one included. */
  count: number;
  /** Set only while a lock lasts: the upsert clears one that has run out. */
  lockedUntil: Date | null;
}

/** SQL of `login_attempts` (migration 0003); the rules are in login-service.ts. */
export class LoginAttemptsRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /**
   * Counts one sign-in attempt for the phone in one atomic upsert, before the PIN is checked, so
   * parallel attempts each get their own number. While a lock holds, nothing changes and the lock
   * comes back; a lock that has run out starts a fresh count.
   */
  async countAttempt(phone: string, now: Date): Promise<AttemptState> {
    const result = await sql<{ failed_count: number; locked_until: Date | null }>`
      insert into login_attempts (phone_number, failed_count, locked_until, updated_at)
      values (${phone}, 1, null, ${now})
      on conflict (phone_number) do update set
        failed_count = case
          when login_attempts.locked_until > ${now} then login_attempts.failed_count
          when login_attempts.locked_until is not null then 1
          else login_attempts.failed_count + 1 end,
        locked_until = case
          when login_attempts.locked_until > ${now} then login_attempts.locked_until
          else null end,
        updated_at = ${now}
      returning failed_count, locked_until`.execute(this.db);
    const row = result.rows[0];
    if (!row) throw new Error('login_attempts upsert returned no row');
    return {
      count: row.failed_count,
      lockedUntil: row.locked_until === null ? null : new Date(row.locked_until),
    };
  }

  /** Locks sign-in until `until` (kept if a later lock is already set). */
  async lock(phone: string, until: Date, now: Date): Promise<Date> {
    const row = await this.db
      .updateTable('login_attempts')
      // greatest() ignores a null locked_until.
      .set({ locked_until: sql<Date>`greatest(locked_until, ${until})`, updated_at: now })
      .where('phone_number', '=', phone)
      .returning('locked_until')
      .executeTakeFirst();
    return row?.locked_until ? new Date(row.locked_until) : until;
  }

  /** A successful sign-in or a security PIN reset starts over. */
  async clear(phone: string): Promise<void> {
    await this.db.deleteFrom('login_attempts').where('phone_number', '=', phone).execute();
  }
}
