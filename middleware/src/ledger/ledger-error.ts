export type LedgerErrorCode =
  | 'ACCOUNT_NOT_FOUND'
  | 'ACCOUNT_BLOCKED'
  | 'ACCOUNT_CLOSED'
  | 'INSUFFICIENT_FUNDS'
  | 'REFERENCE_CONFLICT'
  | 'ENTRY_NOT_FOUND'
  | 'ALREADY_REVERSED'
  | 'NOT_REVERSIBLE'
  | 'INVALID_AMOUNT'
  | 'INVALID_ENTRY'
  | 'ACCOUNT_NUMBER_EXHAUSTED'
  | 'HOLD_NOT_FOUND'
  | 'HOLD_CLOSED'
  | 'CLEARING_ABOVE_HOLD';

// 404 unknown thing, 409 conflicts with the ledger's state, 422 a request that can never succeed.
const STATUS: Record<LedgerErrorCode, 404 | 409 | 422 | 500> = {
  ACCOUNT_NOT_FOUND: 404,
  ENTRY_NOT_FOUND: 404,
  ACCOUNT_BLOCKED: 409,
  ACCOUNT_CLOSED: 409,
  INSUFFICIENT_FUNDS: 409,
  REFERENCE_CONFLICT: 409,
  ALREADY_REVERSED: 409,
  NOT_REVERSIBLE: 422,
  INVALID_AMOUNT: 422,
  INVALID_ENTRY: 422,
  ACCOUNT_NUMBER_EXHAUSTED: 500,
  HOLD_NOT_FOUND: 404,
  HOLD_CLOSED: 409,
  CLEARING_ABOVE_HOLD: 422,
};

/** A refusal the routes map to a response: `status` is the HTTP code, `message` is user-facing. */
export class LedgerError extends Error {
  readonly status: 404 | 409 | 422 | 500;

  constructor(
    readonly code: LedgerErrorCode,
    message: string,
  ) {
    super(message);
    this.name = 'LedgerError';
    this.status = STATUS[code];
  }
}

export function isLedgerError(error: unknown, code?: LedgerErrorCode): error is LedgerError {
  return error instanceof LedgerError && (code === undefined || error.code === code);
}

/** The SQLSTATE of a database error, from pg or from the PGlite worker (both keep `code`). */
export function sqlState(error: unknown): string | undefined {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' ? code : undefined;
}

export function constraintName(error: unknown): string | undefined {
  const name = (error as { constraint?: unknown } | null)?.constraint;
  return typeof name === 'string' ? name : undefined;
}
