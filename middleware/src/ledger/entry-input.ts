import { assertPositiveKobo } from './kobo.js';
import { LedgerError } from './ledger-error.js';
import { ENTRY_TYPES, SYSTEM_ACCOUNT_TYPES, type AccountRef, type EntryType } from './types.js';

/** One leg of `post()`: exactly one of debitKobo (money out of the account) or creditKobo (in). */
export interface PostingInput {
  account: AccountRef;
  debitKobo?: number;
  creditKobo?: number;
}

export interface EntryInput {
  reference: string;
  type: EntryType;
  narration: string;
  metadata?: Record<string, unknown>;
  postings: PostingInput[];
}

export interface NormalizedPosting {
  account: AccountRef;
  /** Signed: credit positive, debit negative. */
  amountKobo: number;
}

const MAX_REFERENCE = 100;
const MAX_NARRATION = 200;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export type AccountRefKind =
  | { kind: 'id'; value: string }
  | { kind: 'number'; value: string }
  | { kind: 'system'; value: string };

/** How an AccountRef names its account (see types.ts). */
export function classifyAccountRef(ref: AccountRef): AccountRefKind {
  if (UUID.test(ref)) return { kind: 'id', value: ref.toLowerCase() };
  if (/^\d{10}$/.test(ref)) return { kind: 'number', value: ref };
  if ((SYSTEM_ACCOUNT_TYPES as readonly string[]).includes(ref))
    return { kind: 'system', value: ref };
  throw new LedgerError('ACCOUNT_NOT_FOUND', 'Account not found.');
}

export function validateEntryHeader(input: {
  reference: string;
  type: string;
  narration: string;
}): void {
  if (
    typeof input.reference !== 'string' ||
    !input.reference.trim() ||
    input.reference.length > MAX_REFERENCE
  ) {
    throw new LedgerError(
      'INVALID_ENTRY',
      `A reference of 1 to ${MAX_REFERENCE} characters is required.`,
    );
  }
  if (!(ENTRY_TYPES as readonly string[]).includes(input.type)) {
    throw new LedgerError('INVALID_ENTRY', `Unknown transaction type '${input.type}'.`);
  }
  if (typeof input.narration !== 'string' || input.narration.length > MAX_NARRATION) {
    throw new LedgerError(
      'INVALID_ENTRY',
      `The narration is limited to ${MAX_NARRATION} characters.`,
    );
  }
}

/**
 * Checks an entry's legs before any SQL runs: each leg is a positive debit or credit, no account
 * appears twice, and debits equal credits (the database checks the same again at commit).
 */
export function normalizePostings(postings: readonly PostingInput[]): NormalizedPosting[] {
  if (!Array.isArray(postings) || postings.length < 2) {
    throw new LedgerError('INVALID_ENTRY', 'An entry needs at least two postings.');
  }
  const seen = new Set<string>();
  let debits = 0;
  let credits = 0;
  const normalized = postings.map((p) => {
    const hasDebit = p.debitKobo !== undefined;
    if (hasDebit === (p.creditKobo !== undefined)) {
      throw new LedgerError('INVALID_ENTRY', 'Each posting is either a debit or a credit.');
    }
    const key = accountKey(p.account);
    if (seen.has(key))
      throw new LedgerError('INVALID_ENTRY', 'An account appears twice in one entry.');
    seen.add(key);
    const amount = assertPositiveKobo(hasDebit ? p.debitKobo : p.creditKobo);
    if (hasDebit) debits += amount;
    else credits += amount;
    return { account: p.account, amountKobo: hasDebit ? -amount : amount };
  });
  if (!Number.isSafeInteger(debits) || !Number.isSafeInteger(credits)) {
    throw new LedgerError('INVALID_AMOUNT', 'The amount is too large.');
  }
  if (debits !== credits) {
    throw new LedgerError(
      'INVALID_ENTRY',
      `Unbalanced entry: debits ${debits} ≠ credits ${credits} kobo.`,
    );
  }
  return normalized;
}

function accountKey(ref: AccountRef): string {
  const { kind, value } = classifyAccountRef(ref);
  return `${kind}:${value}`;
}
