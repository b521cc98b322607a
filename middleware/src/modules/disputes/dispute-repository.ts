import type { Kysely, Selectable } from 'kysely';
import type {
  Database,
  DisputeEventsTable,
  DisputeOutcome,
  DisputesTable,
  DisputeStatus,
} from '../../db/schema.js';

export type DisputeRow = Selectable<DisputesTable>;
export type DisputeEventRow = Selectable<DisputeEventsTable>;

/** The customer's side of a ledger entry: what the history showed them. */
export interface OwnEntry {
  reference: string;
  type: string;
  amountKobo: number;
  createdAt: Date;
}

/**
 * The entry with this reference, as it touched one of this customer's accounts; undefined for an
 * unknown reference and for anybody else's (both answer 404, as the history does).
 */
export async function findOwnEntry(
  db: Kysely<Database>,
  userId: string,
  reference: string,
): Promise<OwnEntry | undefined> {
  const row = await db
    .selectFrom('ledger_entries as e')
    .innerJoin('ledger_postings as p', 'p.entry_id', 'e.id')
    .innerJoin('ledger_accounts as a', 'a.id', 'p.account_id')
    .select(['e.reference', 'e.type', 'e.created_at', 'p.amount_kobo'])
    .where('e.reference', '=', reference)
    .where('a.owner_user_id', '=', userId)
    .executeTakeFirst();
  if (!row) return undefined;
  return {
    reference: row.reference,
    type: row.type,
    amountKobo: row.amount_kobo,
    createdAt: new Date(row.created_at),
  };
}

export function findOpenDispute(db: Kysely<Database>, userId: string, reference: string) {
  return db
    .selectFrom('disputes')
    .selectAll()
    .where('user_id', '=', userId)
    .where('reference', '=', reference)
    .where('status', '<>', 'resolved')
    .executeTakeFirst();
}

export function findDispute(db: Kysely<Database>, trackingNumber: string) {
  return db
    .selectFrom('disputes')
    .selectAll()
    .where('tracking_number', '=', trackingNumber)
    .executeTakeFirst();
}

export function listDisputes(db: Kysely<Database>, userId: string, limit = 100) {
  return db
    .selectFrom('disputes')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('created_at', 'desc')
    .orderBy('tracking_number')
    .limit(limit)
    .execute();
}

export function eventsOf(db: Kysely<Database>, trackingNumbers: string[]) {
  if (trackingNumbers.length === 0) return Promise.resolve([] as DisputeEventRow[]);
  return db
    .selectFrom('dispute_events')
    .selectAll()
    .where('tracking_number', 'in', trackingNumbers)
    .orderBy('id')
    .execute();
}

export interface StatusChange {
  status: DisputeStatus;
  outcome?: DisputeOutcome;
  reason?: string;
  refundReference?: string;
  note: string;
  at: Date;
}

/**
 * Moves an unresolved complaint on and writes its timeline line, in the caller's transaction. Only
 * from an unresolved state and never back to the one it is in, so two runners (or a runner run
 * again after a crash) write one line: the loser updates nothing and returns undefined.
 */
export async function changeStatus(
  trx: Kysely<Database>,
  trackingNumber: string,
  change: StatusChange,
): Promise<DisputeRow | undefined> {
  const updated = await trx
    .updateTable('disputes')
    .set({
      status: change.status,
      outcome: change.outcome ?? null,
      outcome_reason: change.reason ?? null,
      refund_reference: change.refundReference ?? null,
      updated_at: change.at,
    })
    .where('tracking_number', '=', trackingNumber)
    .where('status', '<>', 'resolved')
    .where('status', '<>', change.status)
    .returningAll()
    .executeTakeFirst();
  if (!updated) return undefined;
  await trx
    .insertInto('dispute_events')
    .values({
      tracking_number: trackingNumber,
      status: change.status,
      outcome: change.outcome ?? null,
      note: change.note,
      created_at: change.at,
    })
    .execute();
  return updated;
}
