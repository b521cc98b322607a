import type { Kysely } from 'kysely';
import type { Clock } from '../../clock.js';
import type { Database } from '../../db/schema.js';
import { RetryLater } from '../../jobs/queue.js';
import { koboToNaira } from '../../ledger/index.js';
import type { Notifier } from '../../providers/notifier/index.js';
import type { BankTransfers } from '../transfers/bank-transfers.js';
import { findPayment, type VendService } from '../payments/vend-service.js';
import { findDispute, findOwnEntry, type DisputeRow } from './dispute-repository.js';
import type { Disputes } from './dispute-service.js';
import { lagosDateTime } from './notices.js';

/*
 * The sandbox back office (docs/decisions/034-complaints-with-a-clock.md "How a complaint is
 * resolved"): one `disputes.back-office` job per complaint applies these rules. Money only ever
 * comes back through the transfer's or the purchase's own reversal (`<reference>:reversal`, written
 * by the same code that answers the switch or the aggregator), so a complaint can never refund
 * twice, nor refund what the provider says was paid or does not know yet: a provider without a
 * definite answer leaves the complaint investigating and the job asks again later.
 */

const naira = (kobo: number) =>
  `₦${Number(koboToNaira(Math.abs(kobo))).toLocaleString('en-NG', { minimumFractionDigits: 2 })}`;

export interface BackOfficeDeps {
  db: Kysely<Database>;
  clock: Clock;
  disputes: Disputes;
  bankTransfers: BankTransfers;
  vends: VendService;
  notifier: Notifier;
}

/** What the rules decided; `askAgain`: the provider has no final answer (the job retries). */
export type Decision =
  | { kind: 'refunded'; refundReference: string; note: string }
  | { kind: 'declined'; reason: string }
  | { kind: 'investigating'; note: string; askAgain: boolean };

export class BackOffice {
  constructor(private readonly deps: BackOfficeDeps) {}

  /** The job's work; safe to run again, and by two runners at once. */
  async handle(trackingNumber: string): Promise<void> {
    const dispute = await findDispute(this.deps.db, trackingNumber);
    if (!dispute || dispute.status === 'resolved') return;
    let decision = await this.decide(dispute);
    if (decision.kind === 'refunded' && !(await this.entryExists(decision.refundReference))) {
      // A refund is only ever reported once the reversal is in the ledger.
      decision = { kind: 'investigating', note: 'We are checking the refund.', askAgain: true };
    }
    const now = this.deps.clock.now();
    await this.deps.db.transaction().execute(async (trx) => {
      if (decision.kind === 'investigating') {
        await this.deps.disputes.resolve(trx, trackingNumber, {
          status: 'investigating',
          note: decision.note,
          at: now,
        });
      } else if (decision.kind === 'refunded') {
        await this.deps.disputes.resolve(trx, trackingNumber, {
          status: 'resolved',
          outcome: 'refunded',
          refundReference: decision.refundReference,
          reason: decision.note,
          note: decision.note,
          at: now,
        });
      } else {
        await this.deps.disputes.resolve(trx, trackingNumber, {
          status: 'resolved',
          outcome: 'declined',
          reason: decision.reason,
          note: decision.reason,
          at: now,
        });
      }
    });
    if (decision.kind === 'investigating' && decision.askAgain) {
      throw new RetryLater('the provider has no definite answer yet');
    }
  }

  private async entryExists(reference: string): Promise<boolean> {
    const row = await this.deps.db
      .selectFrom('ledger_entries')
      .select('id')
      .where('reference', '=', reference)
      .executeTakeFirst();
    return row !== undefined;
  }

