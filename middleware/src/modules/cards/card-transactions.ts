import type { Kysely, Selectable } from 'kysely';
import type { Clock } from '../../clock.js';
import type { CardTransactionsTable, Database } from '../../db/schema.js';
import { AppError } from '../../errors.js';
import { createLedger, isLedgerError } from '../../ledger/index.js';
import { dailyAllowance, lockCustomers } from '../../money/limits.js';
import { panDigest } from './card-numbers.js';
import type { CardService } from './card-service.js';

/*
 * The issuer's side of the card network (docs/domain.md "Cards (issuing)"): an authorisation
 * reserves the amount (a ledger hold, docs/decisions/041-authorisation-holds.md) or is declined
 * with its ISO 8583-style code; a clearing posts it; a reversal releases it or, once posted,
 * refunds it. Every message carries the network's reference: a duplicate is answered from the
 * stored row and moves nothing.
 */
export const RESPONSE = {
  approved: '00',
  doNotHonour: '05',
  invalidCard: '14',
  lostCard: '41',
  insufficientFunds: '51',
  expiredCard: '54',
  exceedsLimit: '61',
  restrictedCard: '62',
} as const;

const RESPONSE_MESSAGES: Record<string, string> = {
  '00': 'Approved',
  '05': 'Do not honour',
  '14': 'Invalid card number',
  '41': 'Lost card',
  '51': 'Insufficient funds',
  '54': 'Expired card',
  '61': 'Exceeds withdrawal limit',
  '62': 'Restricted card',
};

/** SPEC §4: after a loss report the customer is not liable for transactions more than 60 minutes later. */
export const LIABILITY_CUT_OFF_SECONDS = 60 * 60;
/** An uncleared authorisation gives its money back after this (longer than 5 working days). */
export const HOLD_WINDOW_SECONDS = 10 * 86_400;

export const TRANSACTION_NOT_FOUND = 'Card transaction not found.';
export const NOT_CLEARABLE = 'This card transaction cannot be cleared.';
export const NOT_REVERSIBLE = 'This card transaction cannot be reversed.';

type Row = Selectable<CardTransactionsTable>;

export function networkAnswer(row: Row) {
  return {
    network_reference: row.network_reference,
    response_code: row.response_code,
    message: RESPONSE_MESSAGES[row.response_code] ?? 'Declined',
    state: row.state,
    amount: row.amount_kobo / 100,
    posted_amount: row.posted_amount_kobo === null ? null : row.posted_amount_kobo / 100,
    customer_liable: row.customer_liable,
  };
}

/** Working days (Monday to Friday, Lagos time) after `from`. */
export function addWorkingDays(from: Date, days: number): Date {
  const next = new Date(from);
  let left = days;
  while (left > 0) {
    next.setUTCDate(next.getUTCDate() + 1);
    const lagosDay = new Date(next.getTime() + 3_600_000).getUTCDay();
    if (lagosDay !== 0 && lagosDay !== 6) left--;
  }
  return next;
}

export interface AuthorizeInput {
  networkReference: string;
  cardNumber: string;
  /** 'MM/YY' as printed. */
  expiry: string;
  amountKobo: number;
  merchant: string;
  /** When the sandbox network will present the clearing (1 to 5 working days); null: never. */
  clearAfter: Date | null;
}

export class CardTransactions {
  constructor(
    private readonly deps: {
      db: Kysely<Database>;
      clock: Clock;
      pepper: string;
      cards: CardService;
    },
  ) {}

  private find(networkReference: string, db: Kysely<Database> = this.deps.db) {
    return db
      .selectFrom('card_transactions')
      .selectAll()
      .where('network_reference', '=', networkReference)
      .executeTakeFirst();
  }

