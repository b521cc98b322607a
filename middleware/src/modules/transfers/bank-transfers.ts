import type { Kysely, Selectable } from 'kysely';
import type { Clock } from '../../clock.js';
import type { Database, OutboundTransfersTable } from '../../db/schema.js';
import { AppError } from '../../errors.js';
import type { JobLogger, JobQueue } from '../../jobs/queue.js';
import { RetryLater, scheduleBackoff } from '../../jobs/queue.js';
import { createLedger, koboToNaira, nairaToKobo } from '../../ledger/index.js';
import { assertWithinDailyLimit, lockCustomers } from '../../money/limits.js';
import { ensureSystemAccounts } from '../../money/system-accounts.js';
import type { Bank, BankSwitch, NipResponseCode } from '../../providers/bank-switch/index.js';
import { nipId } from '../../providers/bank-switch/nip-id.js';
import { isValidNuban } from '../../providers/bank-switch/nuban.js';
import {
  ACCOUNT_NOT_RESOLVED,
  BANK_TRANSFER_FAILED,
  BANK_TRANSFER_PENDING,
  BANK_TRANSFER_SUCCESSFUL,
  BANK_UNAVAILABLE,
  INVALID_NUBAN,
  NAME_ENQUIRY_REQUIRED,
  TRANSFER_NOT_FOUND,
  UNKNOWN_BANK,
} from './messages.js';

/*
 * Wallet to bank (docs/decisions/013-outbound-money.md; docs/domain.md "Bank switch"): debit the
 * wallet into the outbound holding account, then ask the switch to pay. 00 pays the holding on to
 * bank settlement; a definite refusal reverses the debit (a new entry the customer sees); anything
 * else is pending, and a durable job asks the switch again until it gives a definite answer.
 */

export const NIP_STATUS_QUERY = 'nip.status-query';
/** docs/domain.md "Pending outcomes": the first status query after a minute, then up to hourly. */
export const STATUS_QUERY_DELAYS = [60, 120, 300, 600, 1800, 3600] as const;
/** About two days of hourly queries before a person has to look (the job goes dead, logged). */
const STATUS_QUERY_ATTEMPTS = 50;
/** A name enquiry is good for this long: long enough to type an amount and a PIN. */
const NAME_ENQUIRY_TTL_MS = 30 * 60 * 1000;
const CHANNEL_CODE = '1'; // SPEC §9

/** Answers that settle a transfer: the bank paid (00) or the bank definitely did not. */
const DEFINITE_FAILURES = new Set<NipResponseCode>(['07', '13', '16', '51', '57', '61', '91']);

export type Outcome = 'successful' | 'failed' | 'unknown';

/** 01, 09, 25 (after a send), 26, 94, 96, 97 and a timeout are not answers: ask again later. */
export function outcomeOf(code: NipResponseCode): Outcome {
  if (code === '00') return 'successful';
  return DEFINITE_FAILURES.has(code) ? 'failed' : 'unknown';
}

type TransferRow = Selectable<OutboundTransfersTable>;

export interface StatusQueryPayload {
  reference: string;
}

export interface BankTransferInput {
  userId: string;
  reference: string;
  walletAccountNumber: string;
  bankCode: string;
  accountNumber: string;
  amount: number;
  narration: string | undefined;
  nameEnquiryRef: string;
}

export function sortBanks(banks: Bank[]): Bank[] {
  return [...banks].sort((a, b) => a.name.localeCompare(b.name, 'en', { sensitivity: 'base' }));
}

export class BankTransfers {
  private readonly db: Kysely<Database>;
  private readonly bankSwitch: BankSwitch;
  private readonly clock: Clock;
  private readonly jobs: JobQueue;
  private readonly log: JobLogger;
  private readonly institutionCode: string;

  constructor(deps: {
    db: Kysely<Database>;
    bankSwitch: BankSwitch;
    clock: Clock;
    jobs: JobQueue;
    log: JobLogger;
    institutionCode?: string;
  }) {
    this.db = deps.db;
    this.bankSwitch = deps.bankSwitch;
    this.clock = deps.clock;
    this.jobs = deps.jobs;
    this.log = deps.log;
    this.institutionCode = deps.institutionCode ?? '999999';
  }

  /** Registers the status query job (once per app, before any route can enqueue it). */
  registerJobs(): void {
    this.jobs.define<StatusQueryPayload>({
      kind: NIP_STATUS_QUERY,
      maxAttempts: STATUS_QUERY_ATTEMPTS,
      backoff: scheduleBackoff(STATUS_QUERY_DELAYS),
      handle: ({ reference }) => this.queryStatus(reference),
      onDead: async ({ reference }, ctx) => {
        // Never reverse without a definite answer: the transfer stays pending for an operator.
        ctx.log.error(
          { reference, error: ctx.error },
          'bank transfer still pending after every status query; needs an operator',
        );
      },
    });
  }