  /** The rules, by category and by what the transaction turned out to be. */
  async decide(dispute: DisputeRow): Promise<Decision> {
    const { db } = this.deps;
    if (dispute.category === 'not_authorised') {
      // Outgoing money stays paused until the customer confirms or resets the PIN; a person
      // looks at the rest (the receiving bank is told under the 2025 fraud draft).
      return {
        kind: 'investigating',
        note: 'Outgoing payments are paused while we investigate.',
        askAgain: false,
      };
    }
    const transfer = await db
      .selectFrom('outbound_transfers')
      .selectAll()
      .where('reference', '=', dispute.reference)
      .executeTakeFirst();
    const bill = transfer ? undefined : await findPayment(db, dispute.reference);
    const entry = await findOwnEntry(db, dispute.user_id, dispute.reference);

    if (dispute.category === 'wrong_amount') {
      const asked = transfer?.amount_kobo ?? bill?.amount_kobo;
      if (entry && asked !== undefined && Math.abs(entry.amountKobo) === asked) {
        return {
          kind: 'declined',
          reason: `Your wallet was charged ${naira(asked)}, exactly the amount you authorised.`,
        };
      }
      if (entry && asked === undefined) {
        return {
          kind: 'declined',
          reason: `This transaction moved ${naira(entry.amountKobo)}, the amount you entered; nothing else was taken.`,
        };
      }
      return { kind: 'investigating', note: 'A person is checking the amount.', askAgain: false };
    }
    if (dispute.category === 'other') {
      return {
        kind: 'investigating',
        note: 'A person is looking into your report.',
        askAgain: false,
      };
    }
    // money_not_arrived and bill_not_delivered: what the provider says decides.
    if (transfer) return this.decideTransfer(transfer.reference);
    if (bill) return this.decideBill(bill.reference);
    if (entry?.type.startsWith('intra-')) {
      return {
        kind: 'declined',
        reason: `This was a wallet-to-wallet transaction: it completed at once on ${lagosDateTime(entry.createdAt)} and the money reached the other wallet.`,
      };
    }
    if (entry) {
      // A funding, a reward or a reversal: completed in the ledger, nothing waits on a provider.
      return {
        kind: 'declined',
        reason: `This transaction completed on ${lagosDateTime(entry.createdAt)}; nothing is waiting on a bank or biller.`,
      };
    }
    return {
      kind: 'investigating',
      note: 'A person is looking into your report.',
      askAgain: false,
    };
  }

  /** A bank transfer: the switch's answer, applied through the transfer's own code. */
  private async decideTransfer(reference: string): Promise<Decision> {
    const { bankTransfers } = this.deps;
    let row = await bankTransfers.find(reference);
    if (row.status === 'pending') {
      try {
        await bankTransfers.queryStatus(reference);
      } catch (error) {
        if (!(error instanceof RetryLater)) throw error;
      }
      row = await bankTransfers.find(reference);
    }
    if (row.status === 'failed') {
      return {
        kind: 'refunded',
        refundReference: `${reference}:reversal`,
        note: `The bank confirmed the transfer failed. ${naira(row.amount_kobo)} was returned to your wallet.`,
      };
    }
    if (row.status === 'successful') {
      return {
        kind: 'declined',
        reason: `The bank confirmed that ${row.account_name} (${row.bank_name}) received ${naira(row.amount_kobo)}. Ask the receiver to check with their bank.`,
      };
    }
    return {
      kind: 'investigating',
      note: 'We asked the bank switch; it has no final answer yet.',
      askAgain: true,
    };
  }

  /** A bill payment: the aggregator's answer; a delivered token is sent again. */
  private async decideBill(reference: string): Promise<Decision> {
    const { vends, db } = this.deps;
    let status = (await findPayment(db, reference))?.status;
    if (status === 'pending') status = await vends.refresh(reference);
    const bill = await findPayment(db, reference);
    if (!bill)
      return {
        kind: 'investigating',
        note: 'A person is looking into your report.',
        askAgain: false,
      };
    if (status === 'failed') {
      return {
        kind: 'refunded',
        refundReference: `${reference}:reversal`,
        note: `The biller confirmed the purchase failed. ${naira(bill.amount_kobo)} was returned to your wallet.`,
      };
    }
    if (status === 'delivered') {
      const token = bill.token
        ? ` Your token again: ${bill.token.replace(/(\d{4})(?=\d)/g, '$1-')}.`
        : '';
      return {
        kind: 'declined',
        reason: `The biller confirmed delivery of ${bill.description} to ${bill.billers_code}.${token}`,
      };
    }
    return {
      kind: 'investigating',
      note: 'We asked the biller; it has no final answer yet.',
      askAgain: true,
    };
  }
}
