import type { ColumnType, Generated } from 'kysely';
import type { AccountStatus, AccountType, EntryType } from './types.js';

/*
 * Kysely table types of the ledger (migration src/db/migrations/0002-ledger.ts).
 * Money columns are int8 kobo, read as JS numbers (src/db refuses values past 2^53).
 * Entries and postings are append-only: the database refuses UPDATE, DELETE and TRUNCATE.
 */
type CreatedAt = ColumnType<Date, Date | string | undefined, never>;

export interface LedgerAccountsTable {
  id: Generated<string>;
  /** 10-digit NUBAN-style number: wallets only (customer and commission), null for system accounts. */
  account_number: string | null;
  type: AccountType;
  name: string;
  owner_user_id: string | null;
  product_id: number | null;
  currency: Generated<'NGN'>;
  status: Generated<AccountStatus>;
  /** Cached sum of the account's postings, updated in the same transaction as they are written. */
  balance_kobo: Generated<number>;
  /**
   * Cached sum of the account's open holds (migration 0028), updated with them; the available
   * balance is balance_kobo - held_kobo, and a wallet's never goes below zero (CHECK).
   */
  held_kobo: Generated<number>;
  created_at: CreatedAt;
  updated_at: ColumnType<Date, Date | string | undefined, Date | string>;
}

export interface LedgerEntriesTable {
  id: Generated<string>;
  /** The caller's idempotency key: unique, so a repeated call returns the first entry. */
  reference: string;
  type: EntryType;
  narration: string;
  metadata: ColumnType<Record<string, unknown> | null, string | null | undefined, never>;
  /** Set on a reversal: unique, so an entry is reversed at most once. */
  reverses_entry_id: string | null;
  created_at: CreatedAt;
}

export interface LedgerPostingsTable {
  id: Generated<number>;
  entry_id: string;
  account_id: string;
  /** Signed: positive credits the account (balance up), negative debits it. Never zero. */
  amount_kobo: number;
}

export type HoldStatus = 'open' | 'cleared' | 'released';

/** An authorisation hold (migration 0028): money reserved on a wallet, not posted. */
export interface LedgerHoldsTable {
  id: Generated<string>;
  /** The caller's idempotency key: unique, so a repeated call returns the first hold. */
  reference: string;
  account_id: string;
  amount_kobo: number;
  status: Generated<HoldStatus>;
  /** App clock: an open hold past it is released by the hold-expiry job. */
  expires_at: Date;
  metadata: ColumnType<Record<string, unknown> | null, string | null | undefined, never>;
  created_at: CreatedAt;
  closed_at: Date | null;
  /** The entry that cleared the hold (status 'cleared'). */
  cleared_entry_id: string | null;
}

export interface LedgerTables {
  ledger_accounts: LedgerAccountsTable;
  ledger_holds: LedgerHoldsTable;
  ledger_entries: LedgerEntriesTable;
  ledger_postings: LedgerPostingsTable;
}
