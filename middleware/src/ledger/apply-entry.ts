import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import type { NormalizedPosting } from './entry-input.js';
import { LedgerError } from './ledger-error.js';
import type { EntryType, LedgerEntry } from './types.js';

/** An entry validated in code, ready for the database to apply. */
export interface PreparedEntry {
  reference: string;
  type: EntryType;
  narration: string;
  metadata: Record<string, unknown> | null;
  reversesEntryId: string | null;
  postings: NormalizedPosting[];
  /** Reversals refund into blocked wallets (a block stops money leaving, not coming back). */
  allowCreditToBlocked: boolean;
  /** The reference of an open hold this entry clears (migration 0028), else null. */
  clearsHold: string | null;
}

/** The reference is already taken: the caller replays the first entry (or reports a conflict). */
export class ReferenceTaken extends Error {}

interface ApplyRow {
  out_outcome:
    | 'applied'
    | 'reference_taken'
    | 'account_not_found'
    | 'duplicate_account'
    | 'account_blocked'
    | 'account_closed'
    | 'insufficient_funds'
    | 'hold_not_found'
    | 'hold_cleared'
    | 'hold_released';
  out_is_wallet: boolean | null;
  out_entry_id: string | null;
  out_created_at: Date | null;
  out_account_ids: string | null;
}

// Account refs are validated (uuid, 10 digits or a system type) and amounts are integers, so
// neither needs quoting inside a PostgreSQL array literal.
const arrayLiteral = (items: ReadonlyArray<string | number>) => `{${items.join(',')}}`;

/**
 * Applies the entry with ledger_apply_entry() (migrations 0002-ledger, 0028-cards): lock in id order, status
 * and funds checks (on the available balance), entry + postings + balances (and the hold it
 * clears), all in one statement and so one transaction.
 * Throws LedgerError for a refusal and ReferenceTaken when the reference already exists.
 */
export async function applyEntry(db: Kysely<Database>, entry: PreparedEntry): Promise<LedgerEntry> {
  const metadata = entry.metadata === null ? null : JSON.stringify(entry.metadata);
  const { rows } = await sql<ApplyRow>`
    select * from ledger_apply_entry(${entry.reference}, ${entry.type}, ${entry.narration},
      ${metadata}::jsonb, ${entry.reversesEntryId}::uuid,
      ${arrayLiteral(entry.postings.map((p) => p.account))}::text[],
      ${arrayLiteral(entry.postings.map((p) => p.amountKobo))}::bigint[],
      ${entry.allowCreditToBlocked}::boolean, ${entry.clearsHold}::text)`.execute(db);
  const row = rows[0];
  if (!row) throw new Error('ledger_apply_entry returned no row');
  const noun = row.out_is_wallet ? 'wallet' : 'account';
  switch (row.out_outcome) {
    case 'applied':
      break;
    case 'reference_taken':
      throw new ReferenceTaken();
    case 'account_not_found':
      throw new LedgerError('ACCOUNT_NOT_FOUND', 'Account not found.');
    case 'duplicate_account':
      throw new LedgerError('INVALID_ENTRY', 'An account appears twice in one entry.');
    case 'account_blocked':
      throw new LedgerError('ACCOUNT_BLOCKED', `This ${noun} is blocked.`);
    case 'account_closed':
      throw new LedgerError('ACCOUNT_CLOSED', `This ${noun} is closed.`);
    case 'insufficient_funds':
      throw new LedgerError('INSUFFICIENT_FUNDS', 'Insufficient funds.');
    case 'hold_not_found':
      throw new LedgerError('HOLD_NOT_FOUND', 'Authorisation not found.');
    case 'hold_cleared':
    case 'hold_released':
      throw new LedgerError(
        'HOLD_CLOSED',
        `This authorisation was already ${row.out_outcome.slice(5)}.`,
      );
    default:
      throw new Error(`Unexpected ledger outcome ${String(row.out_outcome)}`);
  }
  const accountIds = (row.out_account_ids ?? '').split(',');
  if (!row.out_entry_id || !row.out_created_at || accountIds.length !== entry.postings.length) {
    throw new Error('ledger_apply_entry returned an incomplete entry');
  }
  return {
    id: row.out_entry_id,
    reference: entry.reference,
    type: entry.type,
    narration: entry.narration,
    metadata: entry.metadata,
    reversesEntryId: entry.reversesEntryId,
    createdAt: new Date(row.out_created_at),
    postings: entry.postings.map((p, i) => ({
      accountId: accountIds[i] ?? '',
      amountKobo: p.amountKobo,
    })),
  };
}