  private async cardByNumber(cardNumber: string) {
    const card = await this.deps.db
      .selectFrom('cards')
      .select(['id', 'user_id'])
      .where('pan_digest', '=', panDigest(this.deps.pepper, cardNumber))
      .executeTakeFirst();
    if (!card) return undefined;
    // SPEC §4: the 6-month block applies before the card is used.
    await this.deps.cards.blockUnactivated(card.user_id);
    return this.deps.db
      .selectFrom('cards as c')
      .innerJoin('ledger_accounts as a', 'a.id', 'c.wallet_account_id')
      .select(['c.id', 'c.user_id', 'c.status', 'c.expiry_month', 'c.expiry_year'])
      .select(['c.reported_at', 'a.account_number'])
      .where('c.id', '=', card.id)
      .executeTakeFirstOrThrow();
  }

  private async record(values: {
    networkReference: string;
    cardId: string | null;
    kind: 'authorisation' | 'offline';
    amountKobo: number;
    merchant: string;
    code: string;
    state: Row['state'];
    holdReference?: string;
    clearAfter?: Date | null;
    at: Date;
    db?: Kysely<Database>;
  }): Promise<void> {
    await (values.db ?? this.deps.db)
      .insertInto('card_transactions')
      .values({
        network_reference: values.networkReference,
        card_id: values.cardId,
        kind: values.kind,
        amount_kobo: values.amountKobo,
        merchant: values.merchant,
        response_code: values.code,
        state: values.state,
        hold_reference: values.holdReference ?? null,
        posted_amount_kobo: null,
        transaction_at: values.at,
        sandbox_clear_after: values.clearAfter ?? null,
        updated_at: values.at,
      })
      .onConflict((oc) => oc.column('network_reference').doNothing())
      .execute();
  }

  /**
   * An authorisation request. Declined: unknown card 14, expired or wrong expiry 54, lost or
   * stolen 41, frozen, blocked or not yet activated 62, past the daily limit 61 (reserved money
   * counts), available balance too small 51. Approved (00): the amount is reserved at once.
   */
  async authorize(input: AuthorizeInput) {
    const earlier = await this.find(input.networkReference);
    if (earlier) return networkAnswer(earlier);
    const now = this.deps.clock.now();
    const base = {
      networkReference: input.networkReference,
      kind: 'authorisation' as const,
      amountKobo: input.amountKobo,
      merchant: input.merchant,
      at: now,
    };
    const card = await this.cardByNumber(input.cardNumber);
    const expiry = card
      ? `${String(card.expiry_month).padStart(2, '0')}/${String(card.expiry_year).slice(-2)}`
      : '';
    const expired =
      card && new Date(Date.UTC(card.expiry_year, card.expiry_month, 1)).getTime() <= now.getTime();
    const decline = !card
      ? RESPONSE.invalidCard
      : input.expiry !== expiry || expired
        ? RESPONSE.expiredCard
        : card.status === 'reported'
          ? RESPONSE.lostCard
          : card.status !== 'active'
            ? RESPONSE.restrictedCard
            : null;
    if (decline || !card) {
      await this.record({
        ...base,
        cardId: card?.id ?? null,
        code: decline ?? '05',
        state: 'declined',
      });
      return networkAnswer((await this.find(input.networkReference)) as Row);
    }

    const holdReference = `card-auth-${input.networkReference}`;
    await this.deps.db.transaction().execute(async (trx) => {
      // The customer first, as every money call (docs/decisions/037-...): the limit read below
      // stays true until the hold is written.
      await lockCustomers(trx, [card.user_id]);
      if (await this.find(input.networkReference, trx)) return;
      const allowance = await dailyAllowance(trx, card.user_id);
      if (input.amountKobo > allowance.remainingKobo) {
        await this.record({
          ...base,
          cardId: card.id,
          code: RESPONSE.exceedsLimit,
          state: 'declined',
          db: trx,
        });
        return;
      }
      try {
        await createLedger(trx).placeHold({
          account: card.account_number ?? '',
          amountKobo: input.amountKobo,
          reference: holdReference,
          expiresAt: new Date(now.getTime() + HOLD_WINDOW_SECONDS * 1000),
          metadata: { merchant: input.merchant, networkReference: input.networkReference },
        });
      } catch (error) {
        if (!isLedgerError(error)) throw error;
        const code =
          error.code === 'INSUFFICIENT_FUNDS' ? RESPONSE.insufficientFunds : RESPONSE.doNotHonour;
        await this.record({ ...base, cardId: card.id, code, state: 'declined', db: trx });
        return;
      }
      await this.record({
        ...base,
        cardId: card.id,
        code: RESPONSE.approved,
        state: 'authorised',
        holdReference,
        clearAfter: input.clearAfter,
        db: trx,
      });
    });
    return networkAnswer((await this.find(input.networkReference)) as Row);
  }

