import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';

/**
 * The OTP purposes issued through OtpService; one row per phone and purpose, kept by a partial
 * unique index each (migration 0003: signup and reset; 0015: transaction-pin-reset).
 */
export type OtpPurpose = 'signup' | 'reset' | 'transaction-pin-reset';

/** The predicate of the partial unique index that holds each purpose's one row (ON CONFLICT). */
const ONE_ROW_INDEX: Record<OtpPurpose, ReturnType<typeof sql.raw>> = {
  signup: sql.raw(`purpose in ('signup', 'reset')`),
  reset: sql.raw(`purpose in ('signup', 'reset')`),
  'transaction-pin-reset': sql.raw(`purpose = 'transaction-pin-reset'`),
};

export interface LiveOtp {
  id: string;
  hash: string;
  attempts: number;
  expires_at: Date;
}

/** SQL of the `otps` table; the rules are in otp-service.ts. */
export class OtpRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /**
   * Stores a new OTP for phone + purpose, replacing the previous one (which stops working), unless
   * the previous one was sent after `sentNotAfter`. One statement, so two parallel requests cannot
   * both pass the resend rule. Returns the row id, or null when it was too early.
   */
  async replace(input: {
    phone: string;
    purpose: OtpPurpose;
    hash: string;
    now: Date;
    expiresAt: Date;
    sentNotAfter: Date;
  }): Promise<string | null> {
    const result = await sql<{ id: string }>`
      insert into otps (phone_number, purpose, hash, expires_at, attempts, consumed_at, created_at)
      values (${input.phone}, ${input.purpose}, ${input.hash}, ${input.expiresAt}, 0, null, ${input.now})
      on conflict (phone_number, purpose) where ${ONE_ROW_INDEX[input.purpose]}
      do update set hash = excluded.hash, expires_at = excluded.expires_at, attempts = 0,
        consumed_at = null, created_at = excluded.created_at
      where otps.created_at <= ${input.sentNotAfter}
      returning id`.execute(this.db);
    return result.rows[0]?.id ?? null;
  }

  async lastSentAt(phone: string, purpose: OtpPurpose): Promise<Date | undefined> {
    const row = await this.db
      .selectFrom('otps')
      .select('created_at')
      .where('phone_number', '=', phone)
      .where('purpose', '=', purpose)
      .orderBy('created_at', 'desc')
      .executeTakeFirst();
    return row?.created_at;
  }

  /** Forgets an OTP that could not be delivered, so the resend rule does not hold the user back. */
  async remove(id: string): Promise<void> {
    await this.db.deleteFrom('otps').where('id', '=', id).execute();
  }

  /** The unused OTP for phone + purpose, if any (expired or not). */
  findLive(phone: string, purpose: OtpPurpose): Promise<LiveOtp | undefined> {
    return this.db
      .selectFrom('otps')
      .select(['id', 'hash', 'attempts', 'expires_at'])
      .where('phone_number', '=', phone)
      .where('purpose', '=', purpose)
      .where('consumed_at', 'is', null)
      .executeTakeFirst();
  }

  /**
   * Counts one try before the code is compared, atomically, so parallel guesses each get their
   * own number and at most the allowed number is ever compared. Null when the OTP is gone.
   */
  async countTry(id: string): Promise<number | null> {
    const row = await this.db
      .updateTable('otps')
      .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
      .where('id', '=', id)
      .where('consumed_at', 'is', null)
      .returning('attempts')
      .executeTakeFirst();
    return row?.attempts ?? null;
  }

  /** Marks the OTP used; false when a parallel request used it first (single use). */
  async consume(id: string, now: Date): Promise<boolean> {
    const row = await this.db
      .updateTable('otps')
      .set({ consumed_at: now })
      .where('id', '=', id)
      .where('consumed_at', 'is', null)
      .returning('id')
      .executeTakeFirst();
    return row !== undefined;
  }
}
