import { formatKobo } from '@ajo/shared/format';
import { sql, type Kysely } from 'kysely';
import type { Clock } from '../../clock.js';
import type { Database } from '../../db/schema.js';
import { createLedger } from '../../ledger/index.js';
import { AppError, conflict, forbidden, notFound } from '../../errors.js';
import type { IdentityProvider } from '../../providers/identity/index.js';
import type { TransactionPinGuard } from '../../money/transaction-pin-guard.js';
import type { SecretHasher } from '../../security/secrets.js';
import type { OtpService } from '../auth/otp-service.js';
import { BVN_ALREADY_LINKED } from '../identity/messages.js';
import {
  ACCOUNT_ALREADY_CLOSED,
  ACCOUNT_CLOSED,
  BVN_NOT_FOUND,
  BVN_REFUSED,
  BVN_UPDATED,
  CLOSURE_PENDING_TRANSACTION,
  closureBalanceLeft,
  NO_BVN_LINKED,
  NO_REFERRALS_YET,
  PHONE_NOT_YOURS,
  REFERRALS_FOUND,
  TRANSACTION_PIN_OTP_SENT,
  TRANSACTION_PIN_RESET_DONE,
} from './messages.js';

type Db = Kysely<Database>;

const isUniqueViolation = (error: unknown) =>
  (error as { code?: unknown } | null)?.code === '23505';

/** The Settings calls that are not documents or statements (SPEC §2 "Settings", §7). */
export class AccountSettings {
  constructor(
    private readonly deps: {
      db: Db;
      clock: Clock;
      secrets: SecretHasher;
      otps: OtpService;
      pinGuard: TransactionPinGuard;
      identity: IdentityProvider;
    },
  ) {}

  private async phoneOf(userId: string): Promise<string> {
    const row = await this.deps.db
      .selectFrom('users')
      .select('phone_number')
      .where('id', '=', userId)
      .executeTakeFirst();
    if (!row) throw notFound('User not found');
    return row.phone_number;
  }

  /**
   * POST /users/{id}/update-bvn. The identity provider must know the BVN and release it for this
   * account; one account per BVN (unique index), so a BVN linked elsewhere is refused.
   */
  async updateBvn(userId: string, bvn: string) {
    const lookup = await this.deps.identity.lookupBvn(bvn);
    if (lookup.outcome === 'not_found') throw new AppError(422, BVN_NOT_FOUND, 'BVN_NOT_FOUND');
    if (lookup.outcome === 'mismatch') throw new AppError(422, BVN_REFUSED, 'BVN_MISMATCH');
    try {
      await this.deps.db
        .updateTable('users')
        .set({ bvn, updated_at: this.deps.clock.now() })
        .where('id', '=', userId)
        .execute();
    } catch (error) {
      if (isUniqueViolation(error)) throw conflict(BVN_ALREADY_LINKED, 'IDENTITY_LINKED');
      throw error;
    }
    return { message: BVN_UPDATED };
  }

  /**
   * POST /users/{id}/reveal-bvn: the full BVN, only after the transaction PIN, which is counted
   * and locked like a money call's (TransactionPinGuard), so the reveal cannot be used to guess it.
   */
  async revealBvn(userId: string, transactionPin: string) {
    await this.deps.pinGuard.verify(userId, transactionPin);
    const row = await this.deps.db
      .selectFrom('users')
      .select('bvn')
      .where('id', '=', userId)
      .executeTakeFirst();
    if (!row?.bvn) throw notFound(NO_BVN_LINKED);
    return { bvn: row.bvn };
  }

  /** GET /auth/get-otp: only to the signed-in customer's own phone (SMS, sandbox outbox). */
  async requestPinResetOtp(userId: string, phone: string) {
    if ((await this.phoneOf(userId)) !== phone) throw forbidden(PHONE_NOT_YOURS);
    await this.deps.otps.issue(phone, 'transaction-pin-reset');
    return { message: TRANSACTION_PIN_OTP_SENT };
  }

