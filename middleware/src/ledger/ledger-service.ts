import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import { nubanBankCode } from './account-number.js';
import { createAccounts } from './accounts.js';
import { listEntries, reconcile, type ListEntriesOptions } from './history.js';
import { createHolds } from './holds.js';
import { createJournal } from './journal.js';
import type { AccountRef } from './types.js';

export interface LedgerOptions {
  /**
   * The institution's bank code used for the NUBAN check digit of wallet numbers (docs/domain.md
   * "Bank accounts (NUBAN)"): 3-digit CBN, 5-digit MFB/fintech or 6-digit form. Default: a
   * fictitious MFB code.
   */
  institutionCode?: string;
  /** Source of random serials (tests force collisions with it); default crypto.randomInt. */
  randomInt?: (min: number, max: number) => number;
}

export const DEFAULT_INSTITUTION_CODE = '51999';

/** The money core. Every method is safe to call concurrently from several API instances. */
export function createLedger(db: Kysely<Database>, options: LedgerOptions = {}) {
  const institutionCode = options.institutionCode ?? DEFAULT_INSTITUTION_CODE;
  nubanBankCode(institutionCode); // fail at start on a malformed code, not at the first signup
  const accounts = createAccounts(db, institutionCode, options.randomInt);
  const { apply, ...journal } = createJournal(db);
  return {
    institutionCode,
    ...accounts,
    ...journal,
    ...createHolds(db, apply),
    /** Newest first, with the amount signed for this account. */
    async listEntries(account: AccountRef, options?: ListEntriesOptions) {
      const { id } = await accounts.getAccount(account);
      return listEntries(db, id, options);
    },
    /** Cached balances against the postings: run by tests and by an operator's health check. */
    reconcile: () => reconcile(db),
  };
}

export type Ledger = ReturnType<typeof createLedger>;
