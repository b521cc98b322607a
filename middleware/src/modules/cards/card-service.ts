import { sql, type Kysely, type Selectable } from 'kysely';
import type { Clock } from '../../clock.js';
import type { CardsTable, CardStatus, Database } from '../../db/schema.js';
import { AppError } from '../../errors.js';
import { createLedger, koboToNaira } from '../../ledger/index.js';
import { assertWithinDailyLimitUnlessApplied, lockCustomers } from '../../money/limits.js';
import type { TransactionPinGuard } from '../../money/transaction-pin-guard.js';
import type { SecretHasher } from '../../security/secrets.js';
import {
  maskPan,
  newCardSecret,
  openCardSecret,
  panDigest,
  sealCardSecret,
  SANDBOX_ISSUER_BIN,
} from './card-numbers.js';
import {
  ACTIVATION_LOCKED,
  ALREADY_ACTIVE,
  CARD_ACTIVATED,
  CARD_ALREADY_HELD,
  CARD_FROZEN,
  CARD_NOT_DELIVERED,
  CARD_NOT_FOUND,
  CARD_REPORTED,
  CARD_REQUESTED,
  CARD_UNFROZEN,
  cardNotUsable,
  LAST4_WRONG,
  NOT_A_PHYSICAL_CARD,
  NOT_ACTIVATED_IN_TIME,
} from './messages.js';

/** SPEC §9: one-time issuance fee ₦1,050. */
export const ISSUANCE_FEE_KOBO = 105_000;
/** SPEC §9: delivery charges borne by the user; the sandbox bureau's flat charge. */
export const DELIVERY_CHARGE_KOBO = 150_000;
/** SPEC §4: a card not activated within 6 months is blocked. */
export const ACTIVATION_WINDOW_MONTHS = 6;
/** Wrong last-4 attempts per card, counted before comparing; then the card cannot be activated. */
export const ACTIVATION_ATTEMPTS = 5;
/** The web app shows revealed details this long and never stores them. */
export const REVEAL_VISIBLE_SECONDS = 60;
const CARD_VALID_YEARS = 3;
/** Card states a customer still holds: a new card is requested only when none is left. */
const LIVE: CardStatus[] = ['inactive', 'active', 'frozen'];

type CardRow = Selectable<CardsTable>;
type CardWithWallet = CardRow & { wallet_account_number: string };

export interface CardServiceDeps {
  db: Kysely<Database>;
  clock: Clock;
  secrets: SecretHasher;
  pepper: string;
  pins: TransactionPinGuard;
  /**
   * Tests only: runs inside the request's transaction after the fee's ledger entry and before the
   * card rows, where an instance that dies leaves an uncommitted transaction (rolled back).
   */
  afterFeeCharged?: () => Promise<void>;
}

export interface DeliveryAddress {
  address: string;
  city: string;
  state: string;
}

const naira = (kobo: number) => Number(koboToNaira(kobo));
const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());

function addMonths(date: Date, months: number): Date {
  const next = new Date(date);
  next.setUTCMonth(next.getUTCMonth() + months);
  return next;
}

export function cardAnswer(card: CardWithWallet) {
  const expiry = `${String(card.expiry_month).padStart(2, '0')}/${String(card.expiry_year).slice(-2)}`;
  const hideLast4 = card.kind === 'physical' && card.activated_at === null;
  return {
    id: card.id,
    kind: card.kind,
    status: card.status,
    masked_number: hideLast4 ? null : maskPan(SANDBOX_ISSUER_BIN, card.last4),
    expiry,
    wallet_account_number: card.wallet_account_number,
    issued_at: new Date(card.issued_at).toISOString(),
    activate_by: iso(card.activate_by),
    blocked_reason: card.status === 'blocked' ? NOT_ACTIVATED_IN_TIME : null,
    reported_at: iso(card.reported_at),
    delivery_status: card.delivery_status,
    delivery_address: card.delivery_address as DeliveryAddress | null,
  };
}

export const cardFees = () => ({
  issuance_fee: naira(ISSUANCE_FEE_KOBO),
  delivery_charge: naira(DELIVERY_CHARGE_KOBO),
  total: naira(ISSUANCE_FEE_KOBO + DELIVERY_CHARGE_KOBO),
});

export class CardService {
  constructor(private readonly deps: CardServiceDeps) {}

  private cards(db: Kysely<Database> = this.deps.db) {
    return db
      .selectFrom('cards as c')
      .innerJoin('ledger_accounts as a', 'a.id', 'c.wallet_account_id')
      .selectAll('c')
      .select(sql<string>`a.account_number`.as('wallet_account_number'));
  }

