import { randomUUID } from 'node:crypto';
import { createJobQueue, type JobQueue } from '../../jobs/queue.js';
import { createLedger } from '../../ledger/index.js';
import { ensureSystemAccounts } from '../../money/system-accounts.js';
import { SandboxNotifier } from '../../providers/notifier/sandbox.js';
import type { Notifier } from '../../providers/notifier/index.js';
import { FakeClock } from '../../test-support/auth-test-kit.js';
import { createTestApp, type TestApp } from '../../test-support/test-app.js';
import { fundedCustomer, type Customer } from '../funding/funding-test-kit.js';
import { walletTransfer } from '../transfers/transfers-test-kit.js';
import { alertCustomer } from './alert-customer.js';
import { alertsOfCustomer, expectEachAlertedOnce } from './alerts-test-kit.js';
import { defineAlertJobs } from './alert-jobs.js';
import { deriveAlerts } from './derive.js';

/*
 * Alerts are derived from the ledger by a job and delivered once per chosen channel
 * (docs/decisions/033-alerts-derived-from-the-ledger.md): one transfer, many at once, two
 * instances racing, crashes at each step, a reversal. Runs on PGlite and on PostgreSQL.
 */
let t: TestApp;
const clock = new FakeClock();

beforeAll(async () => {
  t = await createTestApp({}, { clock });
  await ensureSystemAccounts(t.database.db);
});
afterAll(() => t.close());

const db = () => t.database.db;
/** What the poller does every couple of seconds: derive, then deliver. */
async function settle(jobs: JobQueue = t.app.jobs) {
  clock.advance(2);
  return jobs.runDue();
}

const phoneOf = async (c: Customer) =>
  (
    await db()
      .selectFrom('users')
      .select('phone_number')
      .where('id', '=', c.id)
      .executeTakeFirstOrThrow()
  ).phone_number;

const alertsOf = (c: Customer) => alertsOfCustomer(t, c);

const outboxTo = (recipient: string) =>
  db()
    .selectFrom('outbox')
    .selectAll()
    .where('recipient', '=', recipient)
    .orderBy('created_at')
    .execute();

async function withEmail(c: Customer, email: string) {
  await db().updateTable('users').set({ email }).where('id', '=', c.id).execute();
}

/** Every (entry, wallet) posting has one alert, every alert one delivery per channel, sent once. */
const expectEachMovementAlertedOnce = (customers: Customer[]) =>
  expectEachAlertedOnce(t, customers);

describe('a transfer between two wallets', () => {
  it('alerts each party once per channel, with amount, balance after, narration and reference', async () => {
    const ada = await fundedCustomer(t, 5000);
    const bola = await fundedCustomer(t, 0);
    await withEmail(bola, `bola-${randomUUID()}@example.com`);
    const res = await walletTransfer(t, ada, bola.main, { transfer_amount: 1200.5 });
    expect(res.status).toBe(200);
    const reference = (res.body.transfer as { tx_ref: string }).tx_ref;
    await settle();
    await settle(); // a second run finds nothing new

    const adas = await alertsOf(ada);
    expect(adas.map((a) => [a.kind, a.amount_kobo, a.balance_after_kobo])).toEqual([
      ['credit', 500_000, 500_000],
      ['debit', -120_050, 379_950],
    ]);
    expect(adas[1]).toMatchObject({ title: 'Debit alert', narration: 'Lunch', reference });
    const [bolas] = [await alertsOf(bola)];
    expect(bolas).toHaveLength(1);
    expect(bolas[0]).toMatchObject({
      kind: 'credit',
      amount_kobo: 120_050,
      balance_after_kobo: 120_050,
      narration: 'Transfer from Ada Okafor: Lunch',
      reference,
    });

    const adaSms = await outboxTo(await phoneOf(ada));
    expect(adaSms.map((m) => m.channel)).toEqual(['sms', 'sms']);
    const debit = adaSms.find((m) => m.body.includes('Debit alert'))?.body;
    expect(debit).toContain('Debit alert: ₦1,200.50');
    expect(debit).toContain('Desc: Lunch');
    expect(debit).toContain(`Ref: ${reference}`);
    expect(debit).toContain('Bal: ₦3,799.50');
    expect(debit).toContain(`Acct: ******${ada.main.slice(-4)}`);
    const bolaPhone = await outboxTo(await phoneOf(bola));
    expect(bolaPhone).toHaveLength(1);
    const bolaEmail = await db()
      .selectFrom('outbox')
      .selectAll()
      .where('channel', '=', 'email')
      .where('body', 'like', `%${reference}%`)
      .execute();
    expect(bolaEmail).toHaveLength(1);
    expect(bolaEmail[0]).toMatchObject({ subject: 'Credit alert' });
    expect(bolaEmail[0]?.body).toContain('Bal: ₦1,200.50');
    await expectEachMovementAlertedOnce([ada, bola]);
  });

  it('a reversal is a credit alert to the wallet the money returns to', async () => {
    const ada = await fundedCustomer(t, 800);
    const bola = await fundedCustomer(t, 0);
    const ledger = createLedger(db());
    const ref = `rev-${randomUUID()}`;
    await ledger.transfer({
      from: ada.main,
      to: bola.main,
      amountKobo: 30_000,
      reference: ref,
      type: 'intra-outward',
      narration: 'Rent',
    });
    await ledger.reverse(ref, `${ref}-r`, 'Reversal: Rent');
    await settle();
    const adas = await alertsOf(ada);
    expect(adas.map((a) => [a.kind, a.amount_kobo, a.balance_after_kobo, a.reference])).toEqual([
      ['credit', 80_000, 80_000, expect.any(String)],
      ['debit', -30_000, 50_000, ref],
      ['credit', 30_000, 80_000, `${ref}-r`],
    ]);
    expect(adas[2]?.title).toBe('Credit alert');
    expect((await alertsOf(bola)).map((a) => a.kind)).toEqual(['credit', 'debit']);
    await expectEachMovementAlertedOnce([ada, bola]);
  });
});

