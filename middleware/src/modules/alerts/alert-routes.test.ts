import { randomUUID } from 'node:crypto';
import { createLedger } from '../../ledger/index.js';
import { ensureSystemAccounts } from '../../money/system-accounts.js';
import { encryptedCall, expectParses, FakeClock } from '../../test-support/auth-test-kit.js';
import { createTestApp, type TestApp } from '../../test-support/test-app.js';
import { createCustomer, type Customer } from '../funding/funding-test-kit.js';
import {
  alertChannelsResponseSchema,
  alertsResponseSchema,
  unreadResponseSchema,
} from './schemas.js';

/* GET /alerts, POST /alerts/read, GET and PUT /users/{id}/alert-channels: owner-only, {message}. */
let t: TestApp;
const clock = new FakeClock();

beforeAll(async () => {
  t = await createTestApp({}, { clock });
  await ensureSystemAccounts(t.database.db);
});
afterAll(() => t.close());

async function credit(c: Customer, kobo: number, narration = 'Top-up') {
  await createLedger(t.database.db).transfer({
    from: 'bank_settlement',
    to: c.main,
    amountKobo: kobo,
    reference: `top-${randomUUID()}`,
    type: 'funding',
    narration,
  });
}
async function settle() {
  clock.advance(2);
  await t.app.jobs.runDue();
}
const list = (c: Customer, query = '') =>
  t.app.inject({ method: 'GET', url: `/api/alerts${query}`, headers: c.auth });
const markRead = (c: Customer, body: unknown) =>
  t.app.inject({
    method: 'POST',
    url: '/api/alerts/read',
    headers: c.auth,
    payload: body as object,
  });
const putChannels = (c: Customer, id: string, body: unknown) =>
  encryptedCall(t, 'PUT', `/api/users/${id}/alert-channels`, body, c.auth);
const channelsRow = (c: Customer) =>
  t.database.db.selectFrom('alert_channels').selectAll().where('user_id', '=', c.id).execute();
const sentTo = (recipient: string) =>
  t.database.db.selectFrom('outbox').selectAll().where('recipient', '=', recipient).execute();
const phoneOf = async (c: Customer) =>
  (
    await t.database.db
      .selectFrom('users')
      .select('phone_number')
      .where('id', '=', c.id)
      .executeTakeFirstOrThrow()
  ).phone_number;

