import { loadConfig } from '../../config.js';
import type { BillAggregator } from '../../providers/bill-aggregator/index.js';
import { FakeClock } from '../../test-support/auth-test-kit.js';
import { createTestDatabase, type TestDatabase } from '../../test-support/test-database.js';
import type { TestApp } from '../../test-support/test-app.js';
import {
  balanceOf,
  buyAirtime,
  entriesOf,
  expectLedgerReconciles,
  fundedCustomer,
  paymentsOf,
  PHONES,
} from './payments-test-kit.js';
import { appWithAggregator } from './bill-app-kit.js';
import { VEND_STATUS_QUERY, VendService } from './vend-service.js';
import { VEND_STATUS_MAX_ATTEMPTS } from './vend-status-jobs.js';

/*
 * The money of a purchase under stress: many at once, an aggregator that does not answer, an
 * instance that stops between the debit and the answer, and a status that never becomes final.
 */

/** A promise the test opens when it wants. */
function gate() {
  let open: () => void = () => undefined;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { opened, open };
}

const clock = new FakeClock();
const config = loadConfig({ SCRYPT_COST: '1024', LOG_LEVEL: 'info' });
let database: TestDatabase;
const logs: string[] = [];

const parts = { database: () => database, clock, config, logs };
const startApp = (wrap?: (real: BillAggregator) => BillAggregator) =>
  appWithAggregator(parts, wrap);

let t: TestApp;
beforeAll(async () => {
  database = await createTestDatabase();
  t = await startApp();
});
afterAll(async () => {
  await expectLedgerReconciles(t);
  await t.close();
  await database.drop();
});

const vendService = () =>
  new VendService({
    db: t.database.db,
    clock,
    aggregator: t.app.providers.billAggregator,
    jobs: t.app.jobs,
    log: t.app.log,
  });

const referencesOf = (answers: Array<{ status: number; body: Record<string, unknown> }>) =>
  answers
    .filter((a) => a.status === 201)
    .map((a) => (a.body.transaction as { userReference: string }).userReference);

