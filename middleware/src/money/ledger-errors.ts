import { AppError } from '../../errors.js';
import { isLedgerError } from '../../ledger/index.js';
import { ACCOUNT_NOT_FOUND, WALLET_BLOCKED } from './messages.js';

/**
 * The ledger refuses with LedgerError (src/ledger/README.md); money routes answer it as the
 * contract says: unknown account 404, blocked or closed wallet 409 with the ledger's sentence.
 */
export function toAppError(error: unknown): unknown {
  if (!isLedgerError(error)) return error;
  if (error.code === 'ACCOUNT_NOT_FOUND') return new AppError(404, ACCOUNT_NOT_FOUND, error.code);
  if (error.code === 'ACCOUNT_BLOCKED') return new AppError(409, WALLET_BLOCKED, error.code);
  return new AppError(error.status, error.message, error.code);
}

/** Runs a ledger call, rethrowing its refusals as AppErrors. */
export async function withLedgerErrors<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    throw toAppError(error);
  }
}