describe('exactly once', () => {
  it('32 transfers at once, derived while they commit, are each alerted once', async () => {
    const senders = await Promise.all([1, 2, 3, 4].map(() => fundedCustomer(t, 10_000)));
    const receiver = await fundedCustomer(t, 0);
    const ledger = createLedger(db());
    const transfers = Array.from({ length: 32 }, (_, i) =>
      ledger.transfer({
        from: (senders[i % 4] as Customer).main,
        to: receiver.main,
        amountKobo: 10_000 + i,
        reference: `many-${randomUUID()}`,
        type: 'intra-outward',
        narration: `Share ${i}`,
      }),
    );
    // Derivation racing the commits, from several callers at once (instances).
    const derivations = Array.from({ length: 6 }, () => deriveAlerts(db(), t.app.jobs));
    await Promise.all([...transfers, ...derivations]);
    await settle();
    await settle();
    const { alerts } = await expectEachMovementAlertedOnce([...senders, receiver]);
    expect(alerts).toBe(4 + 32 * 2);
    // The receiver's balances after run up one transfer at a time, whatever the commit order.
    const credits = (await alertsOf(receiver)).sort(
      (a, b) => (a.posting_id ?? 0) - (b.posting_id ?? 0),
    );
    let running = 0;
    for (const alert of credits) {
      running += alert.amount_kobo ?? 0;
      expect(alert.balance_after_kobo).toBe(running);
    }
  });

  it('two instances running the alert jobs at once deliver each alert once', async () => {
    const instance = (name: string): JobQueue => {
      const queue = createJobQueue({
        db: db(),
        clock,
        log: { info() {}, warn() {}, error() {} },
        instanceId: name,
        concurrency: 4,
      });
      defineAlertJobs(queue, { db: db(), notifier: new SandboxNotifier(db(), () => {}), clock });
      queue.every('alerts.derive', 2);
      return queue;
    };
    const [a, b] = [instance('instance-a'), instance('instance-b')];
    const ada = await fundedCustomer(t, 3000);
    const bola = await fundedCustomer(t, 0);
    await withEmail(ada, `ada-${randomUUID()}@example.com`);
    const ledger = createLedger(db());
    for (let i = 0; i < 5; i++) {
      await ledger.transfer({
        from: ada.main,
        to: bola.main,
        amountKobo: 1000,
        reference: `race-${randomUUID()}`,
        type: 'intra-outward',
        narration: 'Race',
      });
    }
    clock.advance(2);
    await Promise.all([a.runDue(), b.runDue(), a.runDue(), b.runDue()]);
    const { alerts, deliveries } = await expectEachMovementAlertedOnce([ada, bola]);
    expect(alerts).toBe(1 + 5 * 2);
    expect(deliveries).toBe(6 * 2 + 5);
    const attempts = await db()
      .selectFrom('alert_deliveries as d')
      .innerJoin('alerts as x', 'x.id', 'd.alert_id')
      .select('d.attempts')
      .where('x.user_id', 'in', [ada.id, bola.id])
      .execute();
    expect(attempts.every((d) => d.attempts === 1)).toBe(true);
  });
});

