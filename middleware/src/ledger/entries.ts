import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import type { AccountType, LedgerEntry } from './types.js';

export type StoredEntry = LedgerEntry & {
  accounts: Array<{ id: string; accountNumber: string | null; type: AccountType }>;
};

/** An entry by reference with its postings and the identities of the accounts they touch. */
export async function findEntry(
  db: Kysely<Database>,
  reference: string,
): Promise<StoredEntry | undefined> {
  const row = await db
    .selectFrom('ledger_entries')
    .selectAll()
    .where('reference', '=', reference)
    .executeTakeFirst();
  return row && withPostings(db, row);
}

export async function findReversalOf(
  db: Kysely<Database>,
  entryId: string,
): Promise<StoredEntry | undefined> {
  const row = await db
    .selectFrom('ledger_entries')
    .selectAll()
    .where('reverses_entry_id', '=', entryId)
    .executeTakeFirst();
  return row && withPostings(db, row);
}

async function withPostings(
  db: Kysely<Database>,
  row: {
    id: string;
    reference: string;
    type: LedgerEntry['type'];
    narration: string;
    metadata: Record<string, unknown> | null;
    reverses_entry_id: string | null;
    created_at: Date;
  },
): Promise<StoredEntry> {
  const postings = await db
    .selectFrom('ledger_postings as p')
    .innerJoin('ledger_accounts as a', 'a.id', 'p.account_id')
    .select(['p.account_id', 'p.amount_kobo', 'a.account_number', 'a.type'])
    .where('p.entry_id', '=', row.id)
    .orderBy('p.id')
    .execute();
  return {
    id: row.id,
    reference: row.reference,
    type: row.type,
    narration: row.narration,
    metadata: row.metadata,
    reversesEntryId: row.reverses_entry_id,
    createdAt: new Date(row.created_at),
    postings: postings.map((p) => ({ accountId: p.account_id, amountKobo: p.amount_kobo })),
    accounts: postings.map((p) => ({
      id: p.account_id,
      accountNumber: p.account_number,
      type: p.type,
    })),
  };
}

/** Whether an AccountRef (id, wallet number or system type) names this account. */
export function refersTo(
  ref: string,
  account: { id: string; accountNumber: string | null; type: AccountType },
): boolean {
  if (ref.toLowerCase() === account.id) return true;
  if (account.accountNumber !== null) return ref === account.accountNumber;
  return ref === account.type;
}