  async banks(): Promise<Bank[]> {
    return sortBanks(await this.bankSwitch.listBanks());
  }

  private async bank(code: string): Promise<Bank> {
    const bank = (await this.bankSwitch.listBanks()).find((b) => b.code === code);
    if (!bank) throw new AppError(422, UNKNOWN_BANK, 'UNKNOWN_BANK');
    return bank;
  }

  /**
   * Name enquiry (SPEC §7 verify-account-number): the NUBAN check digit first (a typo never
   * reaches the switch), then the switch's answer, kept so the transfer can prove it.
   */
  async verifyAccount(userId: string, bankCode: string, accountNumber: string) {
    const bank = await this.bank(bankCode);
    if (!isValidNuban(bank.code, accountNumber)) {
      throw new AppError(422, INVALID_NUBAN, 'INVALID_NUBAN');
    }
    let answer;
    try {
      answer = await this.bankSwitch.nameEnquiry({
        accountNumber,
        channelCode: CHANNEL_CODE,
        destinationInstitutionCode: bank.nipCode,
        transactionId: nipId(this.institutionCode, this.clock.now()),
      });
    } catch {
      throw new AppError(503, BANK_UNAVAILABLE, 'SWITCH_UNAVAILABLE');
    }
    if (answer.responseCode !== '00' || !answer.accountName) {
      throw new AppError(404, ACCOUNT_NOT_RESOLVED, 'ACCOUNT_NOT_RESOLVED');
    }
    await this.db
      .insertInto('name_enquiries')
      .values({
        session_id: answer.sessionID,
        user_id: userId,
        bank_code: bank.code,
        account_number: accountNumber,
        account_name: answer.accountName,
        bvn: answer.bankVerificationNumber ?? null,
        kyc_level: answer.kycLevel ?? null,
        created_at: this.clock.now(),
      })
      .execute();
    return {
      account: {
        beneficiaryAccountName: answer.accountName,
        beneficiaryAccountNumber: accountNumber,
        beneficiaryNameEnquiryRefrenceNumber: answer.sessionID,
        bankVerificationNumber: answer.bankVerificationNumber ?? '',
        kyclevel: answer.kycLevel ?? '',
        beneficiaryBankCode: bank.code,
      },
    };
  }

  /**
   * SPEC §7 transfer-funds. The debit, the transfer row and its status query job commit together,
   * so from then on the money is accounted for whatever happens to this process: the job will ask
   * the switch (and resend if the switch never saw it). Run again with the same reference (a crash
   * before the answer was stored), it debits nothing new and only sends if no answer came yet.
   */
  async send(input: BankTransferInput) {
    const now = this.clock.now();
    const enquiry = await this.db
      .selectFrom('name_enquiries')
      .selectAll()
      .where('session_id', '=', input.nameEnquiryRef)
      .where('user_id', '=', input.userId)
      .where('bank_code', '=', input.bankCode)
      .where('account_number', '=', input.accountNumber)
      .executeTakeFirst();
    if (!enquiry || now.getTime() - enquiry.created_at.getTime() > NAME_ENQUIRY_TTL_MS) {
      throw new AppError(422, NAME_ENQUIRY_REQUIRED, 'NAME_ENQUIRY_REQUIRED');
    }
    const bank = await this.bank(input.bankCode);
    const amountKobo = nairaToKobo(input.amount);
    const narration =
      input.narration?.trim() || `To ${enquiry.account_name} (${bank.name})`.slice(0, 200);
    await ensureSystemAccounts(this.db);

    await this.db.transaction().execute(async (trx) => {
      await lockCustomers(trx, [input.userId]);
      const existing = await trx
        .selectFrom('outbound_transfers')
        .select('reference')
        .where('reference', '=', input.reference)
        .executeTakeFirst();
      if (existing) return;
      await assertWithinDailyLimit(trx, input.userId, amountKobo);
      await createLedger(trx).transfer({
        from: input.walletAccountNumber,
        to: 'outbound_holding',
        amountKobo,
        reference: input.reference,
        type: 'inter-outward',
        narration,
        metadata: { bank_name: bank.name, account_number: input.accountNumber },
      });
      await trx
        .insertInto('outbound_transfers')
        .values({
          reference: input.reference,
          user_id: input.userId,
          wallet_account_number: input.walletAccountNumber,
          amount_kobo: amountKobo,
          bank_code: bank.code,
          bank_name: bank.name,
          account_number: input.accountNumber,
          account_name: enquiry.account_name,
          name_enquiry_ref: enquiry.session_id,
          transaction_id: nipId(this.institutionCode, now),
          narration,
          status: 'pending',
          response_code: null,
          created_at: now,
          updated_at: now,
        })
        .execute();
      await this.jobs.enqueue(
        NIP_STATUS_QUERY,
        { reference: input.reference } satisfies StatusQueryPayload,
        { trx, dedupeKey: input.reference, delaySeconds: STATUS_QUERY_DELAYS[0] },
      );
    });

    const row = await this.find(input.reference);
    if (row.status === 'pending' && row.response_code === null) {
      await this.record(row.reference, await this.callTransfer(row));
    }
    return present(await this.find(input.reference));
  }

