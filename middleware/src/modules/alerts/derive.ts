import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { JobQueue } from '../../jobs/queue.js';
import { narrationsAsSeen } from '../wallets/counterparty.js';
import { recordAlert } from './record.js';
import { movementAlertText } from './wording.js';

/** Postings read per transaction; the job runs again at once while it keeps finding some. */
export const DERIVE_BATCH = 200;
/**
 * How far behind the oldest transaction still open the cursor stays (docs/decisions/033): the
 * ledger writes an entry and its postings in one function call, so a posting is inserted well within
 * this of its entry's created_at.
 */
const CURSOR_MARGIN_SECONDS = 10;

interface PostingRow {
  posting_id: number;
  entry_id: string;
  account_id: string;
  account_number: string;
  user_id: string;
  amount_kobo: number;
  balance_after_kobo: number;
  reference: string;
  type: string;
  narration: string;
  created_at: Date;
}

/**
 * The moment before which every transaction that could still commit a posting had already begun:
 * the start of the oldest transaction open on this database now (or now). Read before the postings,
 * in a statement of its own: a posting whose entry is older than this was committed (or rolled back)
 * before the postings are read, so the cursor can pass it without missing one that commits late
 * with a lower id (identity values are handed out before commit, not in commit order).
 */
async function openTransactionsHorizon(db: Kysely<Database>): Promise<Date> {
  const { rows } = await sql<{ horizon: Date }>`
    select least(now(), coalesce(min(xact_start), now())) as horizon
      from pg_stat_activity
     where datname = current_database() and pid <> pg_backend_pid()
       and xact_start is not null and backend_type = 'client backend'`.execute(db);
  return new Date(rows[0]?.horizon ?? 0);
}

/**
 * Turns postings on customers' wallets into alerts (docs/decisions/033-alerts-derived-from-the-ledger.md):
 * every postings past the durable cursor without an alert gets one (unique per entry and account,
 * so two instances deriving at once alert it once), then the cursor moves past what can no longer
 * change. Nothing on the money path writes for it. Returns how many alerts it created.
 */
export async function deriveAlerts(
  db: Kysely<Database>,
  jobs: Pick<JobQueue, 'enqueue'>,
  options: { marginSeconds?: number } = {},
): Promise<{ created: number; more: boolean }> {
  const margin = options.marginSeconds ?? CURSOR_MARGIN_SECONDS;
  const horizon = await openTransactionsHorizon(db);
  return db.transaction().execute(async (trx) => {
    // Locked: derivations run one after the other, each from where the last one left off.
    const cursor = await trx
      .selectFrom('alert_cursors')
      .select('last_posting_id')
      .where('name', '=', 'ledger')
      .forUpdate()
      .executeTakeFirst();
    const from = cursor?.last_posting_id ?? 0;
    // The balance after a posting: postings of one account are written under its row lock, so
    // their ids follow the order they were applied in; current balance minus what came after.
    const { rows } = await sql<PostingRow>`
      select p.id as posting_id, p.entry_id, p.account_id, a.account_number,
             a.owner_user_id as user_id, p.amount_kobo,
             a.balance_kobo - coalesce((select sum(q.amount_kobo) from ledger_postings q
                where q.account_id = p.account_id and q.id > p.id), 0) as balance_after_kobo,
             e.reference, e.type, e.narration, e.created_at
        from ledger_postings p
        join ledger_accounts a on a.id = p.account_id
        join ledger_entries e on e.id = p.entry_id
       where p.id > ${from}
         and a.type in ('customer_wallet', 'commission_wallet') and a.owner_user_id is not null
         and not exists (select 1 from alerts x
                          where x.entry_id = p.entry_id and x.account_id = p.account_id)
       order by p.id
       limit ${DERIVE_BATCH}`.execute(trx);
    const narrations = await narrationsAsSeen(
      trx,
      rows.map((r) => ({
        reference: r.reference,
        type: r.type,
        narration: r.narration,
        amountKobo: Number(r.amount_kobo),
      })),
    );
    let created = 0;
    for (const [i, row] of rows.entries()) {
      const movement = {
        amountKobo: Number(row.amount_kobo),
        balanceAfterKobo: Number(row.balance_after_kobo),
        narration: narrations[i] ?? row.narration,
        reference: row.reference,
        accountNumber: row.account_number,
        at: new Date(row.created_at),
      };
      const text = movementAlertText(movement);
      const id = await recordAlert(trx, jobs, {
        user_id: row.user_id,
        kind: text.kind,
        entry_id: row.entry_id,
        account_id: row.account_id,
        posting_id: row.posting_id,
        amount_kobo: movement.amountKobo,
        balance_after_kobo: movement.balanceAfterKobo,
        title: text.title,
        body: text.body,
        narration: movement.narration.slice(0, 300),
        reference: row.reference,
        created_at: movement.at,
      });
      if (id) created += 1;
    }
    const full = rows.length === DERIVE_BATCH;
    const upTo = full ? (rows[rows.length - 1]?.posting_id ?? from) : null;
    const safe = await trx
      .selectFrom('ledger_postings as p')
      .innerJoin('ledger_entries as e', 'e.id', 'p.entry_id')
      .select((eb) => eb.fn.max('p.id').as('id'))
      .where('p.id', '>', from)
      .$if(upTo !== null, (qb) => qb.where('p.id', '<=', upTo as number))
      .where('e.created_at', '<', new Date(horizon.getTime() - margin * 1000))
      .executeTakeFirst();
    const next = safe?.id === null || safe?.id === undefined ? from : Number(safe.id);
    if (next > from) {
      await trx
        .updateTable('alert_cursors')
        .set({ last_posting_id: next })
        .where('name', '=', 'ledger')
        .execute();
    }
    return { created, more: full };
  });
}