describe('concurrent purchases', () => {
  it('32 at once through the route: what is acknowledged is in the ledger once, never below zero', async () => {
    const ada = await fundedCustomer(t, 5000);
    const answers = await Promise.all(
      Array.from({ length: 32 }, () => buyAirtime(t, ada, { amount: 500 })),
    );
    // The PIN guard compares at most 5 PINs at once (src/money), so part of a burst is refused
    // with 429 before any money is looked at; the rest race for the balance.
    const bought = referencesOf(answers);
    for (const a of answers.filter((a) => a.status !== 201)) {
      expect([409, 429]).toContain(a.status);
    }
    expect(bought.length).toBeGreaterThan(0);
    expect(await balanceOf(t, ada.main)).toBe(5000_00 - bought.length * 500_00);
    const debits = await t.database.db
      .selectFrom('ledger_entries')
      .select('reference')
      .where('reference', 'in', bought)
      .execute();
    expect(debits.map((d) => d.reference).sort()).toEqual([...bought].sort());
    const rows = await paymentsOf(t, ada.id);
    expect(rows.map((r) => r.reference).sort()).toEqual([...bought].sort());
  });

  it('32 purchases at once from a wallet that covers 10: exactly 10 debited, the rest refused', async () => {
    const ada = await fundedCustomer(t, 5000);
    const vends = vendService();
    const outcomes = await Promise.allSettled(
      Array.from({ length: 32 }, (_, i) =>
        vends.purchase({
          userId: ada.id,
          reference: `burst-${ada.id}-${i}`,
          walletAccountNumber: ada.main,
          product: 'airtime',
          serviceId: 'mtn',
          providerName: 'MTN',
          billersCode: '2348031234567',
          variationCode: null,
          description: 'Airtime',
          phoneNumber: '2348031234567',
          amountKobo: 500_00,
          narration: 'MTN airtime 2348031234567',
        }),
      ),
    );
    const bought = outcomes.filter((o) => o.status === 'fulfilled');
    expect(bought).toHaveLength(10);
    const refusals = outcomes.flatMap((o) => (o.status === 'rejected' ? [o.reason] : []));
    expect(refusals.map((e: { code?: string }) => e.code)).toEqual(
      Array.from({ length: 22 }, () => 'INSUFFICIENT_FUNDS'),
    );
    expect(await balanceOf(t, ada.main)).toBe(0);
    const rows = await paymentsOf(t, ada.id);
    expect(rows).toHaveLength(10);
    expect(rows.every((r) => r.status === 'delivered')).toBe(true);
    for (const row of rows) expect(await entriesOf(t, row.reference)).toHaveLength(2);
  });

  it('32 identical calls (one client reference) buy once', async () => {
    const ada = await fundedCustomer(t, 5000);
    const answers = await Promise.all(
      Array.from({ length: 32 }, () => buyAirtime(t, ada, { amount: 500 }, 'same-key-32')),
    );
    const bought = new Set(referencesOf(answers));
    expect(bought.size).toBe(1);
    // The others were told it is in progress, or got the same answer replayed.
    for (const a of answers) {
      if (a.status !== 201) {
        expect(a).toEqual({
          status: 409,
          body: { message: 'This request is already being processed.' },
        });
      }
    }
    expect(await balanceOf(t, ada.main)).toBe(4500_00);
    expect(await paymentsOf(t, ada.id)).toHaveLength(1);
  });

  it('settles once when the job and other queries race on the same pending vend', async () => {
    const ada = await fundedCustomer(t, 1000);
    const res = await buyAirtime(t, ada, { receiving_phone_number: PHONES.pendingDelivered });
    const reference = (res.body.transaction as { userReference: string }).userReference;
    clock.advance(61);
    const vends = vendService();
    const outcomes = await Promise.all([
      t.app.jobs.runDue(),
      ...Array.from({ length: 8 }, () => vends.refresh(reference)),
    ]);
    expect(outcomes.slice(1)).toEqual(Array.from({ length: 8 }, () => 'delivered'));
    expect(await entriesOf(t, reference)).toEqual([
      { reference, type: 'airtime' },
      { reference: `${reference}:settle`, type: 'airtime' },
    ]);
    expect(await balanceOf(t, ada.main)).toBe(500_00);
  });

  it('a vend answered failed and a status query answered delivered, racing: settled or reversed, never both', async () => {
    // Contradictory definite answers (the aggregator changed its mind between the two calls): the
    // first one applied under the row's lock wins, the other finds the row no longer pending. The
    // settlement and the reversal have different ledger references, so only the pending guard
    // keeps the second from moving the money again.
    const ada = await fundedCustomer(t, 1000);
    const holding = await balanceOf(t, 'outbound_holding');
    const vendSent = gate();
    const statusAsked = gate();
    const real = t.app.providers.billAggregator;
    const contradictory: BillAggregator = {
      listVariations: (s) => real.listVariations(s),
      listDiscos: () => real.listDiscos(),
      verifyMeter: (...a) => real.verifyMeter(...a),
      listCableProviders: () => real.listCableProviders(),
      verifySmartcard: (...a) => real.verifySmartcard(...a),
      // Each answer waits for the other call, so both are applied at the same time.
      vend: async (request) => {
        vendSent.open();
        await statusAsked.opened;
        return { requestId: request.requestId, status: 'failed' };
      },
      queryStatus: async (requestId) => {
        statusAsked.open();
        await vendSent.opened;
        return { requestId, status: 'delivered' };
      },
    };
    const vends = new VendService({
      db: t.database.db,
      clock,
      aggregator: contradictory,
      jobs: t.app.jobs,
      log: t.app.log,
    });
    const reference = `contradicted-${ada.id}`;
    const purchase = vends.purchase({
      userId: ada.id,
      reference,
      walletAccountNumber: ada.main,
      product: 'airtime',
      serviceId: 'mtn',
      providerName: 'MTN',
      billersCode: '2348031234567',
      variationCode: null,
      description: 'Airtime',
      phoneNumber: '2348031234567',
      amountKobo: 400_00,
      narration: 'MTN airtime 2348031234567',
    });
    await vendSent.opened;
    const [refreshed, purchased] = await Promise.all([vends.refresh(reference), purchase]);

    const [row] = await paymentsOf(t, ada.id);
    const entries = await entriesOf(t, reference);
    expect(entries).toHaveLength(2);
    if (row?.status === 'delivered') {
      expect(entries[1]?.reference).toBe(`${reference}:settle`);
      expect(await balanceOf(t, ada.main)).toBe(600_00);
    } else {
      expect(row?.status).toBe('failed');
      expect(entries[1]?.reference).toBe(`${reference}:reversal`);
      expect(await balanceOf(t, ada.main)).toBe(1000_00);
    }
    // Both callers report what the row says, and the holding account holds nothing of it.
    expect([refreshed, purchased.status]).toEqual([row?.status, row?.status]);
    expect(await balanceOf(t, 'outbound_holding')).toBe(holding);
  });
});

