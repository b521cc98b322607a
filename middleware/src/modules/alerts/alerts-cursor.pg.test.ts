import { randomUUID } from 'node:crypto';
import { createLedger } from '../../ledger/index.js';
import { ensureSystemAccounts } from '../../money/system-accounts.js';
import { FakeClock } from '../../test-support/auth-test-kit.js';
import { createTestApp, type TestApp } from '../../test-support/test-app.js';
import { fundedCustomer, type Customer } from '../funding/funding-test-kit.js';
import { alertsOfCustomer, expectEachAlertedOnce } from './alerts-test-kit.js';
import { deriveAlerts } from './derive.js';

/*
 * The alerts cursor (docs/decisions/033-alerts-derived-from-the-ledger.md) with transactions open
 * at once on separate connections: PostgreSQL only (PGlite runs one transaction at a time), so
 * this file runs in the PostgreSQL pass.
 */
let t: TestApp;
const clock = new FakeClock();

beforeAll(async () => {
  t = await createTestApp({}, { clock });
  await ensureSystemAccounts(t.database.db);
});
afterAll(() => t.close());

const db = () => t.database.db;
const alertsOf = (c: Customer) => alertsOfCustomer(t, c);
/** What the poller does every couple of seconds: derive, then deliver. */
async function settle() {
  clock.advance(2);
  return t.app.jobs.runDue();
}

describe('a posting that commits after a later one', () => {
  it('is alerted: the cursor never passes a transaction still open', async () => {
    const [ada, bola] = [await fundedCustomer(t, 0), await fundedCustomer(t, 0)];
    const carol = await fundedCustomer(t, 500);
    await settle();
    let commit!: () => void;
    const held = new Promise<void>((resolve) => (commit = resolve));
    let written!: () => void;
    const wasWritten = new Promise<void>((resolve) => (written = resolve));
    // The earlier posting (lower id) stays uncommitted while a later one commits.
    const slow = db()
      .transaction()
      .execute(async (trx) => {
        // Accounts of its own, so the later transfer does not wait for its locks.
        await createLedger(trx).transfer({
          from: carol.main,
          to: ada.main,
          amountKobo: 11_100,
          reference: `slow-${randomUUID()}`,
          type: 'intra-outward',
          narration: 'Slow',
        });
        written();
        await held;
      });
    await wasWritten;
    await createLedger(db()).transfer({
      from: 'bank_settlement',
      to: bola.main,
      amountKobo: 22_200,
      reference: `fast-${randomUUID()}`,
      type: 'funding',
      narration: 'Fast',
    });
    // No margin: only the open transaction holds the cursor back.
    await deriveAlerts(db(), t.app.jobs, { marginSeconds: 0 });
    expect((await alertsOf(bola)).map((a) => a.amount_kobo)).toEqual([22_200]);
    expect(await alertsOf(ada)).toEqual([]);
    commit();
    await slow;
    await deriveAlerts(db(), t.app.jobs, { marginSeconds: 0 });
    expect((await alertsOf(ada)).map((a) => a.amount_kobo)).toEqual([11_100]);
    await settle();
    await expectEachAlertedOnce(t, [ada, bola, carol]);
  });
});