  /**
   * SPEC §4: a physical card not activated within 6 months is blocked. Applied before anything
   * reads or uses a customer's cards (and by the card network before it authorises), on the app
   * clock; blocked for good, at the moment the window ended.
   */
  async blockUnactivated(userId?: string): Promise<void> {
    let update = this.deps.db
      .updateTable('cards')
      .set({ status: 'blocked', blocked_at: sql<Date>`activate_by` })
      .where('kind', '=', 'physical')
      .where('status', '=', 'inactive')
      .where('activate_by', '<=', this.deps.clock.now());
    if (userId) update = update.where('user_id', '=', userId);
    await update.execute();
  }

  async list(userId: string) {
    await this.blockUnactivated(userId);
    const rows = await this.cards()
      .where('c.user_id', '=', userId)
      .orderBy('c.issued_at', 'desc')
      .orderBy('c.kind')
      .execute();
    return { cards: rows.map(cardAnswer), fees: cardFees() };
  }

  /** The customer's card, or 404 (another customer's card is not found either: OWASP API1). */
  private async own(userId: string, cardId: string): Promise<CardWithWallet> {
    const card = await this.cards().where('c.id', '=', cardId).executeTakeFirst();
    if (!card || card.user_id !== userId) throw new AppError(404, CARD_NOT_FOUND, 'CARD_NOT_FOUND');
    return card;
  }

  /**
   * POST /cards, a money call (the money area has checked the PIN and claimed the key): the fee
   * and delivery charge leave the wallet in one ledger entry under the call's reference, and a
   * virtual and a physical card are issued in the same transaction. The customer is locked first
   * (lockCustomers), so requests with different keys are serialised and only one finds no live
   * card: the fee is charged once. A re-run after a crash finds its cards and answers them.
   */
  async request(input: {
    userId: string;
    reference: string;
    walletAccountNumber: string;
    address: DeliveryAddress;
  }) {
    const { db, clock, pepper } = this.deps;
    const total = ISSUANCE_FEE_KOBO + DELIVERY_CHARGE_KOBO;
    await this.blockUnactivated(input.userId);
    await db.transaction().execute(async (trx) => {
      await lockCustomers(trx, [input.userId]);
      const applied = sql<boolean>`exists (select 1 from cards where request_reference = ${input.reference})`;
      if (await assertWithinDailyLimitUnlessApplied(trx, input.userId, total, applied)) return;
      const live = await trx
        .selectFrom('cards')
        .select('id')
        .where('user_id', '=', input.userId)
        .where('kind', '=', 'physical')
        .where('status', 'in', LIVE)
        .executeTakeFirst();
      if (live) throw new AppError(409, CARD_ALREADY_HELD, 'CARD_ALREADY_HELD');
      const { entry } = await createLedger(trx).post({
        reference: input.reference,
        type: 'card-issuance',
        narration: 'Debit card: issuance fee and delivery',
        postings: [
          { account: input.walletAccountNumber, debitKobo: total },
          { account: 'fees', creditKobo: total },
        ],
      });
      await this.deps.afterFeeCharged?.();
      const walletId = entry.postings.find((p) => p.amountKobo < 0)?.accountId ?? '';
      const now = clock.now();
      const expiry = addMonths(now, CARD_VALID_YEARS * 12);
      const issue = (kind: 'virtual' | 'physical') => {
        const secret = newCardSecret();
        return {
          user_id: input.userId,
          wallet_account_id: walletId,
          request_reference: input.reference,
          kind,
          status: (kind === 'virtual' ? 'active' : 'inactive') as CardStatus,
          pan_digest: panDigest(pepper, secret.pan),
          pan_sealed: sealCardSecret(pepper, secret),
          last4: secret.pan.slice(-4),
          expiry_month: expiry.getUTCMonth() + 1,
          expiry_year: expiry.getUTCFullYear(),
          issued_at: now,
          activated_at: kind === 'virtual' ? now : null,
          activate_by: kind === 'physical' ? addMonths(now, ACTIVATION_WINDOW_MONTHS) : null,
          delivery_status: kind === 'physical' ? ('requested' as const) : null,
          delivery_address: kind === 'physical' ? JSON.stringify(input.address) : null,
          delivery_updated_at: kind === 'physical' ? now : null,
          fee_kobo: kind === 'physical' ? ISSUANCE_FEE_KOBO : 0,
          delivery_kobo: kind === 'physical' ? DELIVERY_CHARGE_KOBO : 0,
        };
      };
      await trx
        .insertInto('cards')
        .values([issue('virtual'), issue('physical')])
        .execute();
    });
    const cards = await this.cards()
      .where('c.request_reference', '=', input.reference)
      .orderBy('c.kind', 'desc')
      .execute();
    return {
      message: CARD_REQUESTED,
      reference: input.reference,
      charged: cardFees(),
      cards: cards.map(cardAnswer),
    };
  }