describe('GET /api/alerts', () => {
  it('lists the alerts newest first, a page at a time, with the unread count', async () => {
    const ada = await createCustomer(t);
    for (const naira of [100, 200, 300]) await credit(ada, naira * 100, `Top-up ${naira}`);
    await settle();
    const first = await list(ada, '?limit=2');
    expect(first.statusCode).toBe(200);
    expectParses(alertsResponseSchema, first.json());
    const page = first.json();
    expect(page.unread).toBe(3);
    expect(page.alerts.map((a: { amount: number }) => a.amount)).toEqual([300, 200]);
    expect(page.alerts[0]).toMatchObject({
      kind: 'credit',
      title: 'Credit alert',
      balance_after: 600,
      narration: 'Top-up 300',
      read: false,
    });
    const second = (await list(ada, `?limit=2&before=${page.next_before}`)).json();
    expect(second.alerts.map((a: { amount: number }) => a.amount)).toEqual([100]);
    expect(second.next_before).toBeNull();
  });

  it('shows only the caller’s own alerts, and marks only their own read', async () => {
    const [ada, bola] = [await createCustomer(t), await createCustomer(t)];
    await credit(ada, 5000);
    await credit(bola, 7000);
    await settle();
    const adas = (await list(ada)).json();
    expect(adas.alerts.map((a: { amount: number }) => a.amount)).toEqual([50]);
    const bolas = (await list(bola)).json();
    // Somebody else's alert as the page anchor: not found, as an unknown one.
    const probe = await list(ada, `?before=${bolas.alerts[0].id}`);
    expect(probe.statusCode).toBe(404);
    expect(probe.json()).toEqual({ message: 'This alert was not found.' });
    const marked = await markRead(ada, { ids: [bolas.alerts[0].id] });
    expect(marked.statusCode).toBe(200);
    expect((await list(bola)).json().unread).toBe(1);
  });

  it('marks alerts read by id or all at once', async () => {
    const ada = await createCustomer(t);
    await credit(ada, 1000);
    await credit(ada, 2000);
    await settle();
    const { alerts } = (await list(ada)).json();
    const one = await markRead(ada, { ids: [alerts[0].id] });
    expectParses(unreadResponseSchema, one.json());
    expect(one.json()).toEqual({ unread: 1 });
    expect((await list(ada)).json().alerts.map((a: { read: boolean }) => a.read)).toEqual([
      true,
      false,
    ]);
    expect((await markRead(ada, { all: true })).json()).toEqual({ unread: 0 });
  });

  it('refuses bad input with {message} and changes nothing', async () => {
    const ada = await createCustomer(t);
    await credit(ada, 1000);
    await settle();
    for (const query of ['?limit=0', '?limit=51', '?limit=abc', '?before=nope', '?page=2']) {
      const res = await list(ada, query);
      expect(res.statusCode).toBe(400);
      expect(Object.keys(res.json())).toEqual(['message']);
    }
    for (const body of [{}, { ids: ['x'] }, { all: false }, { ids: [], all: true }, { read: 1 }]) {
      const res = await markRead(ada, body);
      expect(res.statusCode).toBe(400);
      expect(Object.keys(res.json())).toEqual(['message']);
    }
    expect((await list(ada)).json().unread).toBe(1);
    const anonymous = await t.app.inject({ method: 'GET', url: '/api/alerts' });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('alert channels', () => {
  it('defaults to SMS, and e-mail too when the customer gave an address', async () => {
    const ada = await createCustomer(t);
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/users/${ada.id}/alert-channels`,
      headers: ada.auth,
    });
    expect(res.statusCode).toBe(200);
    expectParses(alertChannelsResponseSchema, res.json());
    expect(res.json()).toEqual({ sms: true, email: false, has_email: false });
    await t.database.db
      .updateTable('users')
      .set({ email: 'ada@example.com' })
      .where('id', '=', ada.id)
      .execute();
    const after = await t.app.inject({
      method: 'GET',
      url: `/api/users/${ada.id}/alert-channels`,
      headers: ada.auth,
    });
    expect(after.json()).toEqual({ sms: true, email: true, has_email: true });
  });

  it('sends the next alerts only on the channels the customer chose', async () => {
    const ada = await createCustomer(t);
    const email = `ada-${randomUUID()}@example.com`;
    await t.database.db.updateTable('users').set({ email }).where('id', '=', ada.id).execute();
    const res = await putChannels(ada, ada.id, { sms: false, email: true });
    expect(res.status).toBe(200);
    expectParses(alertChannelsResponseSchema, res.body);
    expect(res.body).toEqual({ sms: false, email: true, has_email: true });
    await credit(ada, 4000);
    await settle();
    expect(await sentTo(await phoneOf(ada))).toHaveLength(0);
    expect((await sentTo(email)).map((m) => m.subject)).toEqual(['Credit alert']);
    // Still listed in the app whatever the channels.
    expect((await list(ada)).json().alerts).toHaveLength(1);
  });

  it("refuses another customer's channels (403) and bad input, changing nothing", async () => {
    const [ada, bola] = [await createCustomer(t), await createCustomer(t)];
    const other = await putChannels(ada, bola.id, { sms: false, email: false });
    expect(other).toEqual({ status: 403, body: { message: 'Forbidden' } });
    const read = await t.app.inject({
      method: 'GET',
      url: `/api/users/${bola.id}/alert-channels`,
      headers: ada.auth,
    });
    expect(read.statusCode).toBe(403);
    expect(read.json()).toEqual({ message: 'Forbidden' });
    for (const body of [
      {},
      { sms: 'yes', email: true },
      { sms: true },
      { sms: true, email: true, push: true },
    ]) {
      const res = await putChannels(ada, ada.id, body);
      expect(res.status).toBe(400);
      expect(Object.keys(res.body)).toEqual(['message']);
    }
    expect(await channelsRow(ada)).toEqual([]);
    expect(await channelsRow(bola)).toEqual([]);
  });
});
