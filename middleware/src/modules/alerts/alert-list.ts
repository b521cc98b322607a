import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { koboToNaira } from '../../ledger/index.js';
import { AppError } from '../../errors.js';

export interface AlertObject {
  id: string;
  kind: 'credit' | 'debit' | 'notice';
  title: string;
  body: string;
  amount: number | null;
  balance_after: number | null;
  narration: string | null;
  reference: string | null;
  created_at: string;
  read: boolean;
}

const naira = (kobo: number | null) => (kobo === null ? null : Number(koboToNaira(Math.abs(kobo))));

export async function unreadCount(db: Kysely<Database>, userId: string): Promise<number> {
  const row = await db
    .selectFrom('alerts')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('user_id', '=', userId)
    .where('read_at', 'is', null)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** The customer's alerts, newest first, a page at a time (keyset: `before` is the last id seen). */
export async function listAlerts(
  db: Kysely<Database>,
  userId: string,
  page: { limit: number; before?: string },
): Promise<{ alerts: AlertObject[]; unread: number; next_before: string | null }> {
  let query = db
    .selectFrom('alerts')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(page.limit + 1);
  if (page.before) {
    const anchor = await db
      .selectFrom('alerts')
      .select(['created_at', 'id'])
      .where('id', '=', page.before)
      .where('user_id', '=', userId)
      .executeTakeFirst();
    // Somebody else's alert, or none: the same answer, so ids cannot be probed.
    if (!anchor) throw new AppError(404, 'This alert was not found.', 'ALERT_NOT_FOUND');
    query = query.where(
      sql<boolean>`(created_at, id) < (${anchor.created_at}, ${anchor.id}::uuid)`,
    );
  }
  const [rows, unread] = await Promise.all([query.execute(), unreadCount(db, userId)]);
  const shown = rows.slice(0, page.limit);
  return {
    alerts: shown.map((a) => ({
      id: a.id,
      kind: a.kind,
      title: a.title,
      body: a.body,
      amount: naira(a.amount_kobo),
      balance_after:
        a.balance_after_kobo === null ? null : Number(koboToNaira(a.balance_after_kobo)),
      narration: a.narration,
      reference: a.reference,
      created_at: new Date(a.created_at).toISOString(),
      read: a.read_at !== null,
    })),
    unread,
    next_before: rows.length > page.limit ? (shown[shown.length - 1]?.id ?? null) : null,
  };
}

/** Marks the customer's own alerts read (another customer's ids are ignored); the unread count after. */
export async function markAlertsRead(
  db: Kysely<Database>,
  userId: string,
  which: { ids?: string[]; all?: true },
  now: Date,
): Promise<number> {
  if (which.all || (which.ids && which.ids.length > 0)) {
    await db
      .updateTable('alerts')
      .set({ read_at: now })
      .where('user_id', '=', userId)
      .where('read_at', 'is', null)
      .$if(!which.all, (qb) => qb.where('id', 'in', which.ids as string[]))
      .execute();
  }
  return unreadCount(db, userId);
}
