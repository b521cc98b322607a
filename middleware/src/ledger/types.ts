/** Wallets belong to a user and may never go below zero (database CHECK). */
export const WALLET_TYPES = ['customer_wallet', 'commission_wallet'] as const;

/**
 * One account of each per ledger. Settlement and float mirror money held outside the ledger, so
 * they go negative by nature (a funded wallet debits bank settlement); they have no funds check.
 */
export const SYSTEM_ACCOUNT_TYPES = [
  'bank_settlement',
  'bill_payables',
  'card_checkout_clearing',
  'cash_agent_float',
  'commission_pool',
  'fees',
  // Money on its way out (bank transfer, bill vend) until the provider's definite answer.
  'outbound_holding',
  // SPEC §9 referral rewards are paid from here (migration 0016).
  'referral_programme',
  // The card network's side of card payments and refunds (migration 0028).
  'card_settlement',
] as const;

export const ACCOUNT_TYPES = [...WALLET_TYPES, ...SYSTEM_ACCOUNT_TYPES] as const;
export const ACCOUNT_STATUSES = ['active', 'blocked', 'closed'] as const;

/** SPEC §9 transaction types, plus the ledger's own funding, reward and reversal. */
export const ENTRY_TYPES = [
  'intra-inward',
  'intra-outward',
  'inter-inward',
  'inter-outward',
  'airtime',
  'data',
  'electricity',
  // Migration 0027.
  'cable-tv',
  // Migration 0028: a card payment (clears an authorisation hold), a merchant's refund, the fee.
  'card-payment',
  'card-refund',
  'card-issuance',
  'funding',
  'reward',
  'reversal',
] as const;

export type WalletType = (typeof WALLET_TYPES)[number];
export type SystemAccountType = (typeof SYSTEM_ACCOUNT_TYPES)[number];
export type AccountType = (typeof ACCOUNT_TYPES)[number];
export type AccountStatus = (typeof ACCOUNT_STATUSES)[number];
export type EntryType = (typeof ENTRY_TYPES)[number];

/** SPEC §9: product id 4 is the commission wallet. */
export const COMMISSION_WALLET_PRODUCT_ID = 4;

export interface Account {
  id: string;
  accountNumber: string | null;
  type: AccountType;
  name: string;
  ownerUserId: string | null;
  productId: number | null;
  currency: 'NGN';
  status: AccountStatus;
  /** The ledger balance: every posted entry. */
  balanceKobo: number;
  /** Open authorisation holds (docs/decisions/041-authorisation-holds.md). */
  heldKobo: number;
  /** What can be spent: balanceKobo - heldKobo. */
  availableKobo: number;
  createdAt: Date;
}

/**
 * Where money goes: an account id (uuid), a wallet's 10-digit account number, or a system account
 * type such as 'bank_settlement'.
 */
export type AccountRef = string;

export interface Posting {
  accountId: string;
  /** Signed kobo: positive is a credit to the account, negative a debit. */
  amountKobo: number;
}

export interface LedgerEntry {
  id: string;
  reference: string;
  type: EntryType;
  narration: string;
  metadata: Record<string, unknown> | null;
  reversesEntryId: string | null;
  createdAt: Date;
  postings: Posting[];
}

export interface EntryResult {
  entry: LedgerEntry;
  /** True when the reference had already been applied: nothing moved this time. */
  replayed: boolean;
}

/** One line of an account's history (SPEC §3 Transaction), newest first. */
export interface AccountHistoryItem {
  entryId: string;
  reference: string;
  /** For intra/inter types, the direction as seen by this account (inward when credited). */
  transactionType: EntryType;
  /** Signed kobo for this account: positive credit, negative debit. */
  amountKobo: number;
  narration: string;
  createdAt: Date;
}
