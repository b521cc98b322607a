import { AppError, GENERIC_ERROR_MESSAGE } from '../errors.js';
import type { LedgerError } from '../ledger/index.js';
import { ACCOUNT_NOT_FOUND, REFERENCE_CONFLICT } from './messages.js';

/**
 * The ledger refuses with a LedgerError (src/ledger/README.md); the central error handler
 * (plugins/errors.ts) answers it with this, so no money route maps ledger errors itself: unknown
 * account 404, blocked or closed wallet and insufficient funds 409 with the ledger's sentence
 * ('This wallet is blocked.', 'Insufficient funds.'), a reused reference 409, an impossible
 * amount 422.
 */
export function ledgerErrorToAppError(error: LedgerError): AppError {
  switch (error.code) {
    case 'ACCOUNT_NOT_FOUND':
      return new AppError(404, ACCOUNT_NOT_FOUND, error.code);
    case 'REFERENCE_CONFLICT':
      return new AppError(409, REFERENCE_CONFLICT, error.code);
    case 'ACCOUNT_NUMBER_EXHAUSTED':
      return new AppError(500, GENERIC_ERROR_MESSAGE, error.code);
    default:
      return new AppError(error.status, error.message, error.code);
  }
}
