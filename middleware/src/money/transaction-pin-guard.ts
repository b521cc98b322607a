import { sql, type Kysely } from 'kysely';
import type { Clock } from '../../clock.js';
import type { Database } from '../../db/schema.js';
import { AppError } from '../../errors.js';
import type { SecretHasher } from '../../security/secrets.js';
import {
  INCORRECT_TRANSACTION_PIN,
  TRANSACTION_PIN_LOCKED,
  TRANSACTION_PIN_NOT_SET,
} from './messages.js';

export const MAX_WRONG_PINS = 5;
export const PIN_LOCK_SECONDS = 15 * 60;

/**
 * The transaction PIN check of every money call (issue 6): 5 wrong PINs in a row lock all the
 * user's money calls for 15 minutes; a right PIN resets the count. Other money routes call
 * assertNotLocked (no PIN in the request) or verify (PIN in the request).
 */
export class TransactionPinGuard {
  constructor(
    private readonly deps: { db: Kysely<Database>; secrets: SecretHasher; clock: Clock },
  ) {}

  /** 429 while the user's money calls are locked. */
  async assertNotLocked(userId: string): Promise<void> {
    const row = await this.deps.db
      .selectFrom('transaction_pin_attempts')
      .select('locked_until')
      .where('user_id', '=', userId)
      .executeTakeFirst();
    if (row?.locked_until && row.locked_until > this.deps.clock.now()) {
      throw new AppError(429, TRANSACTION_PIN_LOCKED, 'PIN_LOCKED');
    }
  }

  /** 401 for a wrong PIN, 429 when this wrong PIN is the fifth in a row or a lock holds. */
  async verify(userId: string, pin: string): Promise<void> {
    const { db, secrets, clock } = this.deps;
    await this.assertNotLocked(userId);
    const user = await db
      .selectFrom('users')
      .select('transaction_pin_hash')
      .where('id', '=', userId)
      .executeTakeFirst();
    if (!user?.transaction_pin_hash) throw new AppError(400, TRANSACTION_PIN_NOT_SET);
    if (await secrets.verifySecret(pin, user.transaction_pin_hash)) {
      await db.deleteFrom('transaction_pin_attempts').where('user_id', '=', userId).execute();
      return;
    }
    // One atomic upsert, so parallel wrong PINs each count (no lost update).
    const now = clock.now();
    const lockUntil = new Date(now.getTime() + PIN_LOCK_SECONDS * 1000);
    const row = await db
      .insertInto('transaction_pin_attempts')
      .values({ user_id: userId, failures: 1, locked_until: null })
      .onConflict((oc) =>
        oc.column('user_id').doUpdateSet({
          failures: sql<number>`transaction_pin_attempts.failures + 1`,
        }),
      )
      .returning('failures')
      .executeTakeFirstOrThrow();
    if (row.failures >= MAX_WRONG_PINS) {
      await db
        .updateTable('transaction_pin_attempts')
        .set({ failures: 0, locked_until: lockUntil })
        .where('user_id', '=', userId)
        .execute();
      throw new AppError(429, TRANSACTION_PIN_LOCKED, 'PIN_LOCKED');
    }
    throw new AppError(401, INCORRECT_TRANSACTION_PIN, 'INCORRECT_PIN');
  }
}
