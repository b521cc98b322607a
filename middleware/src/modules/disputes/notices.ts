import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { JobQueue } from '../../jobs/queue.js';
import { alertCustomer } from '../alerts/alert-customer.js';
import type { DisputeRow } from './dispute-repository.js';

/** 27 November 2026, 14:05 in Lagos: the promised date as a customer reads it. */
export function lagosDateTime(at: Date): string {
  return new Intl.DateTimeFormat('en-GB', {
    timeZone: 'Africa/Lagos',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
  }).format(at);
}

/** What the customer is told about a complaint at each step, in one sentence or two. */
export function noticeText(dispute: DisputeRow): string {
  const track = `Ajo Wallet report ${dispute.tracking_number}`;
  if (dispute.status === 'received') {
    const how = dispute.auto_opened
      ? `We opened it for you because transaction ${dispute.reference} is still pending.`
      : `We have received it.`;
    return `${track}: ${how} We will answer by ${lagosDateTime(dispute.respond_by)}.`;
  }
  if (dispute.status === 'investigating') {
    return `${track}: we are investigating. We will answer by ${lagosDateTime(dispute.respond_by)}.`;
  }
  if (dispute.outcome === 'refunded') {
    return `${track}: resolved. The money is back in your wallet (reference ${dispute.refund_reference ?? dispute.reference}).`;
  }
  return `${track}: resolved. ${dispute.outcome_reason ?? ''}`.trim();
}

/** The notice's title in the alerts list and the e-mail's subject. */
function noticeTitle(dispute: DisputeRow): string {
  if (dispute.status === 'received') return 'Report received';
  if (dispute.status === 'investigating') return 'Report being investigated';
  return dispute.outcome === 'refunded' ? 'Report resolved: refunded' : 'Report resolved';
}

/**
 * Tells the customer where their complaint stands: an alert (docs/decisions/033), so it is in the
 * app's list and goes to the channels the customer chose, once per step however often the job
 * runs. Called by the `disputes.notice` job, queued in the transaction that changed the complaint,
 * so a notice exists exactly when the change does.
 */
export async function noticeComplaintUpdate(
  deps: { db: Kysely<Database>; jobs: Pick<JobQueue, 'enqueue'> },
  dispute: DisputeRow,
  eventId: number,
): Promise<void> {
  await alertCustomer(deps, dispute.user_id, {
    title: noticeTitle(dispute),
    body: noticeText(dispute),
    reference: dispute.tracking_number,
    dedupeKey: `dispute:${dispute.tracking_number}:${eventId}`,
  });
}
