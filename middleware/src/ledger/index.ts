// The ledger's public surface (docs/architecture.md "The middleware": money is a double-entry
// ledger).
export {
  createLedger,
  DEFAULT_INSTITUTION_CODE,
  type Ledger,
  type LedgerOptions,
} from './ledger-service.js';
export { LedgerError, isLedgerError, type LedgerErrorCode } from './ledger-error.js';
export type { OpenAccountInput, WalletOwner } from './accounts.js';
export type { EntryInput, PostingInput } from './entry-input.js';
export type { TransferInput } from './journal.js';
export {
  CLEARING_TOLERANCE_PERCENT,
  type ClearHoldInput,
  type Hold,
  type PlaceHoldInput,
} from './holds.js';
export type { HoldStatus } from './tables.js';
export type { ListEntriesOptions, Reconciliation } from './history.js';
export { transactionTypeFor } from './history.js';
export { generateAccountNumber, isValidNuban, nubanCheckDigit } from './account-number.js';
export { assertPositiveKobo, koboToNaira, nairaToKobo, toKobo } from './kobo.js';
export {
  ACCOUNT_STATUSES,
  ACCOUNT_TYPES,
  COMMISSION_WALLET_PRODUCT_ID,
  ENTRY_TYPES,
  SYSTEM_ACCOUNT_TYPES,
  WALLET_TYPES,
} from './types.js';
export type * from './types.js';