describe('an aggregator or instance that does not answer', () => {
  it('a vend lost before it reached the aggregator is pending, and a restarted app sends it', async () => {
    // The first instance cannot reach the aggregator at all (as if it died right after the debit).
    const cutOff = await startApp((real) => ({
      ...real,
      listVariations: (s) => real.listVariations(s),
      listDiscos: () => real.listDiscos(),
      verifyMeter: (...a) => real.verifyMeter(...a),
      queryStatus: (id) => real.queryStatus(id),
      vend: async () => {
        throw new Error('connect ECONNREFUSED');
      },
    }));
    const ada = await fundedCustomer(cutOff, 1000);
    const res = await buyAirtime(cutOff, ada, { amount: 400 });
    const tx = res.body.transaction as { userReference: string; status: string };
    expect(tx.status).toBe('pending');
    expect(await balanceOf(t, ada.main)).toBe(600_00);
    await cutOff.close();

    // A new instance on the same database: its poller finds the job and vends with the same id.
    const restarted = await startApp();
    clock.advance(61);
    await restarted.app.jobs.runDue();
    const [row] = await paymentsOf(restarted, ada.id);
    expect(row?.status).toBe('delivered');
    const vended = await database.db
      .selectFrom('sandbox_vend_requests')
      .select('request_id')
      .where('request_id', '=', row?.request_id ?? '')
      .execute();
    expect(vended).toHaveLength(1);
    expect(await balanceOf(t, ada.main)).toBe(600_00);
    await restarted.close();
  });

  it('never reverses without a definite answer: a status that stays unknown leaves the money held', async () => {
    const silent = await startApp((real) => ({
      ...real,
      listVariations: (s) => real.listVariations(s),
      listDiscos: () => real.listDiscos(),
      verifyMeter: (...a) => real.verifyMeter(...a),
      vend: async (request) => ({ requestId: request.requestId, status: 'pending' }),
      queryStatus: async (id) => {
        if (id.length > 0) throw new Error('aggregator timeout');
        return null;
      },
    }));
    const ada = await fundedCustomer(silent, 1000);
    const res = await buyAirtime(silent, ada, { amount: 300 });
    const reference = (res.body.transaction as { userReference: string }).userReference;
    const holding = await balanceOf(t, 'outbound_holding');
    for (let i = 0; i < VEND_STATUS_MAX_ATTEMPTS + 2; i++) {
      clock.advance(3600);
      await silent.app.jobs.runDue();
    }
    const [job] = await silent.app.jobs.list({ kind: VEND_STATUS_QUERY, state: 'dead' });
    expect(job?.attempts).toBe(VEND_STATUS_MAX_ATTEMPTS);
    const [row] = await paymentsOf(silent, ada.id);
    // The status job asked VEND_STATUS_MAX_ATTEMPTS times; the complaint the purchase opened by
    // itself after DISPUTE_AUTO_OPEN_HOURS (docs/decisions/034-complaints-with-a-clock.md) asks too,
    // and with no definite answer it is never resolved: no refund on a guess either.
    expect(row?.status).toBe('pending');
    expect(row?.status_queries).toBeGreaterThan(VEND_STATUS_MAX_ATTEMPTS);
    const complaint = await silent.app.db
      .selectFrom('disputes')
      .select(['status', 'auto_opened', 'refund_reference'])
      .where('reference', '=', reference)
      .executeTakeFirst();
    expect(complaint).toMatchObject({ auto_opened: true, refund_reference: null });
    expect(complaint?.status).not.toBe('resolved');
    expect(await balanceOf(t, ada.main)).toBe(700_00);
    expect(await balanceOf(t, 'outbound_holding')).toBe(holding);
    expect(await entriesOf(t, reference)).toHaveLength(1);
    expect(silent.logs()).toContain('bill payment still pending after every status query');
    await silent.close();
  });
});
