import type { Kysely, Selectable } from 'kysely';
import type { Clock } from '../../clock.js';
import type { CheckoutSessionsTable, Database } from '../../db/schema.js';
import { AppError, badRequest, conflict, forbidden, notFound } from '../../errors.js';
import { COMMISSION_WALLET_PRODUCT_ID, createLedger, type Ledger } from '../../ledger/index.js';
import { assertWithinMaxBalance } from '../../money/limits.js';
import { ensureSystemAccounts } from '../../money/system-accounts.js';
import type { OnFunded } from '../referrals/rewards.js';
import {
  CHECKOUT_CANCELLED,
  CHECKOUT_EXPIRED,
  CHECKOUT_NOT_FOUND,
  COMMISSION_WALLET_NOT_FUNDABLE,
  WALLET_BLOCKED,
  WALLET_CLOSED,
} from './messages.js';

export type CheckoutSession = Selectable<CheckoutSessionsTable>;

/** A card checkout session lives 30 minutes. */
export const CHECKOUT_TTL_SECONDS = 30 * 60;
export const CARD_FUNDING_NARRATION = 'Card funding';

export interface CheckoutDeps {
  db: Kysely<Database>;
  clock: Clock;
  /** Test seam: runs after the session is marked paid, before the credit (same transaction). */
  afterMarkPaid?: (sessionId: string) => Promise<void>;
  /** Runs in the credit's transaction (the referral reward check, src/modules/referrals). */
  onFunded?: OnFunded;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Card checkout sessions (SPEC §7 bank-to-wallet → link). The session id is the ledger reference of
 * the credit and the session is marked paid in the same transaction as the credit, so a repeated
 * page POST or webhook never credits twice and a failure halfway leaves the session payable.
 */
export class CheckoutService {
  constructor(private readonly deps: CheckoutDeps) {}

  private ledger(db: Kysely<Database> = this.deps.db): Ledger {
    return createLedger(db);
  }

  /**
   * Caller owns the wallet (checked by the route); refuses blocked/closed and commission wallets.
   * With a client reference, the session that reference already opened is answered instead of a
   * second one (a call run again after a crash; migration 0007's unique index decides).
   */
  async create(
    userId: string,
    walletAccountNumber: string,
    amountKobo: number,
    clientReference?: string,
  ) {
    const wallet = await this.ledger().getAccount(walletAccountNumber);
    if (wallet.ownerUserId !== userId) throw forbidden();
    if (wallet.productId === COMMISSION_WALLET_PRODUCT_ID || wallet.type !== 'customer_wallet') {
      throw badRequest(COMMISSION_WALLET_NOT_FUNDABLE, 'NOT_FUNDABLE');
    }
    if (wallet.status === 'blocked') throw conflict(WALLET_BLOCKED, 'ACCOUNT_BLOCKED');
    if (wallet.status !== 'active') throw conflict(WALLET_CLOSED, 'ACCOUNT_CLOSED');
    // docs/domain.md "KYC tiers": refused before the card is charged, not after.
    await assertWithinMaxBalance(this.deps.db, userId, amountKobo, 'own');
    const now = this.deps.clock.now();
    const created = await this.deps.db
      .insertInto('checkout_sessions')
      .values({
        user_id: userId,
        wallet_account_number: walletAccountNumber,
        amount_kobo: amountKobo,
        status: 'pending',
        expires_at: new Date(now.getTime() + CHECKOUT_TTL_SECONDS * 1000),
        created_at: now,
        client_reference: clientReference ?? null,
      })
      .onConflict((oc) =>
        oc
          .columns(['user_id', 'client_reference'])
          .where('client_reference', 'is not', null)
          .doNothing(),
      )
      .returningAll()
      .executeTakeFirst();
    if (created) return created;
    return this.deps.db
      .selectFrom('checkout_sessions')
      .selectAll()
      .where('user_id', '=', userId)
      .where('client_reference', '=', clientReference ?? '')
      .executeTakeFirstOrThrow();
  }

  /** The session, or null for an unknown or malformed id. */
  async find(id: string): Promise<CheckoutSession | null> {
    if (!UUID.test(id)) return null;
    const row = await this.deps.db
      .selectFrom('checkout_sessions')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirst();
    return row ?? null;
  }

  isExpired(session: CheckoutSession): boolean {
    return session.expires_at <= this.deps.clock.now();
  }

  /** The card needs an OTP: the page shows its second step until the OTP or a cancel. */
  async requireOtp(id: string): Promise<void> {
    await this.deps.db
      .updateTable('checkout_sessions')
      .set({ status: 'otp' })
      .where('id', '=', id)
      .where('status', '=', 'pending')
      .execute();
  }

  /** Cancel (or abandon): nothing moves; a paid session stays paid. */
  async cancel(id: string): Promise<void> {
    await this.deps.db
      .updateTable('checkout_sessions')
      .set({ status: 'cancelled' })
      .where('id', '=', id)
      .where('status', 'in', ['pending', 'otp'])
      .execute();
  }

  /**
   * Marks the session paid and credits the wallet in ONE transaction (row-locked): concurrent or
   * repeated calls credit once; if the credit fails (blocked wallet, crash) the mark rolls back.
   */
  async complete(id: string): Promise<{ session: CheckoutSession; replayed: boolean }> {
    await ensureSystemAccounts(this.deps.db);
    return this.deps.db.transaction().execute(async (trx) => {
      const session = await trx
        .selectFrom('checkout_sessions')
        .selectAll()
        .where('id', '=', id)
        .forUpdate()
        .executeTakeFirst();
      if (!session) throw notFound(CHECKOUT_NOT_FOUND);
      if (session.status === 'paid') return { session, replayed: true };
      if (session.status === 'cancelled') throw conflict(CHECKOUT_CANCELLED);
      if (this.isExpired(session)) throw new AppError(410, CHECKOUT_EXPIRED, 'EXPIRED');
      const paidAt = this.deps.clock.now();
      await trx
        .updateTable('checkout_sessions')
        .set({ status: 'paid', paid_at: paidAt })
        .where('id', '=', id)
        .execute();
      await this.deps.afterMarkPaid?.(id);
      await this.ledger(trx).transfer({
        from: 'card_checkout_clearing',
        to: session.wallet_account_number,
        amountKobo: session.amount_kobo,
        reference: session.id,
        type: 'funding',
        narration: CARD_FUNDING_NARRATION,
      });
      await this.deps.onFunded?.(trx, {
        userId: session.user_id,
        reference: session.id,
        at: paidAt,
      });
      return { session: { ...session, status: 'paid' as const, paid_at: paidAt }, replayed: false };
    });
  }
}
