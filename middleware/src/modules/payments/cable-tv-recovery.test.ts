import { loadConfig } from '../../config.js';
import type { BillAggregator } from '../../providers/bill-aggregator/index.js';
import { FakeClock } from '../../test-support/auth-test-kit.js';
import { createTestDatabase, type TestDatabase } from '../../test-support/test-database.js';
import type { TestApp } from '../../test-support/test-app.js';
import { alertsOfCustomer } from '../alerts/alerts-test-kit.js';
import {
  balanceOf,
  buyCableTv,
  entriesOf,
  expectLedgerReconciles,
  fundedCustomer,
  paymentsOf,
  SMARTCARDS,
} from './payments-test-kit.js';
import { appWithAggregator } from './bill-app-kit.js';
import { VendService } from './vend-service.js';

/*
 * A cable TV purchase under stress, as vend-recovery.test.ts does for airtime: many at once, an
 * instance that stops between the debit and the vend, and the status job racing the request.
 */

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

const referencesOf = (answers: Array<{ status: number; body: Record<string, unknown> }>) =>
  answers
    .filter((a) => a.status === 201)
    .map((a) => (a.body.transaction as { userReference: string }).userReference);

/** GOtv Smallie (₦1,900) on the delivered test IUC number. */
const smallie = {
  provider: 'gotv',
  smartcard_number: SMARTCARDS.gotvDelivered,
  bouquet_code: 'gotv-smallie',
  amount: 1900,
};

