import { sql, type Kysely } from 'kysely';
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
import type { Selectable, Updateable } from 'kysely';
import { assertWithinDailyLimitUnlessApplied, lockCustomers } from '../../money/limits.js';

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
      // A retry finds its row (and the limit counted it the first time): read with the limit.
      const applied = await assertWithinDailyLimitUnlessApplied(
        trx,
        input.userId,
        input.amountKobo,
        sql<boolean>`exists (select 1 from bill_payments where reference = ${input.reference})`,
      );
      if (applied) return null;
      await createLedger(trx).transfer({
        from: input.walletAccountNumber,
        to: 'outbound_holding',
        amountKobo: input.amountKobo,
        reference: input.reference,
        type: input.product,
        narration: input.narration,
      });
      const row = await trx
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
        .returningAll()
        .executeTakeFirstOrThrow();
      await jobs.enqueue(
        VEND_STATUS_QUERY,
        { reference: input.reference } satisfies VendStatusPayload,
        { trx, dedupeKey: input.reference, delaySeconds: FIRST_STATUS_QUERY_SECONDS },
      );
      return row;
    });

    // The row just written is the row as committed (docs/decisions/032-money-calls-in-fewer-round-
    // trips.md): read again only for a retry, whose row another attempt wrote.
    const payment = created ?? (await this.mustFind(input.reference));
    // A retry of a call whose row exists: the vend was sent (or lost with a crash); the job owns
    // it from here, unless it is still pending and was never heard of by the aggregator.
    // The row as the vend left it when this call changed it; otherwise read again.
    const after =
      payment.status === 'pending' ? await this.vendOrAsk(payment, created !== null) : null;
    return after ?? this.mustFind(input.reference);
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

  /**
   * Sends the vend; a duplicate request id means the first one arrived: its status decides. The
   * row as this call left it when it settled or reversed it, else null.
   */
  private async vendOrAsk(
    payment: BillPaymentRow,
    firstTime: boolean,
  ): Promise<BillPaymentRow | null> {
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
        return null;
      }
      result = await aggregator.queryStatus(payment.request_id);
    }
    return result ? this.apply(payment, result) : null;
  }

  private async apply(payment: BillPaymentRow, result: VendResult): Promise<BillPaymentRow | null> {
    if (result.status === 'delivered') return this.settle(payment, result);
    if (result.status === 'failed') return this.reverse(payment);
    return null;
  }

  /** delivered: the held money goes on to the aggregator's payable; the token is kept. */
  private async settle(payment: BillPaymentRow, result: VendResult) {
    const settled = {
      status: 'delivered' as const,
      token: result.token ? result.token.replace(/\D/g, '') : null,
      units: result.units ?? null,
    };
    return this.whilePending(payment.reference, settled, async (trx) => {
      await createLedger(trx).transfer({
        from: 'outbound_holding',
        to: 'bill_payables',
        amountKobo: payment.amount_kobo,
        reference: `${payment.reference}:settle`,
        type: payment.product,
        narration: `Settled: ${payment.description} ${payment.billers_code}`.slice(0, 200),
      });
    });
  }

  /** failed (definite): a new ledger entry gives the money back; the customer sees it. */
  private async reverse(payment: BillPaymentRow) {
    return this.whilePending(payment.reference, { status: 'failed' as const }, async (trx) => {
      await createLedger(trx).reverse(
        payment.reference,
        `${payment.reference}:reversal`,
        `Reversal: ${payment.provider_name} ${payment.product} failed (ref ${payment.reference})`,
      );
    });
  }

  /**
   * Moves a still pending row to its outcome (`set`) and runs `work` (the ledger's part) in the
   * same transaction; nothing when the row is no longer pending. The conditional update takes the
   * row's lock and checks it is pending in one statement (a concurrent settle waits, then finds
   * it settled): one round trip instead of a locking read and then an update
   * (docs/decisions/032-money-calls-in-fewer-round-trips.md). If `work` fails the update is rolled
   * back with it. The row as updated, or null.
   */
  private async whilePending(
    reference: string,
    set: Pick<Updateable<BillPaymentsTable>, 'status' | 'token' | 'units'>,
    work: (trx: Kysely<Database>) => Promise<void>,
  ): Promise<BillPaymentRow | null> {
    return this.deps.db.transaction().execute(async (trx) => {
      const row = await trx
        .updateTable('bill_payments')
        .set({ ...set, updated_at: this.deps.clock.now() })
        .where('reference', '=', reference)
        .where('status', '=', 'pending')
        .returningAll()
        .executeTakeFirst();
      if (!row) return null;
      await work(trx);
      return row;
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
