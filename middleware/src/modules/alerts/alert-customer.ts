import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { JobQueue } from '../../jobs/queue.js';
import { recordAlert } from './record.js';

export interface Notice {
  /** Shown in the app's list and as the e-mail's subject: 'Complaint received'. */
  title: string;
  /** The SMS, and the e-mail's text. At most 1,000 characters. */
  body: string;
  /** What it is about, shown with it: a tracking number, a transaction reference. */
  reference?: string;
  /**
   * The notice's identity: the same key is alerted once however often it is raised (a job that
   * runs twice, two instances): 'dispute:<tracking number>:resolved'. At most 200 characters.
   */
  dedupeKey: string;
}

/**
 * Alerts a customer about something that is not a movement of their money (a complaint received or
 * resolved, a freeze): the in-app list, and the channels they chose, like a debit or credit alert.
 * Movements need no call: they are alerted from the ledger by themselves. Pass `trx` to raise the
 * notice in the transaction that makes it true (it then exists exactly when that commits). Returns
 * the alert's id, or null when this key was alerted already.
 */
export async function alertCustomer(
  deps: { db: Kysely<Database>; jobs: Pick<JobQueue, 'enqueue'>; trx?: Kysely<Database> },
  userId: string,
  notice: Notice,
): Promise<string | null> {
  const write = (trx: Kysely<Database>) =>
    recordAlert(trx, deps.jobs, {
      user_id: userId,
      kind: 'notice',
      dedupe_key: notice.dedupeKey,
      title: notice.title.slice(0, 200),
      body: notice.body.slice(0, 1000),
      reference: notice.reference?.slice(0, 100) ?? null,
    });
  if (deps.trx) return write(deps.trx);
  return deps.db.transaction().execute(write);
}
