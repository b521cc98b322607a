import type { Kysely } from 'kysely';
import type { Clock } from '../../clock.js';
import type { Database } from '../../db/schema.js';
import { scheduleBackoff, type JobQueue } from '../../jobs/queue.js';
import type { Notifier } from '../../providers/notifier/index.js';
import { deriveAlerts } from './derive.js';
import { DELIVER_ALERT_JOB } from './record.js';

export const DERIVE_ALERTS_JOB = 'alerts.derive';
/** "Within seconds" (docs/domain.md "Complaints and alerts"): as often as instances poll for jobs. */
export const DERIVE_EVERY_SECONDS = 2;

export interface AlertJobDeps {
  db: Kysely<Database>;
  notifier: Notifier;
  clock: Clock;
}

/**
 * The two jobs behind alerts (docs/decisions/033-alerts-derived-from-the-ledger.md): deriving them
 * from the ledger every few seconds, and delivering each (alert, channel) once.
 */
export function defineAlertJobs(jobs: JobQueue, deps: AlertJobDeps): void {
  jobs.define<Record<string, never>>({
    kind: DERIVE_ALERTS_JOB,
    maxAttempts: 3,
    async handle() {
      // A backlog (after an outage) is worked off in batches, each in a transaction of its own.
      for (let round = 0; round < 50; round++) {
        const { more } = await deriveAlerts(deps.db, jobs);
        if (!more) return;
      }
    },
  });

  jobs.define<{ deliveryId: string }>({
    kind: DELIVER_ALERT_JOB,
    maxAttempts: 10,
    backoff: scheduleBackoff([5, 15, 60, 300, 900, 1800, 3600]),
    handle: ({ deliveryId }) => deliverAlert(deps, deliveryId),
    async onDead({ deliveryId }, ctx) {
      await deps.db
        .updateTable('alert_deliveries')
        .set({ state: 'failed', last_error: ctx.error.slice(0, 1000) })
        .where('id', '=', deliveryId)
        .where('state', '=', 'pending')
        .execute();
    },
  });
}

/**
 * Sends one alert on one channel, unless it was sent already. A crash after the provider accepted
 * it and before `delivered` is recorded sends it again on the next attempt: the message carries the
 * delivery's id as its key, so the provider (the sandbox outbox too) keeps one.
 */
export async function deliverAlert(deps: AlertJobDeps, deliveryId: string): Promise<void> {
  const delivery = await deps.db
    .selectFrom('alert_deliveries as d')
    .innerJoin('alerts as a', 'a.id', 'd.alert_id')
    .innerJoin('users as u', 'u.id', 'a.user_id')
    .select(['d.state', 'd.channel', 'a.title', 'a.body', 'u.phone_number', 'u.email'])
    .where('d.id', '=', deliveryId)
    .executeTakeFirst();
  if (!delivery || delivery.state !== 'pending') return;
  await deps.db
    .updateTable('alert_deliveries')
    .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
    .where('id', '=', deliveryId)
    .execute();
  const key = `alert-delivery:${deliveryId}`;
  if (delivery.channel === 'sms') {
    await deps.notifier.sendSms({ to: delivery.phone_number, body: delivery.body, key });
  } else if (delivery.email) {
    await deps.notifier.sendEmail({
      to: delivery.email,
      subject: delivery.title,
      body: delivery.body,
      key,
    });
  } else {
    // The address was removed after the alert was written: nobody to send it to.
    await deps.db
      .updateTable('alert_deliveries')
      .set({ state: 'failed', last_error: 'No e-mail address on file.' })
      .where('id', '=', deliveryId)
      .where('state', '=', 'pending')
      .execute();
    return;
  }
  await deps.db
    .updateTable('alert_deliveries')
    .set({ state: 'delivered', delivered_at: deps.clock.now() })
    .where('id', '=', deliveryId)
    .where('state', '=', 'pending')
    .execute();
}
