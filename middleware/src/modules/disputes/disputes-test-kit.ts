/*
 * Helpers for the complaint tests (not used by the app): the calls as the web app sends them, the
 * history's references, and what the database holds about a complaint.
 */
import type { TestApp } from '../../test-support/test-app.js';
import type { present } from './dispute-service.js';
import type { Customer } from '../funding/funding-test-kit.js';
import { history } from '../transfers/transfers-test-kit.js';

/** A complaint as the calls answer it. */
/** A complaint as the routes answer it (with the attachment's link). */
export type DisputeView = ReturnType<typeof present> & { attachment_link: string | null };
/** The filing answer; a refusal is `{ message }` only (the tests compare it whole). */
export interface FiledAnswer {
  message: string;
  tracking_number: string;
  respond_by: string;
  dispute: DisputeView;
}

export async function fileDispute(
  t: TestApp,
  user: Customer,
  reference: string,
  body: Record<string, unknown> = {
    category: 'money_not_arrived',
    description: 'The money left my wallet but the receiver has nothing.',
  },
) {
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/transactions/${encodeURIComponent(reference)}/disputes`,
    headers: user.auth,
    payload: body,
  });
  return { status: res.statusCode, body: res.json() as FiledAnswer };
}

export async function myReports(t: TestApp, user: Customer) {
  const res = await t.app.inject({ method: 'GET', url: '/api/disputes', headers: user.auth });
  return (res.json() as { disputes: DisputeView[] }).disputes;
}

export async function report(t: TestApp, user: Customer, trackingNumber: string) {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/disputes/${trackingNumber}`,
    headers: user.auth,
  });
  return { status: res.statusCode, body: res.json() as { dispute: DisputeView } };
}

/** The reference of the newest line of the customer's history, as the web app reads it. */
export async function newestReference(t: TestApp, user: Customer): Promise<string> {
  const [line] = await history(t, user);
  if (!line?.reference) throw new Error('the history shows no reference');
  return String(line.reference);
}

export async function disputeRows(t: TestApp, userId: string) {
  return t.database.db.selectFrom('disputes').selectAll().where('user_id', '=', userId).execute();
}

export async function eventRows(t: TestApp, trackingNumber: string) {
  return t.database.db
    .selectFrom('dispute_events')
    .selectAll()
    .where('tracking_number', '=', trackingNumber)
    .orderBy('id')
    .execute();
}

export async function phoneOf(t: TestApp, user: Customer): Promise<string> {
  const row = await t.database.db
    .selectFrom('users')
    .select('phone_number')
    .where('id', '=', user.id)
    .executeTakeFirstOrThrow();
  return row.phone_number;
}

/** Every SMS the sandbox outbox holds for this customer, newest first. */
export async function smsTo(t: TestApp, user: Customer): Promise<string[]> {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/sandbox/outbox?recipient=${await phoneOf(t, user)}`,
  });
  return (res.json() as { messages: Array<{ body: string }> }).messages.map((m) => m.body);
}
