// SPEC §3 banks, beneficiaries, transfers and transactions.

export interface Bank {
  code: string;
  name: string;
}

/** SPEC §3: a bank option value is code and name joined by '***' (see `toBankOptionValue`). */
export type BankOptionValue = `${string}***${string}`;

export interface Beneficiary {
  id: number | string;
  name: string;
  recipient_account_number: string;
  /** The user's own wallet the beneficiary was saved against. */
  account_number: string;
  account_type: string;
  bank_code: string | null;
  bank_image: string | null;
  /** Derived on the client from the bank list by code; present means a bank beneficiary. */
  bankName?: string;
}

/** SPEC §7 POST /beneficiaries/{recipientAccountNumber}: plain body. */
export type NewBeneficiary = Omit<Beneficiary, 'id' | 'bankName'>;

/** SPEC §3 "Account verification result" (spelling of the reference field is the wire's). */
export interface AccountVerificationResult {
  beneficiaryAccountName: string;
  beneficiaryAccountNumber: string;
  beneficiaryNameEnquiryRefrenceNumber: string;
  bankVerificationNumber: string;
  kyclevel: string;
  beneficiaryBankCode: string;
}

/** SPEC §3: wallet list whose first item has firstname and lastname. */
export interface WalletVerificationResponse {
  wallet: Array<{ firstname: string; lastname: string; [key: string]: unknown }>;
}

export interface WalletTransferDetails {
  sender_wallet_number: string;
  wallet_name: string;
  receiver_wallet_number: string;
  transfer_amount: number | string;
  narration: string;
  transaction_pin: string;
  otp?: string;
}

export interface BankTransferDetails {
  transaction_pin: string;
  account_number: string;
  account_name: string;
  bank_code: string;
  amount: number | string;
  wallet_account_number: string;
  narration: string;
  wallet_name: string;
  otp?: string;
}

/** SPEC §3 / §5: amount is sent as a number, platform fixed 'web'. */
export interface BankToWalletPayload {
  wallet_account_number: string;
  transfer_amount: number;
  transaction_pin: string;
  phone_number: string;
  platform: 'web';
}

/** SPEC §9 labelled types; any other type is shown raw. */
export type TransactionType =
  'intra-inward' | 'intra-outward' | 'inter-inward' | 'inter-outward' | 'credit' | (string & {});

export interface Transaction {
  transaction_date: string;
  transaction_type: TransactionType;
  amount: number | string;
  narration: string | null;
}

/** SPEC §4 / docs/architecture.md "The wire contract" (step-up): a 202 answer asks for an OTP. */
export interface OtpChallenge {
  notificationChannel: 'email' | 'phone' | (string & {});
  recipient: string;
}