describe('crashes', () => {
  const silent = { info() {}, warn() {}, error() {} };
  const noTimers = {
    setTimeout: () => 0,
    clearTimeout: () => {},
    setInterval: () => 0,
    clearInterval: () => {},
  };

  it('an alert written by an instance that died before delivering it is delivered once by another', async () => {
    const ada = await fundedCustomer(t, 700);
    // The dying instance derived (alert, deliveries and their jobs committed together), then died.
    await deriveAlerts(db(), t.app.jobs);
    const [alert] = await alertsOf(ada);
    const pending = await db()
      .selectFrom('alert_deliveries')
      .select('state')
      .where('alert_id', '=', alert?.id ?? '')
      .execute();
    expect(pending).toEqual([{ state: 'pending' }]);
    expect(await outboxTo(await phoneOf(ada))).toHaveLength(0);
    await settle();
    await settle();
    expect(await outboxTo(await phoneOf(ada))).toHaveLength(1);
    await expectEachMovementAlertedOnce([ada]);
  });

  it('an instance that died after sending and before recording it: sent again, seen once', async () => {
    const ada = await fundedCustomer(t, 0);
    const sandbox = new SandboxNotifier(db(), () => {});
    let sent!: () => void;
    const wasSent = new Promise<void>((resolve) => (sent = resolve));
    // The provider accepted the SMS, then the process was killed: the handler never returns.
    const dying: Notifier = {
      async sendSms(message) {
        await sandbox.sendSms(message);
        sent();
        await new Promise(() => {});
      },
      sendEmail: (message) => sandbox.sendEmail(message),
    };
    const doomed = createJobQueue({
      db: db(),
      clock,
      log: silent,
      instanceId: 'doomed',
      timers: noTimers,
    });
    defineAlertJobs(doomed, { db: db(), notifier: dying, clock });
    await createLedger(db()).transfer({
      from: 'bank_settlement',
      to: ada.main,
      amountKobo: 25_000,
      reference: `crash-${randomUUID()}`,
      type: 'funding',
      narration: 'Top-up',
    });
    await deriveAlerts(db(), t.app.jobs);
    void doomed.runDue();
    await wasSent;
    const phone = await phoneOf(ada);
    expect(await outboxTo(phone)).toHaveLength(1);

    clock.advance(61); // the dead instance's lease runs out
    await t.app.jobs.runDue();
    const messages = await outboxTo(phone);
    expect(messages).toHaveLength(1);
    expect(messages[0]?.body).toContain('Credit alert: ₦250.00');
    const [delivery] = await db()
      .selectFrom('alert_deliveries as d')
      .innerJoin('alerts as a', 'a.id', 'd.alert_id')
      .select(['d.state', 'd.attempts'])
      .where('a.user_id', '=', ada.id)
      .execute();
    // Sent twice to the provider (at-least-once), one message for the customer.
    expect(delivery).toEqual({ state: 'delivered', attempts: 2 });
  });

  it('a derivation that fails halfway leaves nothing behind, and the next one alerts it', async () => {
    const ada = await fundedCustomer(t, 600);
    const failing = {
      async enqueue(): Promise<never> {
        throw new Error('connection lost');
      },
    };
    await expect(deriveAlerts(db(), failing)).rejects.toThrow('connection lost');
    expect(await alertsOf(ada)).toHaveLength(0);
    await settle();
    await settle();
    expect(await alertsOf(ada)).toHaveLength(1);
    await expectEachMovementAlertedOnce([ada]);
  });
});

describe('notices (alertCustomer)', () => {
  it('alerts a notice once per key, on the chosen channels', async () => {
    const ada = await fundedCustomer(t, 0);
    const notice = {
      title: 'Complaint received',
      body: 'We received your complaint AJ-123. You will hear from us by 1 Dec 2026.',
      reference: 'AJ-123',
      dedupeKey: `dispute:AJ-123:${ada.id}`,
    };
    const deps = { db: db(), jobs: t.app.jobs };
    const [first, second] = await Promise.all([
      alertCustomer(deps, ada.id, notice),
      alertCustomer(deps, ada.id, notice),
    ]);
    expect([first, second].filter(Boolean)).toHaveLength(1);
    await settle();
    const alerts = await alertsOf(ada);
    expect(alerts).toEqual([
      expect.objectContaining({ kind: 'notice', title: 'Complaint received', reference: 'AJ-123' }),
    ]);
    const sms = await outboxTo(await phoneOf(ada));
    expect(sms.map((m) => m.body)).toEqual([notice.body]);
  });
});
