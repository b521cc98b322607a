import type { Insertable, Kysely } from 'kysely';
import type { AlertsTable, Database } from '../../db/schema.js';
import type { JobQueue } from '../../jobs/queue.js';
import { deliveryChannels } from './channels.js';

export const DELIVER_ALERT_JOB = 'alerts.deliver';

/**
 * Writes an alert, its deliveries (one per channel the customer has chosen now) and their jobs, in
 * the caller's transaction, so a delivery job exists exactly when its alert does. An alert that
 * already exists (the same movement, or the same notice key) is left alone: null.
 */
export async function recordAlert(
  trx: Kysely<Database>,
  jobs: Pick<JobQueue, 'enqueue'>,
  alert: Insertable<AlertsTable>,
): Promise<string | null> {
  const inserted = await trx
    .insertInto('alerts')
    .values(alert)
    .onConflict((oc) => oc.doNothing())
    .returning('id')
    .executeTakeFirst();
  if (!inserted) return null;
  for (const channel of await deliveryChannels(trx, alert.user_id)) {
    const { id } = await trx
      .insertInto('alert_deliveries')
      .values({ alert_id: inserted.id, channel })
      .returning('id')
      .executeTakeFirstOrThrow();
    await jobs.enqueue(DELIVER_ALERT_JOB, { deliveryId: id }, { trx, dedupeKey: id });
  }
  return inserted.id;
}
