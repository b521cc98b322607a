import type { Kysely } from 'kysely';
import type { Clock } from '../../clock.js';
import type { BillPaymentsTable, BillProduct, Database } from '../../db/schema.js';
import type { JobLogger, JobQueue } from '../../jobs/queue.js';
import { createLedger } from '../../ledger/index.js';
import {
  DuplicateRequestError,
  type BillAggregator,
  type VendRequest,
  type VendResult,
} from '../../providers/bill-aggregator/index.js';
import type { Selectable } from 'kysely';
import { assertWithinDailyLimit, lockCustomers } from '../../money/limits.js';

export type BillPaymentRow = Selectable<BillPaymentsTable>;

/** The job that asks the aggregator about a vend it has not answered definitely. */
export const VEND_STATUS_QUERY = 'payments.vend-status';
/** docs/domain.md "Pending outcomes": the first status query after about a minute. */
export const FIRST_STATUS_QUERY_SECONDS = 60;

export interface VendStatusPayload {
  reference: string;
}

/** A purchase as the route hands it over: checked, priced, with its ledger reference. */
export interface PurchaseInput {
  userId: string;
  /** The money call's reference: the ledger debit's, and the root of the aggregator request id. */
  reference: string;
  walletAccountNumber: string;
  product: BillProduct;
  serviceId: string;
  providerName: string;
  /** Phone number (234…) for airtime and data, meter number for electricity. */
  billersCode: string;
  variationCode: string | null;
  description: string;
  phoneNumber: string;
  amountKobo: number;
  narration: string;
  customerName?: string;
  customerAddress?: string;
}

/** The aggregator's request id for a purchase: a resend after a lost answer reuses it. */
export const requestIdFor = (reference: string) => `vend-${reference}`;

/**
 * Airtime, data and electricity: debit first, the aggregator's answer decides
 * (docs/domain.md "Bill aggregator", "Pending outcomes").
 *
 * 1. One transaction: the daily limit, the debit wallet → outbound_holding (ledger reference = the
 *    money call's reference), the purchase row (pending) and a status-query job a minute later.
 * 2. The vend, with a request id derived from the reference.
 * 3. delivered: holding → bill_payables (`<ref>:settle`), token and units kept. failed (a definite
 *    answer): the debit is reversed to the wallet (`<ref>:reversal`). Anything else (pending, a
 *    timeout, a crash): the row stays pending and the job asks again; nothing is reversed without a
 *    definite answer.
 *
 * Settling and reversing happen under a lock of the row while it is pending, so the request and
 * the job (or two instances' jobs) can race and the money still moves once. Every step is safe to
 * run again: a retried call with the same reference finds its row instead of debiting again.
 */
export class VendService {
  constructor(
    private readonly deps: {
      db: Kysely<Database>;
      clock: Clock;
      aggregator: BillAggregator;
      jobs: Pick<JobQueue, 'enqueue'>;
      log: JobLogger;
    },
  ) {}

  async purchase(input: PurchaseInput): Promise<BillPaymentRow> {
    const { db, clock, jobs } = this.deps;
    const now = clock.now();
    const created = await db.transaction().execute(async (trx) => {
      // The customer's row is locked first: the limit's sum stays true until the entry is written.
      await lockCustomers(trx, [input.userId]);
      const existing = await findPayment(trx, input.reference);
      if (existing) return false;
      await assertWithinDailyLimit(trx, input.userId, input.amountKobo);
      await createLedger(trx).transfer({
        from: input.walletAccountNumber,
        to: 'outbound_holding',
        amountKobo: input.amountKobo,
        reference: input.reference,
        type: input.product,
        narration: input.narration,
      });
      await trx
        .insertInto('bill_payments')
        .values({
          reference: input.reference,
          user_id: input.userId,
          wallet_account_number: input.walletAccountNumber,
          product: input.product,
          service_id: input.serviceId,
          provider_name: input.providerName,
          billers_code: input.billersCode,
          variation_code: input.variationCode,
          description: input.description,
          phone_number: input.phoneNumber,
          amount_kobo: input.amountKobo,
          request_id: requestIdFor(input.reference),
          status: 'pending',
          customer_name: input.customerName ?? null,
          customer_address: input.customerAddress ?? null,
          created_at: now,
          updated_at: now,
        })
        .execute();
      await jobs.enqueue(
        VEND_STATUS_QUERY,
        { reference: input.reference } satisfies VendStatusPayload,
        { trx, dedupeKey: input.reference, delaySeconds: FIRST_STATUS_QUERY_SECONDS },
      );
      return true;
    });

    const payment = await this.mustFind(input.reference);
    // A retry of a call whose row exists: the vend was sent (or lost with a crash); the job owns
    // it from here, unless it is still pending and was never heard of by the aggregator.
    if (payment.status === 'pending') await this.vendOrAsk(payment, created);
    return this.mustFind(input.reference);
  }