  /**
   * POST /users/{id}/reset-transaction-pin. The OTP rules are the sign-up OTP's (OtpService:
   * single use, 10 minutes, tries counted atomically before comparing); a new PIN also lifts the
   * wrong-PIN lock of the money calls.
   */
  async resetTransactionPin(userId: string, phone: string, otp: string, pin: string) {
    const { db, otps, secrets, clock, pinGuard } = this.deps;
    if ((await this.phoneOf(userId)) !== phone) throw forbidden(PHONE_NOT_YOURS);
    await otps.verify(phone, 'transaction-pin-reset', otp);
    const hash = await secrets.hashTransactionPin(pin, userId);
    await db
      .updateTable('users')
      // A new PIN also lifts a pause of outgoing money that a "not authorised by me" complaint
      // set (src/modules/disputes): whoever knew the old PIN no longer does.
      .set({ transaction_pin_hash: hash, outgoing_frozen_by: null, updated_at: clock.now() })
      .where('id', '=', userId)
      .execute();
    await pinGuard.clear(userId);
    return { message: TRANSACTION_PIN_RESET_DONE };
  }

  /** GET /referrals/{userId}: customers who signed up with this customer's referral code. */
  async referrals(userId: string) {
    const { db } = this.deps;
    const me = await db
      .selectFrom('users')
      .select('referral_code')
      .where('id', '=', userId)
      .executeTakeFirst();
    if (!me) throw notFound('User not found');
    const rows = await db
      .selectFrom('users')
      .select(['id', 'first_name', 'last_name'])
      .where('referrer_code', '=', me.referral_code)
      .where('id', '<>', userId)
      .orderBy('created_at')
      .orderBy('id')
      .execute();
    // Names only (the S/N and Referee columns of SPEC §2): a referee's user id is theirs, not the
    // referrer's to know.
    const referrals = rows.map((r) => ({
      first_name: r.first_name ?? '',
      last_name: r.last_name ?? '',
    }));
    return {
      referrals,
      count: referrals.length,
      message: referrals.length > 0 ? REFERRALS_FOUND : NO_REFERRALS_YET,
    };
  }

  /**
   * POST /users/{id}/request-account-closure (SPEC §9: the wallet is deactivated on closure).
   * One transaction with the user and wallet rows locked: no credit can land between the balance
   * check and the wallets closing (a credit waits for the lock, then finds the wallet closed).
   * Refused while money is left or a payment is still pending (its reversal would need an open
   * wallet), so no money is ever stranded.
   */
  async requestClosure(userId: string, reason: string) {
    const { db, clock } = this.deps;
    const now = clock.now();
    await db.transaction().execute(async (trx) => {
      const user = await trx
        .selectFrom('users')
        .select('closed_at')
        .where('id', '=', userId)
        .forUpdate()
        .executeTakeFirst();
      if (!user) throw notFound('User not found');
      if (user.closed_at) throw conflict(ACCOUNT_ALREADY_CLOSED, 'ACCOUNT_CLOSED');
      const wallets = await trx
        .selectFrom('ledger_accounts')
        .select(['id', 'balance_kobo'])
        .where('owner_user_id', '=', userId)
        .orderBy('id')
        .forUpdate()
        .execute();
      const held = wallets.reduce((sum, w) => sum + w.balance_kobo, 0);
      if (held > 0)
        throw new AppError(409, closureBalanceLeft(formatKobo(held)), 'BALANCE_NOT_EMPTY');
      const { rows: pending } = await sql<{ n: number }>`
        select 1 as n from bill_payments where user_id = ${userId} and status = 'pending'
        union all
        select 1 from outbound_transfers where user_id = ${userId} and status = 'pending'
        limit 1`.execute(trx);
      if (pending.length > 0)
        throw new AppError(409, CLOSURE_PENDING_TRANSACTION, 'PENDING_TRANSACTION');
      const ledger = createLedger(trx);
      for (const wallet of wallets) await ledger.setStatus(wallet.id, 'closed');
      await trx
        .insertInto('account_closures')
        .values({ user_id: userId, reason, created_at: now })
        .execute();
      await trx
        .updateTable('users')
        .set({ closed_at: now, updated_at: now })
        .where('id', '=', userId)
        .execute();
    });
    return { message: ACCOUNT_CLOSED };
  }
}