  /** The switch's funds transfer; a lost answer (timeout, network) is '97', not a failure. */
  private async callTransfer(row: TransferRow): Promise<NipResponseCode> {
    try {
      const answer = await this.bankSwitch.fundsTransfer({
        transactionId: row.transaction_id,
        nameEnquiryRef: row.name_enquiry_ref,
        destinationInstitutionCode: (await this.bank(row.bank_code)).nipCode,
        beneficiaryAccountNumber: row.account_number,
        beneficiaryAccountName: row.account_name,
        amountKobo: row.amount_kobo,
        paymentReference: row.reference,
        narration: row.narration,
      });
      return answer.responseCode;
    } catch (error) {
      this.log.warn({ reference: row.reference, err: error }, 'bank switch gave no answer');
      return '97';
    }
  }

  /**
   * Applies an answer, once: under the row's lock and only while it is pending, so the request
   * and the status job (on any instance) cannot both settle or reverse it.
   */
  async record(reference: string, code: NipResponseCode): Promise<TransferRow> {
    const outcome = outcomeOf(code);
    return this.db.transaction().execute(async (trx) => {
      const row = await trx
        .selectFrom('outbound_transfers')
        .selectAll()
        .where('reference', '=', reference)
        .forUpdate()
        .executeTakeFirstOrThrow();
      if (row.status !== 'pending') return row;
      const ledger = createLedger(trx);
      if (outcome === 'successful') {
        await ledger.transfer({
          from: 'outbound_holding',
          to: 'bank_settlement',
          amountKobo: row.amount_kobo,
          reference: `${reference}:settle`,
          type: 'inter-outward',
          narration: `Paid out: ${row.narration}`.slice(0, 200),
        });
      } else if (outcome === 'failed') {
        await ledger.reverse(
          reference,
          `${reference}:reversal`,
          `Reversal: ${row.narration}`.slice(0, 200),
        );
      }
      const status = outcome === 'unknown' ? 'pending' : outcome;
      return trx
        .updateTable('outbound_transfers')
        .set({ status, response_code: code, updated_at: this.clock.now() })
        .where('reference', '=', reference)
        .returningAll()
        .executeTakeFirstOrThrow();
    });
  }

  /**
   * The status job: asks the switch (TSQ). No record (25) means the transfer never reached it (a
   * crash between the debit and the call, or a lost request): send it again with the same
   * transaction id, which the switch pays at most once. Still unknown: ask again later.
   */
  async queryStatus(reference: string): Promise<void> {
    const row = await this.find(reference);
    if (row.status !== 'pending') return;
    let code: NipResponseCode;
    try {
      code = (await this.bankSwitch.transactionStatus(row.transaction_id)).responseCode;
      if (code === '25') code = await this.callTransfer(row);
    } catch {
      code = '97';
    }
    await this.db
      .updateTable('outbound_transfers')
      .set((eb) => ({ status_queries: eb('status_queries', '+', 1) }))
      .where('reference', '=', reference)
      .execute();
    const after = await this.record(reference, code);
    if (after.status === 'pending') throw new RetryLater(`status ${code}: not final yet`);
  }

  async find(reference: string): Promise<TransferRow> {
    const row = await this.db
      .selectFrom('outbound_transfers')
      .selectAll()
      .where('reference', '=', reference)
      .executeTakeFirst();
    if (!row) throw new AppError(404, TRANSFER_NOT_FOUND, 'TRANSFER_NOT_FOUND');
    return row;
  }

  /** A customer's own transfer, else 404 (never tells a stranger a reference exists). */
  async statusFor(userId: string, reference: string) {
    const row = await this.find(reference);
    if (row.user_id !== userId) throw new AppError(404, TRANSFER_NOT_FOUND, 'TRANSFER_NOT_FOUND');
    return present(row);
  }
}

const MESSAGES = {
  successful: BANK_TRANSFER_SUCCESSFUL,
  pending: BANK_TRANSFER_PENDING,
  failed: BANK_TRANSFER_FAILED,
} as const;

/** SPEC §7's paymentReference with the honest state of the money. */
function present(row: TransferRow) {
  return {
    message: MESSAGES[row.status],
    paymentReference: row.reference,
    status: row.status,
    amount: Number(koboToNaira(row.amount_kobo)),
    account_name: row.account_name,
    account_number: row.account_number,
    bank_name: row.bank_name,
  };
}
