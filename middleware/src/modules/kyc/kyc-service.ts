import type { Kysely } from 'kysely';
import type { Clock } from '../../clock.js';
import type { Database } from '../../db/schema.js';
import { conflict, notFound } from '../../errors.js';
import type { JobQueue } from '../../jobs/queue.js';
import type { SecretHasher } from '../../security/secrets.js';
import {
  NIN_ALREADY_LINKED,
  NIN_SUBMITTED,
  TRANSACTION_PIN_CREATED,
} from '../identity/messages.js';
import { queueNinCheck } from './nin-status-jobs.js';

export const TRANSACTION_PIN_ALREADY_SET = 'Your transaction PIN is already set.';
export const NIN_ALREADY_SUBMITTED = 'Your NIN has already been submitted for verification.';

const isUniqueViolation = (error: unknown) =>
  (error as { code?: unknown } | null)?.code === '23505';

/** PUT /users/{id} (nin) and POST /users/{id}/create-transaction-pin. */
export class KycService {
  constructor(
    private readonly deps: {
      db: Kysely<Database>;
      secrets: SecretHasher;
      clock: Clock;
      jobs: Pick<JobQueue, 'enqueue'>;
    },
  ) {}

  /**
   * SPEC §4: the dashboard's NIN prompt submits a NIN for background verification (status
   * 'pending', moved on by the NIN status jobs, queued in the same transaction). Allowed while
   * there is no NIN in flight or accepted: no NIN yet, or the last one was declined.
   */
  async submitNin(userId: string, nin: string) {
    const { db, clock, jobs } = this.deps;
    try {
      const submitted = await db.transaction().execute(async (trx) => {
        const row = await trx
          .updateTable('users')
          .set({ nin, nin_verification_status: 'pending', updated_at: clock.now() })
          .where('id', '=', userId)
          .where((eb) =>
            eb.or([eb('nin', 'is', null), eb('nin_verification_status', '=', 'declined')]),
          )
          .returning('id')
          .executeTakeFirst();
        if (row) await queueNinCheck(jobs, trx, { userId, nin });
        return row !== undefined;
      });
      if (submitted) return { message: NIN_SUBMITTED };
    } catch (error) {
      // One account per NIN (unique index users_nin_key).
      if (isUniqueViolation(error)) throw conflict(NIN_ALREADY_LINKED, 'IDENTITY_LINKED');
      throw error;
    }
    const exists = await db
      .selectFrom('users')
      .select('id')
      .where('id', '=', userId)
      .executeTakeFirst();
    if (!exists) throw notFound('User not found');
    throw conflict(NIN_ALREADY_SUBMITTED, 'NIN_ALREADY_SUBMITTED');
  }

  /** Stored only as the PIN verifier's keyed record, bound to the user (security/secrets.ts); set once. */
  async createTransactionPin(userId: string, pin: string) {
    const { db, secrets, clock } = this.deps;
    const user = await db
      .selectFrom('users')
      .select('transaction_pin_hash')
      .where('id', '=', userId)
      .executeTakeFirst();
    if (!user) throw notFound('User not found');
    if (user.transaction_pin_hash) throw conflict(TRANSACTION_PIN_ALREADY_SET, 'PIN_ALREADY_SET');
    const hash = await secrets.hashTransactionPin(pin, userId);
    // Conditional update: of two parallel requests only one sets the PIN.
    const row = await db
      .updateTable('users')
      .set({ transaction_pin_hash: hash, updated_at: clock.now() })
      .where('id', '=', userId)
      .where('transaction_pin_hash', 'is', null)
      .returning('id')
      .executeTakeFirst();
    if (!row) throw conflict(TRANSACTION_PIN_ALREADY_SET, 'PIN_ALREADY_SET');
    return { message: TRANSACTION_PIN_CREATED };
  }
}
