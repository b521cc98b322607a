/*
 * Bank switch (NIBSS NIP-like), docs/domain.md "Bank switch". Response codes: 00 approved, 01
 * status unknown, 07 invalid account, 09 in progress, 13 invalid amount, 16 unknown bank, 25 no
 * record, 26 duplicate, 51 insufficient funds, 57 not permitted, 61 limit exceeded, 91 beneficiary
 * bank not available, 94 duplicate transaction, 96 system malfunction, 97 timeout.
 */
export type NipResponseCode =
  | '00'
  | '01'
  | '07'
  | '09'
  | '13'
  | '16'
  | '25'
  | '26'
  | '51'
  | '57'
  | '61'
  | '91'
  | '94'
  | '96'
  | '97';

export interface Bank {
  /** CBN code (3 digits) or fintech code; what the client sends as bank_code. */
  code: string;
  /** NIP institution code (6 digits). */
  nipCode: string;
  name: string;
}

export interface NameEnquiryRequest {
  accountNumber: string;
  channelCode: string;
  destinationInstitutionCode: string; // NIP code
  transactionId: string;
}
export interface NameEnquiryResponse {
  responseCode: NipResponseCode;
  sessionID: string;
  accountName?: string;
  bankVerificationNumber?: string;
  kycLevel?: string;
}

export interface FundsTransferRequest {
  transactionId: string;
  nameEnquiryRef: string;
  destinationInstitutionCode: string;
  beneficiaryAccountNumber: string;
  beneficiaryAccountName: string;
  amountKobo: number;
  paymentReference: string; // at most 50 chars
  narration: string;
}
export interface FundsTransferResponse {
  responseCode: NipResponseCode;
  sessionID: string;
  transactionId: string;
}

export interface BankSwitch {
  listBanks(): Promise<Bank[]>;
  nameEnquiry(request: NameEnquiryRequest): Promise<NameEnquiryResponse>;
  fundsTransfer(request: FundsTransferRequest): Promise<FundsTransferResponse>;
  transactionStatus(
    transactionId: string,
  ): Promise<{ responseCode: NipResponseCode; sessionID?: string }>;
}

/**
 * An inbound credit the switch notifies: another bank paid a wallet's account
 * number. The sandbox raises it with POST /api/sandbox/inbound-transfer; `reference` is the
 * switch's session id, so a repeated notification moves money once.
 */
export interface InboundCreditNotification {
  account_number: string;
  /** Naira, > 0, at most 2 decimals. */
  amount: number;
  sender_name: string;
  sender_bank: string;
  reference?: string | undefined;
}

/**
 * The switch's answer did not come back in time: the transfer may or may not have been made. Only
 * a status query can tell; the caller must never treat it as a failure.
 */
export class BankSwitchTimeout extends Error {
  constructor(readonly transactionId: string) {
    super(`The bank switch did not answer transfer ${transactionId} in time`);
    this.name = 'BankSwitchTimeout';
  }
}
