import { sql, type Kysely } from 'kysely';
import type { Clock } from '../clock.js';
import type { Database } from '../db/schema.js';
import { AppError } from '../errors.js';
import type { SecretHasher } from '../security/secrets.js';
import {
  INCORRECT_TRANSACTION_PIN,
  TRANSACTION_PIN_LOCKED,
  TOO_MANY_AT_ONCE,
  TRANSACTION_PIN_NOT_SET,
} from './messages.js';

export const MAX_WRONG_PINS = 5;
export const PIN_LOCK_SECONDS = 15 * 60;
/**
 * Far longer than any comparison takes, queue included (a scrypt hash is well under a second, and
 * the hash pool's queue is bounded): a slot still unsettled after this was left by a process
 * that stopped mid-comparison.
 */
export const UNSETTLED_SLOT_SECONDS = 120;

const locked = () => new AppError(429, TRANSACTION_PIN_LOCKED, 'PIN_LOCKED');

/**
 * The transaction PIN check of every money call: 5 wrong PINs in a row lock all the user's money
 * calls for 15 minutes; a right PIN resets the count.
 *
 * ARCHITECTURE "Security habits": the attempt is counted before the PIN is compared, in one
 * conditional statement. `failures` holds the wrong PINs in a row plus the attempts still being
 * compared, so however many arrive at once at most 5 are ever compared in a lock window: an attempt
 * that finds 5 slots taken gives its slot back and is refused unseen. A right PIN only counts
 * while no lock holds (one conditional update), so it cannot clear a lock that wrong PINs of the
 * same burst earned, even if its comparison finishes after theirs.
 */
export class TransactionPinGuard {
  constructor(
    private readonly deps: { db: Kysely<Database>; secrets: SecretHasher; clock: Clock },
  ) {}

  /** 429 while the user's money calls are locked (for money calls that carry no PIN). */
  async assertNotLocked(userId: string): Promise<void> {
    const row = await this.deps.db
      .selectFrom('transaction_pin_attempts')
      .select('locked_until')
      .where('user_id', '=', userId)
      .executeTakeFirst();
    if (row?.locked_until && row.locked_until > this.deps.clock.now()) throw locked();
  }

  /** 401 for a wrong PIN, 429 when this wrong PIN is the fifth in a row or a lock holds. */
  async verify(userId: string, pin: string): Promise<void> {
    const { db, secrets, clock } = this.deps;
    const user = await db
      .selectFrom('users')
      .select('transaction_pin_hash')
      .where('id', '=', userId)
      .executeTakeFirst();
    if (!user?.transaction_pin_hash) throw new AppError(400, TRANSACTION_PIN_NOT_SET);
    const now = clock.now();

    await this.lockUnsettledSlots(userId, now);
    const slot = await this.countAttempt(userId, now);
    if (slot === null) throw locked();
    if (slot > MAX_WRONG_PINS) {
      // Five attempts are already being compared: refused unseen. Not a lock (those five may all
      // be right), so the answer says what happened instead of blaming a wrong PIN.
      await this.giveBack(userId);
      if (await this.isLocked(userId, now)) throw locked();
      throw new AppError(429, TOO_MANY_AT_ONCE, 'TOO_MANY_AT_ONCE');
    }

    if (await secrets.verifySecret(pin, user.transaction_pin_hash)) {
      // Reset the count, unless a lock was set meanwhile by wrong PINs counted with this one.
      const reset = await db
        .updateTable('transaction_pin_attempts')
        .set({ failures: 0 })
        .where('user_id', '=', userId)
        .where('locked_until', 'is', null)
        .returning('user_id')
        .executeTakeFirst();
      if (!reset) throw locked();
      return;
    }

    // This wrong PIN keeps its slot; 5 slots taken lock every money call of the user.
    const lock = await db
      .updateTable('transaction_pin_attempts')
      .set({ locked_until: new Date(now.getTime() + PIN_LOCK_SECONDS * 1000) })
      .where('user_id', '=', userId)
      .where('failures', '>=', MAX_WRONG_PINS)
      .where('locked_until', 'is', null)
      .returning('user_id')
      .executeTakeFirst();
    if (lock || (await this.isLocked(userId, now))) throw locked();
    throw new AppError(401, INCORRECT_TRANSACTION_PIN, 'INCORRECT_PIN');
  }

  /**
   * Takes the next attempt slot in one statement: its number, or null while a lock holds. An
   * expired lock starts a new window at 1.
   */
  private async countAttempt(userId: string, now: Date): Promise<number | null> {
    const result = await sql<{ failures: number }>`
      insert into transaction_pin_attempts as t (user_id, failures, locked_until, counted_at)
      values (${userId}, 1, null, ${now})
      on conflict (user_id) do update set
        failures = case when t.locked_until is null then t.failures + 1 else 1 end,
        locked_until = null,
        counted_at = ${now}
      where t.locked_until is null or t.locked_until <= ${now}
      returning failures`.execute(this.deps.db);
    return result.rows[0]?.failures ?? null;
  }

  /**
   * All slots taken, no lock, and none taken for UNSETTLED_SLOT_SECONDS: those attempts were never
   * settled (their process stopped mid-comparison), and would refuse every attempt unseen for
   * ever. They become the lock they would at worst have earned, counted from the last of them,
   * so the customer waits at most 15 minutes and no PIN is compared beyond the five.
   */
  private async lockUnsettledSlots(userId: string, now: Date): Promise<void> {
    const stale = new Date(now.getTime() - UNSETTLED_SLOT_SECONDS * 1000);
    await sql`
      update transaction_pin_attempts
      set locked_until = coalesce(counted_at, ${now}) + make_interval(secs => ${PIN_LOCK_SECONDS})
      where user_id = ${userId}
        and locked_until is null
        and failures >= ${MAX_WRONG_PINS}
        and (counted_at is null or counted_at <= ${stale})`.execute(this.deps.db);
  }

  /** A new transaction PIN (the reset with an OTP) starts with a clean count and no lock. */
  async clear(userId: string): Promise<void> {
    await this.deps.db
      .deleteFrom('transaction_pin_attempts')
      .where('user_id', '=', userId)
      .execute();
  }

  private async giveBack(userId: string): Promise<void> {
    await this.deps.db
      .updateTable('transaction_pin_attempts')
      .set({ failures: sql<number>`greatest(failures - 1, 0)` })
      .where('user_id', '=', userId)
      .where('locked_until', 'is', null)
      .execute();
  }

  private async isLocked(userId: string, now: Date): Promise<boolean> {
    const row = await this.deps.db
      .selectFrom('transaction_pin_attempts')
      .select('locked_until')
      .where('user_id', '=', userId)
      .executeTakeFirst();
    return Boolean(row?.locked_until && row.locked_until > now);
  }
}
