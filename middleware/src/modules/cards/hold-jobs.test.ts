import { randomUUID } from 'node:crypto';
import { createLedger } from '../../ledger/index.js';
import { FakeClock } from '../../test-support/auth-test-kit.js';
import { createTestApp, type TestApp } from '../../test-support/test-app.js';
import { fundedCustomer } from '../funding/funding-test-kit.js';
import { RELEASE_EXPIRED_HOLDS_EVERY_SECONDS } from './hold-jobs.js';

// The hold-expiry job on the app clock (docs/decisions/041-authorisation-holds.md).
let t: TestApp;
const clock = new FakeClock();
beforeAll(async () => {
  t = await createTestApp({}, { clock });
});
afterAll(() => t.close());

it('releases an uncleared authorisation when its window ends on the app clock, not before', async () => {
  const ledger = createLedger(t.database.db);
  const ada = await fundedCustomer(t, 1_000);
  const reference = `auth-${randomUUID()}`;
  await ledger.placeHold({
    account: ada.main,
    amountKobo: 40_000,
    reference,
    expiresAt: new Date(clock.now().getTime() + 3_600_000),
  });
  await t.app.jobs.runDue();
  clock.advance(3_600 - RELEASE_EXPIRED_HOLDS_EVERY_SECONDS);
  await t.app.jobs.runDue();
  expect((await ledger.getHold(reference)).status).toBe('open');
  expect((await ledger.getAccount(ada.main)).availableKobo).toBe(60_000);

  clock.advance(RELEASE_EXPIRED_HOLDS_EVERY_SECONDS);
  await t.app.jobs.runDue();
  expect((await ledger.getHold(reference)).status).toBe('released');
  expect(await ledger.getAccount(ada.main)).toMatchObject({
    balanceKobo: 100_000,
    heldKobo: 0,
    availableKobo: 100_000,
  });
});
