import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import { toKobo } from './kobo.js';
import type { AccountHistoryItem, EntryType } from './types.js';

export interface ListEntriesOptions {
  limit?: number;
  offset?: number;
}

const MAX_LIMIT = 500;

/**
 * One entry moves money both ways; intra/inter types name the direction as the account holder
 * sees it (SPEC §9 labels: '(Credit)' for inward, '(Debit)' for outward).
 */
export function transactionTypeFor(type: EntryType, amountKobo: number): EntryType {
  if (type.startsWith('intra-')) return amountKobo > 0 ? 'intra-inward' : 'intra-outward';
  if (type.startsWith('inter-')) return amountKobo > 0 ? 'inter-inward' : 'inter-outward';
  return type;
}

export async function listEntries(
  db: Kysely<Database>,
  accountId: string,
  { limit = 50, offset = 0 }: ListEntriesOptions = {},
): Promise<AccountHistoryItem[]> {
  const rows = await db
    .selectFrom('ledger_postings as p')
    .innerJoin('ledger_entries as e', 'e.id', 'p.entry_id')
    .select(['e.id', 'e.reference', 'e.type', 'e.narration', 'e.created_at', 'p.amount_kobo'])
    .where('p.account_id', '=', accountId)
    // Postings of one account are written under its row lock, so their ids follow commit order.
    .orderBy('p.id', 'desc')
    .limit(Math.min(Math.max(1, Math.trunc(limit)), MAX_LIMIT))
    .offset(Math.max(0, Math.trunc(offset)))
    .execute();
  return rows.map((r) => ({
    entryId: r.id,
    reference: r.reference,
    transactionType: transactionTypeFor(r.type, r.amount_kobo),
    amountKobo: r.amount_kobo,
    narration: r.narration,
    createdAt: new Date(r.created_at),
  }));
}

export interface Reconciliation {
  /** Accounts whose cached balance differs from the sum of their postings (should be empty). */
  mismatches: Array<{ accountId: string; cachedKobo: number; postedKobo: number }>;
  /** Sum of every posting in the ledger: 0 when every entry balances. */
  totalPostedKobo: number;
  /** Sum of every cached balance: 0 as well, since money only moves between accounts. */
  totalBalanceKobo: number;
  /** Accounts whose cached held_kobo differs from the sum of their open holds (should be empty). */
  holdMismatches: Array<{ accountId: string; cachedKobo: number; openHoldsKobo: number }>;
}

export async function reconcile(db: Kysely<Database>): Promise<Reconciliation> {
  const { rows } = await sql<{ account_id: string; cached: number; posted: string }>`
    select a.id as account_id, a.balance_kobo as cached, coalesce(sum(p.amount_kobo), 0)::text as posted
    from ledger_accounts a left join ledger_postings p on p.account_id = a.id
    group by a.id
  `.execute(db);
  const { rows: totals } = await sql<{ posted: string }>`
    select coalesce(sum(amount_kobo), 0)::text as posted from ledger_postings
  `.execute(db);
  const { rows: held } = await sql<{ account_id: string; cached: number; open: string }>`
    select a.id as account_id, a.held_kobo as cached,
      coalesce(sum(h.amount_kobo) filter (where h.status = 'open'), 0)::text as open
    from ledger_accounts a left join ledger_holds h on h.account_id = a.id
    group by a.id
  `.execute(db);
  const holdMismatches = held
    .map((r) => ({
      accountId: r.account_id,
      cachedKobo: toKobo(r.cached),
      openHoldsKobo: toKobo(r.open),
    }))
    .filter((r) => r.cachedKobo !== r.openHoldsKobo);
  const mismatches = rows
    .map((r) => ({
      accountId: r.account_id,
      cachedKobo: toKobo(r.cached),
      postedKobo: toKobo(r.posted),
    }))
    .filter((r) => r.cachedKobo !== r.postedKobo);
  return {
    mismatches,
    totalPostedKobo: toKobo(totals[0]?.posted ?? '0'),
    totalBalanceKobo: rows.reduce((sum, r) => sum + toKobo(r.cached), 0),
    holdMismatches,
  };
}