  /**
   * Activation: the last 4 digits printed on the card prove it arrived; the attempt is counted
   * before comparing, in one conditional update, so at most ACTIVATION_ATTEMPTS are ever compared
   * however many arrive at once. The card PIN is kept only as a hash.
   */
  async activate(userId: string, cardId: string, last4: string, cardPin: string) {
    await this.blockUnactivated(userId);
    const card = await this.own(userId, cardId);
    if (card.kind !== 'physical') throw new AppError(422, NOT_A_PHYSICAL_CARD, 'NOT_PHYSICAL');
    if (card.status === 'blocked') throw new AppError(409, NOT_ACTIVATED_IN_TIME, 'CARD_BLOCKED');
    if (card.status !== 'inactive') {
      if (card.status === 'reported')
        throw new AppError(409, cardNotUsable('reported'), 'REPORTED');
      throw new AppError(409, ALREADY_ACTIVE, 'ALREADY_ACTIVE');
    }
    if (card.delivery_status !== 'delivered') {
      throw new AppError(409, CARD_NOT_DELIVERED, 'NOT_DELIVERED');
    }
    const slot = await this.deps.db
      .updateTable('cards')
      .set({ activation_failures: sql<number>`activation_failures + 1` })
      .where('id', '=', cardId)
      .where('status', '=', 'inactive')
      .where('activation_failures', '<', ACTIVATION_ATTEMPTS)
      .returning('id')
      .executeTakeFirst();
    if (!slot) throw new AppError(429, ACTIVATION_LOCKED, 'ACTIVATION_LOCKED');
    if (last4 !== card.last4) throw new AppError(422, LAST4_WRONG, 'LAST4_WRONG');
    const pinHash = await this.deps.secrets.hashSecret(cardPin);
    const activated = await this.deps.db
      .updateTable('cards')
      .set({
        status: 'active',
        activated_at: this.deps.clock.now(),
        card_pin_hash: pinHash,
        activation_failures: 0,
      })
      .where('id', '=', cardId)
      .where('status', '=', 'inactive')
      .where('activate_by', '>', this.deps.clock.now())
      .executeTakeFirst();
    // The window ended or another call activated it meanwhile.
    if (Number(activated.numUpdatedRows) === 0) {
      await this.blockUnactivated(userId);
      const now = await this.own(userId, cardId);
      if (now.status === 'blocked') throw new AppError(409, NOT_ACTIVATED_IN_TIME, 'CARD_BLOCKED');
      throw new AppError(409, ALREADY_ACTIVE, 'ALREADY_ACTIVE');
    }
    return { message: CARD_ACTIVATED, card: cardAnswer(await this.own(userId, cardId)) };
  }

  /** Freeze at once; freezing a frozen card answers it as it is. */
  async freeze(userId: string, cardId: string) {
    return this.move(userId, cardId, ['active'], 'frozen', CARD_FROZEN);
  }

  async unfreeze(userId: string, cardId: string) {
    return this.move(userId, cardId, ['frozen'], 'active', CARD_UNFROZEN);
  }

  /**
   * SPEC §4: after a loss report the customer is not liable for transactions more than 60
   * minutes later, so the report's time decides liability: it is set once and never moved.
   */
  async reportLost(userId: string, cardId: string) {
    return this.move(
      userId,
      cardId,
      ['inactive', 'active', 'frozen', 'blocked'],
      'reported',
      CARD_REPORTED,
    );
  }

  private async move(
    userId: string,
    cardId: string,
    from: CardStatus[],
    to: CardStatus,
    message: string,
  ) {
    await this.blockUnactivated(userId);
    const card = await this.own(userId, cardId);
    if (card.status !== to) {
      const now = this.deps.clock.now();
      const moved = await this.deps.db
        .updateTable('cards')
        .set({ status: to, ...(to === 'reported' ? { reported_at: now } : {}) })
        .where('id', '=', cardId)
        .where('status', 'in', from)
        .executeTakeFirst();
      if (Number(moved.numUpdatedRows) === 0) {
        const current = await this.own(userId, cardId);
        if (current.status !== to) {
          const status = current.status === 'active' ? 'inactive' : current.status;
          throw new AppError(409, cardNotUsable(status), 'CARD_STATE');
        }
      }
    }
    return { message, card: cardAnswer(await this.own(userId, cardId)) };
  }

  /**
   * The full number and CVV, after the transaction PIN (attempts counted before comparing, as on
   * every PIN check). Answered, never stored anywhere but sealed in the database.
   */
  async reveal(userId: string, cardId: string, transactionPin: string) {
    await this.blockUnactivated(userId);
    const card = await this.own(userId, cardId);
    await this.deps.pins.verify(userId, transactionPin);
    if (card.status !== 'active' && card.status !== 'frozen') {
      throw new AppError(409, cardNotUsable(card.status), 'CARD_STATE');
    }
    const secret = openCardSecret(this.deps.pepper, card.pan_sealed);
    return {
      card_number: secret.pan,
      cvv: secret.cvv,
      expiry: cardAnswer(card).expiry,
      visible_seconds: REVEAL_VISIBLE_SECONDS,
    };
  }
}
