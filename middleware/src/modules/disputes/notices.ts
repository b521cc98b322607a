import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { Notifier } from '../../providers/notifier/index.js';
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

/**
 * Tells the customer where their complaint stands (SMS, and e-mail when they gave one) through the
 * notifier; the in-app alerts hook in here too. Called by the `disputes.notice` job, queued in the
 * transaction that changed the complaint, so a notice exists exactly when the change does.
 */
export async function noticeComplaintUpdate(
  deps: { db: Kysely<Database>; notifier: Notifier },
  dispute: DisputeRow,
): Promise<void> {
  const user = await deps.db
    .selectFrom('users')
    .select(['phone_number', 'email'])
    .where('id', '=', dispute.user_id)
    .executeTakeFirst();
  if (!user) return;
  const body = noticeText(dispute);
  await deps.notifier.sendSms({ to: user.phone_number, body });
  if (user.email) {
    await deps.notifier.sendEmail({
      to: user.email,
      subject: `Your report ${dispute.tracking_number}`,
      body,
    });
  }
}
