import type { TestApp } from '../../test-support/test-app.js';
import type { Customer } from '../funding/funding-test-kit.js';

/** A customer's alerts, oldest first. */
export const alertsOfCustomer = (t: TestApp, c: Customer) =>
  t.database.db
    .selectFrom('alerts')
    .selectAll()
    .where('user_id', '=', c.id)
    .orderBy('created_at')
    .orderBy('posting_id')
    .execute();

/** Every (entry, wallet) posting has one alert, every alert one delivery per channel, sent once. */
export async function expectEachAlertedOnce(t: TestApp, customers: Customer[]) {
  const db = () => t.database.db;
  const ids = customers.map((c) => c.id);
  const postings = await db()
    .selectFrom('ledger_postings as p')
    .innerJoin('ledger_accounts as a', 'a.id', 'p.account_id')
    .select(['p.entry_id', 'p.account_id'])
    .where('a.owner_user_id', 'in', ids)
    .execute();
  const alerts = await db()
    .selectFrom('alerts')
    .select(['entry_id', 'account_id'])
    .where('user_id', 'in', ids)
    .where('kind', '!=', 'notice')
    .execute();
  const key = (r: { entry_id: string | null; account_id: string | null }) =>
    `${r.entry_id}/${r.account_id}`;
  expect(alerts.map(key).sort()).toEqual(postings.map(key).sort());
  const deliveries = await db()
    .selectFrom('alert_deliveries as d')
    .innerJoin('alerts as a', 'a.id', 'd.alert_id')
    .select(['d.id', 'd.state'])
    .where('a.user_id', 'in', ids)
    .execute();
  expect(deliveries.every((d) => d.state === 'delivered')).toBe(true);
  const sent = await db()
    .selectFrom('outbox')
    .select('message_key')
    .where(
      'message_key',
      'in',
      deliveries.map((d) => `alert-delivery:${d.id}`),
    )
    .execute();
  expect(sent).toHaveLength(deliveries.length);
  return { alerts: alerts.length, deliveries: deliveries.length };
}