  /**
   * A clearing (presentment) of an approved authorisation: posts it, for its own amount (see
   * CLEARING_TOLERANCE_PERCENT). After the hold lapsed it is a late presentment: posted without
   * the hold, against the available balance. The same clearing again is answered unchanged.
   */
  async clear(networkReference: string, amountKobo: number) {
    const row = await this.find(networkReference);
    if (!row || !row.card_id) throw new AppError(404, TRANSACTION_NOT_FOUND, 'NOT_FOUND');
    if (row.state === 'posted' || row.state === 'refunded') return networkAnswer(row);
    if (row.state !== 'authorised' && row.state !== 'released') {
      throw new AppError(409, NOT_CLEARABLE, 'NOT_CLEARABLE');
    }
    const ledger = createLedger(this.deps.db);
    const reference = `card-clear-${networkReference}`;
    const hold = row.hold_reference ? await ledger.findHold(row.hold_reference) : undefined;
    if (hold?.status === 'open') {
      await ledger.clearHold({
        holdReference: hold.reference,
        reference,
        amountKobo,
        to: 'card_settlement',
        type: 'card-payment',
        narration: `Card payment: ${row.merchant}`,
        metadata: { networkReference },
      });
    } else {
      const wallet = await this.walletOf(row.card_id);
      await ledger.transfer({
        from: wallet,
        to: 'card_settlement',
        amountKobo,
        reference,
        type: 'card-payment',
        narration: `Card payment: ${row.merchant}`,
        metadata: { networkReference, latePresentment: true },
      });
    }
    return networkAnswer(await this.settle(networkReference, 'posted', amountKobo));
  }

  /**
   * A presentment with no authorisation (an offline or forced transaction). SPEC §4: if its card
   * was reported lost more than 60 minutes before the transaction, it is not the customer's: it is
   * marked and refunded at once.
   */
  async presentOffline(input: {
    networkReference: string;
    cardNumber: string;
    amountKobo: number;
    merchant: string;
    transactionAt: Date;
  }) {
    const earlier = await this.find(input.networkReference);
    if (earlier) return networkAnswer(earlier);
    const card = await this.cardByNumber(input.cardNumber);
    if (!card) throw new AppError(404, TRANSACTION_NOT_FOUND, 'NOT_FOUND');
    const liable =
      card.reported_at === null ||
      input.transactionAt.getTime() - new Date(card.reported_at).getTime() <=
        LIABILITY_CUT_OFF_SECONDS * 1000;
    const ledger = createLedger(this.deps.db);
    const reference = `card-clear-${input.networkReference}`;
    try {
      await ledger.transfer({
        from: card.account_number ?? '',
        to: 'card_settlement',
        amountKobo: input.amountKobo,
        reference,
        type: 'card-payment',
        narration: `Card payment: ${input.merchant}`,
        metadata: { networkReference: input.networkReference, offline: true },
      });
    } catch (error) {
      if (!isLedgerError(error)) throw error;
      await this.record({
        networkReference: input.networkReference,
        cardId: card.id,
        kind: 'offline',
        amountKobo: input.amountKobo,
        merchant: input.merchant,
        code:
          error.code === 'INSUFFICIENT_FUNDS' ? RESPONSE.insufficientFunds : RESPONSE.doNotHonour,
        state: 'declined',
        at: input.transactionAt,
      });
      return networkAnswer((await this.find(input.networkReference)) as Row);
    }
    await this.record({
      networkReference: input.networkReference,
      cardId: card.id,
      kind: 'offline',
      amountKobo: input.amountKobo,
      merchant: input.merchant,
      code: RESPONSE.approved,
      state: 'posted',
      at: input.transactionAt,
    });
    await this.deps.db
      .updateTable('card_transactions')
      .set({ posted_amount_kobo: input.amountKobo, customer_liable: liable })
      .where('network_reference', '=', input.networkReference)
      .execute();
    if (!liable) return this.refund(input.networkReference, 'Not yours: reported lost or stolen');
    return networkAnswer((await this.find(input.networkReference)) as Row);
  }

