import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import type {
  Bank,
  BankSwitch,
  FundsTransferRequest,
  NameEnquiryRequest,
  NipResponseCode,
} from './index.js';
import { BankSwitchTimeout } from './index.js';
import { nipId } from './nip-id.js';
import { isValidNuban, makeNuban } from './nuban.js';

// Sample banks: CBN or fintech code, NIP code (docs/domain.md "Bank accounts (NUBAN)").
export const SANDBOX_BANKS: Bank[] = [
  ['044', '000014', 'Access Bank'],
  ['058', '000013', 'GTBank'],
  ['057', '000015', 'Zenith Bank'],
  ['033', '000004', 'United Bank for Africa'],
  ['011', '000016', 'First Bank of Nigeria'],
  ['214', '000003', 'FCMB'],
  ['070', '000007', 'Fidelity Bank'],
  ['032', '000018', 'Union Bank'],
  ['232', '000001', 'Sterling Bank'],
  ['035', '000017', 'Wema Bank'],
  ['221', '000012', 'Stanbic IBTC Bank'],
  ['050', '000010', 'Ecobank'],
  ['076', '000008', 'Polaris Bank'],
  ['082', '000002', 'Keystone Bank'],
  ['215', '000011', 'Unity Bank'],
  ['101', '000023', 'Providus Bank'],
  ['301', '000006', 'Jaiz Bank'],
  ['50211', '090267', 'Kuda Microfinance Bank'],
  ['50515', '090405', 'Moniepoint Microfinance Bank'],
  ['999992', '100004', 'OPay'],
  ['999991', '100033', 'PalmPay'],
  ['100002', '100002', 'Paga'],
  ['566', '090110', 'VFD Microfinance Bank'],
].map(([code, nipCode, name]) => ({
  code: code as string,
  nipCode: nipCode as string,
  name: name as string,
}));

export interface SandboxBankAccount {
  bankCode: string;
  accountNumber: string;
  accountName: string;
  bvn: string;
  kycLevel: string;
  /** The switch's first answer to a transfer to this account. */
  transferOutcome: NipResponseCode;
  /**
   * What a status query (TSQ) answers later, when the first answer was not definite. Default:
   * '01' settles as '00' (approved), anything else stays what it was.
   */
  statusOutcome?: NipResponseCode;
  /** The transfer reaches the switch but its answer never comes back (the call times out). */
  timesOut?: boolean;
}

/** Test identities listed in the README: valid NUBANs whose transfers succeed, fail or hang. */
export const SANDBOX_ACCOUNTS: SandboxBankAccount[] = [
  {
    bankCode: '058',
    accountNumber: makeNuban('058', '012345678'),
    accountName: 'ADAEZE OKONKWO',
    bvn: '22222222222',
    kycLevel: '3',
    transferOutcome: '00',
  },
  {
    bankCode: '011',
    accountNumber: makeNuban('011', '000001457'),
    accountName: 'BABATUNDE ADEYEMI',
    bvn: '22222222223',
    kycLevel: '2',
    transferOutcome: '00',
  },
  {
    bankCode: '044',
    accountNumber: makeNuban('044', '100000001'),
    accountName: 'CHIDI NWOSU',
    bvn: '22222222224',
    kycLevel: '3',
    transferOutcome: '51',
  },
  {
    bankCode: '057',
    accountNumber: makeNuban('057', '200000002'),
    accountName: 'FATIMA BELLO',
    bvn: '22222222225',
    kycLevel: '1',
    transferOutcome: '01',
    statusOutcome: '00',
  },
  {
    bankCode: '033',
    accountNumber: makeNuban('033', '300000003'),
    accountName: 'EMEKA OBI',
    bvn: '22222222226',
    kycLevel: '2',
    transferOutcome: '09',
    statusOutcome: '91',
  },
  {
    bankCode: '50211',
    accountNumber: makeNuban('50211', '400000004'),
    accountName: 'GRACE ADEBAYO',
    bvn: '22222222227',
    kycLevel: '2',
    transferOutcome: '00',
    timesOut: true,
  },
];

