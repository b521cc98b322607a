import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';

/** One line of a wallet's history as the ledger stores it. */
export interface HistoryLine {
  reference: string;
  type: string;
  narration: string;
  amountKobo: number;
}

/**
 * The narration each side of a wallet-to-wallet transfer reads. The ledger keeps one narration per
 * entry, written from the sender's side ('Transfer to <receiver>' when the sender typed none), so
 * the receiver would read their own name. Money in names the sender instead: 'Transfer from
 * <sender>', followed by the sender's own words when they typed some. Worked out when read, so
 * entries written before this rule read the same way.
 */
export async function narrationsAsSeen(
  db: Kysely<Database>,
  lines: readonly HistoryLine[],
): Promise<string[]> {
  const credited = lines.filter((l) => l.type.startsWith('intra-') && l.amountKobo > 0);
  if (credited.length === 0) return lines.map((l) => l.narration);
  const references = [...new Set(credited.map((l) => l.reference))];
  const { rows } = await sql<{
    reference: string;
    receiver_name: string | null;
    first_name: string | null;
    last_name: string | null;
  }>`
    select e.reference, e.metadata->>'receiver_name' as receiver_name, u.first_name, u.last_name
      from ledger_entries e
      join ledger_postings p on p.entry_id = e.id and p.amount_kobo < 0
      join ledger_accounts a on a.id = p.account_id
      join users u on u.id = a.owner_user_id
     where e.reference in (${sql.join(references)})`.execute(db);
  const senders = new Map(rows.map((r) => [r.reference, r]));
  return lines.map((line) => {
    const sender = line.amountKobo > 0 ? senders.get(line.reference) : undefined;
    if (!sender || !line.type.startsWith('intra-')) return line.narration;
    const name = [sender.first_name, sender.last_name].filter(Boolean).join(' ');
    if (!name) return line.narration;
    const typed = line.narration !== `Transfer to ${sender.receiver_name ?? ''}`;
    return typed ? `Transfer from ${name}: ${line.narration}` : `Transfer from ${name}`;
  });
}