  /**
   * The status job's work: asks the aggregator and applies a definite answer. Returns the status
   * the purchase is in afterwards ('pending' = ask again later).
   */
  async refresh(reference: string): Promise<BillPaymentRow['status']> {
    const payment = await findPayment(this.deps.db, reference);
    if (!payment || payment.status !== 'pending') return payment?.status ?? 'failed';
    await this.deps.db
      .updateTable('bill_payments')
      .set((eb) => ({ status_queries: eb('status_queries', '+', 1) }))
      .where('reference', '=', reference)
      .execute();
    const result = await this.deps.aggregator.queryStatus(payment.request_id);
    // Never received (the instance died between the debit and the vend): send it now. The request
    // id is the same, so if the first one did arrive after all, the aggregator refuses this one.
    if (!result) await this.vendOrAsk(payment, false);
    else await this.apply(payment, result);
    return (await this.mustFind(reference)).status;
  }

  /** Sends the vend; a duplicate request id means the first one arrived: its status decides. */
  private async vendOrAsk(payment: BillPaymentRow, firstTime: boolean): Promise<void> {
    const { aggregator, log } = this.deps;
    let result: VendResult | null;
    try {
      result = await aggregator.vend(vendRequestOf(payment));
    } catch (error) {
      if (!(error instanceof DuplicateRequestError)) {
        // Unknown outcome (timeout, connection lost): it may have been vended. The job asks.
        log.warn(
          { reference: payment.reference, err: String(error), firstTime },
          'bill vend without a definite answer; left pending for the status query',
        );
        return;
      }
      result = await aggregator.queryStatus(payment.request_id);
    }
    if (result) await this.apply(payment, result);
  }

  private async apply(payment: BillPaymentRow, result: VendResult): Promise<void> {
    if (result.status === 'delivered') await this.settle(payment, result);
    else if (result.status === 'failed') await this.reverse(payment);
  }

  /** delivered: the held money goes on to the aggregator's payable; the token is kept. */
  private async settle(payment: BillPaymentRow, result: VendResult): Promise<void> {
    await this.whilePending(payment.reference, async (trx, now) => {
      await createLedger(trx).transfer({
        from: 'outbound_holding',
        to: 'bill_payables',
        amountKobo: payment.amount_kobo,
        reference: `${payment.reference}:settle`,
        type: payment.product,
        narration: `Settled: ${payment.description} ${payment.billers_code}`.slice(0, 200),
      });
      await trx
        .updateTable('bill_payments')
        .set({
          status: 'delivered',
          token: result.token ? result.token.replace(/\D/g, '') : null,
          units: result.units ?? null,
          updated_at: now,
        })
        .where('reference', '=', payment.reference)
        .execute();
    });
  }

  /** failed (definite): a new ledger entry gives the money back; the customer sees it. */
  private async reverse(payment: BillPaymentRow): Promise<void> {
    await this.whilePending(payment.reference, async (trx, now) => {
      await createLedger(trx).reverse(
        payment.reference,
        `${payment.reference}:reversal`,
        `Reversal: ${payment.provider_name} ${payment.product} failed (ref ${payment.reference})`,
      );
      await trx
        .updateTable('bill_payments')
        .set({ status: 'failed', updated_at: now })
        .where('reference', '=', payment.reference)
        .execute();
    });
  }

  /** Runs `work` in a transaction holding the row's lock, only if the row is still pending. */
  private async whilePending(
    reference: string,
    work: (trx: Kysely<Database>, now: Date) => Promise<void>,
  ): Promise<void> {
    await this.deps.db.transaction().execute(async (trx) => {
      const locked = await trx
        .selectFrom('bill_payments')
        .select('status')
        .where('reference', '=', reference)
        .forUpdate()
        .executeTakeFirst();
      if (locked?.status !== 'pending') return;
      await work(trx, this.deps.clock.now());
    });
  }

  private async mustFind(reference: string): Promise<BillPaymentRow> {
    const payment = await findPayment(this.deps.db, reference);
    if (!payment) throw new Error(`bill payment ${reference} vanished`);
    return payment;
  }
}

export function findPayment(db: Kysely<Database>, reference: string) {
  return db
    .selectFrom('bill_payments')
    .selectAll()
    .where('reference', '=', reference)
    .executeTakeFirst();
}

function vendRequestOf(payment: BillPaymentRow): VendRequest {
  return {
    requestId: payment.request_id,
    serviceId: payment.service_id,
    billersCode: payment.billers_code,
    ...(payment.variation_code ? { variationCode: payment.variation_code } : {}),
    amountKobo: payment.amount_kobo,
    phone: payment.phone_number,
  };
}
