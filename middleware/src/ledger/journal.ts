import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import { normalizePostings, validateEntryHeader, type EntryInput } from './entry-input.js';
import { findEntry, findReversalOf, refersTo, type StoredEntry } from './entries.js';
import { constraintName, isLedgerError, LedgerError, sqlState } from './ledger-error.js';
import type { AccountRef, EntryResult, EntryType } from './types.js';
import { applyEntry, ReferenceTaken, type PreparedEntry } from './apply-entry.js';

export interface TransferInput {
  from: AccountRef;
  to: AccountRef;
  amountKobo: number;
  /** The caller's idempotency key: the same reference twice moves money once. */
  reference: string;
  type: EntryType;
  narration: string;
  metadata?: Record<string, unknown>;
}

export function createJournal(db: Kysely<Database>) {
  /**
   * Applies one entry in one transaction (see applyEntry). When anything refuses, look whether
   * the reference was already applied first: a retried call must get its first answer back, even
   * if the wallet has since been emptied or blocked.
   */
  async function apply(entry: PreparedEntry): Promise<EntryResult> {
    try {
      return { entry: await applyEntry(db, entry), replayed: false };
    } catch (error) {
      const referenceMayExist =
        error instanceof ReferenceTaken ||
        isLedgerError(error) ||
        (sqlState(error) === '23505' && constraintName(error) === 'ledger_entries_reference_key');
      if (referenceMayExist) {
        const existing = await findEntry(db, entry.reference);
        if (existing) return replay(existing, entry);
      }
      if (
        sqlState(error) === '23505' &&
        constraintName(error) === 'ledger_entries_reverses_entry_id_key'
      ) {
        throw new LedgerError('ALREADY_REVERSED', 'This transaction has already been reversed.');
      }
      // The CHECK is the last line of defence behind the function's funds check; same answer.
      if (
        sqlState(error) === '23514' &&
        (constraintName(error) === 'ledger_accounts_wallet_not_negative' ||
          constraintName(error) === 'ledger_accounts_wallet_holds_covered')
      ) {
        throw new LedgerError('INSUFFICIENT_FUNDS', 'Insufficient funds.');
      }
      throw error;
    }
  }

  function replay(existing: StoredEntry, entry: PreparedEntry): EntryResult {
    if (!sameEntry(existing, entry)) {
      throw new LedgerError(
        'REFERENCE_CONFLICT',
        'This reference was already used for a different transaction.',
      );
    }
    const { accounts: _accounts, ...first } = existing;
    return { entry: first, replayed: true };
  }

  async function post(input: EntryInput): Promise<EntryResult> {
    validateEntryHeader(input);
    if (input.type === 'reversal') {
      throw new LedgerError('INVALID_ENTRY', 'Use reverse() to reverse an entry.');
    }
    return apply({
      reference: input.reference,
      type: input.type,
      narration: input.narration,
      metadata: input.metadata ?? null,
      reversesEntryId: null,
      postings: normalizePostings(input.postings),
      allowCreditToBlocked: false,
      clearsHold: null,
    });
  }

  function transfer(input: TransferInput): Promise<EntryResult> {
    return post({
      reference: input.reference,
      type: input.type,
      narration: input.narration,
      ...(input.metadata ? { metadata: input.metadata } : {}),
      postings: [
        { account: input.from, debitKobo: input.amountKobo },
        { account: input.to, creditKobo: input.amountKobo },
      ],
    });
  }

  /** A new entry with every posting swapped, never an update: the ledger is append-only. */
  async function reverse(
    entryReference: string,
    reference: string,
    narration: string,
  ): Promise<EntryResult> {
    validateEntryHeader({ reference, type: 'reversal', narration });
    const original = await findEntry(db, entryReference);
    if (!original) throw new LedgerError('ENTRY_NOT_FOUND', 'Transaction not found.');
    if (original.type === 'reversal') {
      throw new LedgerError('NOT_REVERSIBLE', 'A reversal cannot itself be reversed.');
    }
    const prepared: PreparedEntry = {
      reference,
      type: 'reversal',
      narration,
      metadata: { reversedReference: original.reference },
      reversesEntryId: original.id,
      postings: original.postings.map((p) => ({ account: p.accountId, amountKobo: -p.amountKobo })),
      allowCreditToBlocked: true,
      clearsHold: null,
    };
    const earlier = await findReversalOf(db, original.id);
    if (earlier) {
      if (earlier.reference === reference) return replay(earlier, prepared);
      throw new LedgerError('ALREADY_REVERSED', 'This transaction has already been reversed.');
    }
    return apply(prepared);
  }

  return { apply, post, transfer, reverse };
}

/** Same reference, same money movement: type, reversal link and every leg must match. */
function sameEntry(existing: StoredEntry, entry: PreparedEntry): boolean {
  if (existing.type !== entry.type || existing.reversesEntryId !== entry.reversesEntryId)
    return false;
  if (existing.postings.length !== entry.postings.length) return false;
  return entry.postings.every((leg) =>
    existing.postings.some((p) => {
      const account = existing.accounts.find((a) => a.id === p.accountId);
      return (
        account !== undefined && p.amountKobo === leg.amountKobo && refersTo(leg.account, account)
      );
    }),
  );
}