  /**
   * A reversal: an authorisation not yet cleared gives its money back (the hold is released); a
   * posted one is refunded to the wallet (a credit). Reversing again answers the same.
   */
  async reverse(networkReference: string): Promise<ReturnType<typeof networkAnswer>> {
    const row = await this.find(networkReference);
    if (!row || !row.card_id) throw new AppError(404, TRANSACTION_NOT_FOUND, 'NOT_FOUND');
    if (row.state === 'reversed' || row.state === 'refunded') return networkAnswer(row);
    if (row.state === 'authorised' && row.hold_reference) {
      const hold = await createLedger(this.deps.db)
        .releaseHold(row.hold_reference)
        .catch((error) => {
          // Cleared meanwhile: refunded below instead.
          if (isLedgerError(error, 'HOLD_CLOSED')) return undefined;
          throw error;
        });
      if (hold) return networkAnswer(await this.settle(networkReference, 'reversed', null));
      return this.reverse(networkReference);
    }
    if (row.state === 'posted') return this.refund(networkReference, 'Card refund');
    throw new AppError(409, NOT_REVERSIBLE, 'NOT_REVERSIBLE');
  }

  private async refund(networkReference: string, narration: string) {
    const row = (await this.find(networkReference)) as Row;
    await createLedger(this.deps.db).transfer({
      from: 'card_settlement',
      to: await this.walletOf(row.card_id ?? ''),
      amountKobo: row.posted_amount_kobo ?? row.amount_kobo,
      reference: `card-refund-${networkReference}`,
      type: 'card-refund',
      narration: `${narration}: ${row.merchant}`,
      metadata: { networkReference },
    });
    return networkAnswer(await this.settle(networkReference, 'refunded', row.posted_amount_kobo));
  }

  private async settle(networkReference: string, state: Row['state'], postedKobo: number | null) {
    return this.deps.db
      .updateTable('card_transactions')
      .set({
        state,
        ...(postedKobo === null ? {} : { posted_amount_kobo: postedKobo }),
        updated_at: this.deps.clock.now(),
      })
      .where('network_reference', '=', networkReference)
      .returningAll()
      .executeTakeFirstOrThrow();
  }

  private async walletOf(cardId: string): Promise<string> {
    const row = await this.deps.db
      .selectFrom('cards as c')
      .innerJoin('ledger_accounts as a', 'a.id', 'c.wallet_account_id')
      .select('a.account_number')
      .where('c.id', '=', cardId)
      .executeTakeFirstOrThrow();
    return row.account_number ?? '';
  }

  /** The sandbox network's clearing file: authorisations whose clearing day came (app clock). */
  async dueForClearing(now: Date) {
    return this.deps.db
      .selectFrom('card_transactions')
      .select(['network_reference', 'amount_kobo'])
      .where('state', '=', 'authorised')
      .where('sandbox_clear_after', '<=', now)
      .orderBy('sandbox_clear_after')
      .limit(500)
      .execute();
  }
}