describe('concurrent cable TV purchases', () => {
  it('32 identical calls (one client reference) pay once', async () => {
    const ada = await fundedCustomer(t, 20_000);
    const answers = await Promise.all(
      Array.from({ length: 32 }, () => buyCableTv(t, ada, {}, 'same-cable-key-32')),
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
    expect(await balanceOf(t, ada.main)).toBe(1000_00);
    expect(await paymentsOf(t, ada.id)).toHaveLength(1);
    const [reference] = [...bought];
    expect(await entriesOf(t, reference ?? '')).toHaveLength(2);
  });

  it('32 different purchases at once from a wallet that covers 5: what is acknowledged is paid once, never below zero', async () => {
    const ada = await fundedCustomer(t, 5 * 1900);
    const answers = await Promise.all(
      Array.from({ length: 32 }, () => buyCableTv(t, ada, smallie)),
    );
    // The PIN guard compares at most 5 PINs at once (src/money), so part of a burst is refused
    // with 429 before any money is looked at; the rest race for the balance.
    for (const a of answers.filter((a) => a.status !== 201)) expect([409, 429]).toContain(a.status);
    const bought = referencesOf(answers);
    expect(bought.length).toBeGreaterThan(0);
    expect(bought.length).toBeLessThanOrEqual(5);
    expect(await balanceOf(t, ada.main)).toBe((5 - bought.length) * 1900_00);
    const rows = await paymentsOf(t, ada.id);
    expect(rows.map((r) => r.reference).sort()).toEqual([...bought].sort());
    for (const reference of bought) expect(await entriesOf(t, reference)).toHaveLength(2);
  });

  it('the status job and other queries racing on one pending purchase settle it once', async () => {
    const ada = await fundedCustomer(t, 12_000);
    const res = await buyCableTv(t, ada, {
      smartcard_number: SMARTCARDS.pendingDelivered,
      bouquet_code: 'dstv-confam',
      amount: 11000,
    });
    const reference = (res.body.transaction as { userReference: string }).userReference;
    clock.advance(61);
    const vends = new VendService({
      db: t.database.db,
      clock,
      aggregator: t.app.providers.billAggregator,
      jobs: t.app.jobs,
      log: t.app.log,
    });
    const outcomes = await Promise.all([
      t.app.jobs.runDue(),
      ...Array.from({ length: 8 }, () => vends.refresh(reference)),
    ]);
    expect(outcomes.slice(1)).toEqual(Array.from({ length: 8 }, () => 'delivered'));
    expect(await entriesOf(t, reference)).toEqual([
      { reference, type: 'cable-tv' },
      { reference: `${reference}:settle`, type: 'cable-tv' },
    ]);
    expect(await balanceOf(t, ada.main)).toBe(1000_00);
  });

  it('the status job and other queries racing on a pending purchase that fails reverse it once', async () => {
    const ada = await fundedCustomer(t, 5000);
    const res = await buyCableTv(t, ada, {
      smartcard_number: SMARTCARDS.pendingFailed,
      bouquet_code: 'dstv-padi',
      amount: 4400,
    });
    const reference = (res.body.transaction as { userReference: string }).userReference;
    clock.advance(61);
    const vends = new VendService({
      db: t.database.db,
      clock,
      aggregator: t.app.providers.billAggregator,
      jobs: t.app.jobs,
      log: t.app.log,
    });
    await Promise.all([
      t.app.jobs.runDue(),
      ...Array.from({ length: 8 }, () => vends.refresh(reference)),
    ]);
    expect(await entriesOf(t, reference)).toEqual([
      { reference, type: 'cable-tv' },
      { reference: `${reference}:reversal`, type: 'reversal' },
    ]);
    expect(await balanceOf(t, ada.main)).toBe(5000_00);
  });
});

describe('an instance that stops before the vend', () => {
  it('the purchase stays pending with the money held, and a restarted app vends it once', async () => {
    // The first instance never reaches the aggregator's vend (as if it died right after the debit).
    const cutOff = await startApp((real) => ({
      ...real,
      listVariations: (s) => real.listVariations(s),
      listDiscos: () => real.listDiscos(),
      verifyMeter: (...a) => real.verifyMeter(...a),
      listCableProviders: () => real.listCableProviders(),
      verifySmartcard: (...a) => real.verifySmartcard(...a),
      queryStatus: (id) => real.queryStatus(id),
      vend: async () => {
        throw new Error('connect ECONNREFUSED');
      },
    }));
    const ada = await fundedCustomer(cutOff, 20_000);
    const holding = await balanceOf(t, 'outbound_holding');
    const res = await buyCableTv(cutOff, ada);
    const tx = res.body.transaction as { userReference: string; status: string };
    expect(tx.status).toBe('pending');
    expect(await balanceOf(t, ada.main)).toBe(1000_00);
    expect(await balanceOf(t, 'outbound_holding')).toBe(holding + 19_000_00);
    await cutOff.close();

    // A new instance on the same database: its poller finds the job and vends with the same id.
    const restarted = await startApp();
    clock.advance(61);
    await restarted.app.jobs.runDue();
    const [row] = await paymentsOf(restarted, ada.id);
    expect(row?.status).toBe('delivered');
    const vended = await database.db
      .selectFrom('sandbox_vend_requests')
      .select(['request_id', 'variation_code'])
      .where('request_id', '=', row?.request_id ?? '')
      .execute();
    expect(vended).toEqual([{ request_id: row?.request_id, variation_code: 'dstv-compact' }]);
    expect(await balanceOf(t, ada.main)).toBe(1000_00);
    expect(await balanceOf(t, 'outbound_holding')).toBe(holding);
    expect(await entriesOf(t, tx.userReference)).toHaveLength(2);
    // Later runs find nothing left to do.
    clock.advance(3600);
    await restarted.app.jobs.runDue();
    expect(await entriesOf(t, tx.userReference)).toHaveLength(2);
    await restarted.close();
  });
});

describe('alerts', () => {
  it('a cable TV purchase is one debit alert, derived from the ledger', async () => {
    const ada = await fundedCustomer(t, 20_000);
    const res = await buyCableTv(t, ada);
    const reference = (res.body.transaction as { userReference: string }).userReference;
    clock.advance(2);
    await t.app.jobs.runDue();
    const debits = (await alertsOfCustomer(t, ada)).filter((a) => a.reference === reference);
    expect(debits.map((a) => [a.kind, a.amount_kobo, a.balance_after_kobo])).toEqual([
      ['debit', -19_000_00, 1000_00],
    ]);
  });
});