/**
 * The sandbox switch remembers its transfers in `sandbox_nip_transfers`, so a status query or a
 * repeated transfer answered by any instance finds the original (the real switch is one service).
 */
export class SandboxBankSwitch implements BankSwitch {
  private readonly institutionCode: string;
  private readonly now: () => Date;

  constructor(
    private readonly db: Kysely<Database>,
    options: { institutionCode?: string; now?: () => Date } = {},
  ) {
    this.institutionCode = options.institutionCode ?? '999999';
    this.now = options.now ?? (() => new Date());
  }

  async listBanks() {
    return SANDBOX_BANKS;
  }

  async nameEnquiry(request: NameEnquiryRequest) {
    const sessionID = nipId(this.institutionCode, this.now());
    const bank = SANDBOX_BANKS.find(
      (b) =>
        b.nipCode === request.destinationInstitutionCode ||
        b.code === request.destinationInstitutionCode,
    );
    if (!bank) return { responseCode: '16' as const, sessionID };
    const account = SANDBOX_ACCOUNTS.find(
      (a) => a.bankCode === bank.code && a.accountNumber === request.accountNumber,
    );
    if (!account || !isValidNuban(bank.code, request.accountNumber))
      return { responseCode: '07' as const, sessionID };
    return {
      responseCode: '00' as const,
      sessionID,
      accountName: account.accountName,
      bankVerificationNumber: account.bvn,
      kycLevel: account.kycLevel,
    };
  }

  async fundsTransfer(request: FundsTransferRequest) {
    const now = this.now();
    const sessionID = nipId(this.institutionCode, now);
    let responseCode: NipResponseCode;
    const account = SANDBOX_ACCOUNTS.find(
      (a) => a.accountNumber === request.beneficiaryAccountNumber,
    );
    if (!Number.isSafeInteger(request.amountKobo) || request.amountKobo <= 0) responseCode = '13';
    else if (request.paymentReference.length > 50) responseCode = '57';
    else responseCode = account?.transferOutcome ?? '07';
    // The transaction id is the key: a repeat, from any instance and however concurrent, is 94.
    const recorded = await this.db
      .insertInto('sandbox_nip_transfers')
      .values({
        transaction_id: request.transactionId,
        session_id: sessionID,
        response_code: responseCode,
        destination_institution_code: request.destinationInstitutionCode,
        beneficiary_account_number: request.beneficiaryAccountNumber,
        amount_kobo: Number.isSafeInteger(request.amountKobo) ? request.amountKobo : 0,
        payment_reference: request.paymentReference,
        created_at: now,
      })
      .onConflict((oc) => oc.column('transaction_id').doNothing())
      .returning('transaction_id')
      .executeTakeFirst();
    if (!recorded) responseCode = '94';
    else if (account?.timesOut) throw new BankSwitchTimeout(request.transactionId);
    return { responseCode, sessionID, transactionId: request.transactionId };
  }

  async transactionStatus(transactionId: string) {
    const found = await this.db
      .selectFrom('sandbox_nip_transfers')
      .select(['response_code', 'session_id', 'beneficiary_account_number'])
      .where('transaction_id', '=', transactionId)
      .executeTakeFirst();
    if (!found) return { responseCode: '25' as const };
    const code = found.response_code as NipResponseCode;
    const account = SANDBOX_ACCOUNTS.find(
      (a) => a.accountNumber === found.beneficiary_account_number,
    );
    // An unknown first answer settles when queried, as a real TSQ eventually does: approved
    // ('01' by default) or the account's documented later outcome.
    const settled = account?.statusOutcome ?? (code === '01' ? '00' : code);
    return { responseCode: settled, sessionID: found.session_id };
  }
}
