import { randomUUID } from 'node:crypto';
import { buildApp } from '../app.js';
import { createCustomer, TEST_PIN } from '../modules/funding/funding-test-kit.js';
import {
  balanceKobo,
  fundedCustomer,
  walletTransfer,
} from '../modules/transfers/transfers-test-kit.js';
import type { SecretHasher } from '../security/secrets.js';
import { FakeClock } from '../test-support/auth-test-kit.js';
import type { ApiTarget } from '../test-support/http-target.js';
import { createTestApp, type TestApp } from '../test-support/test-app.js';
import { STALE_AFTER_SECONDS } from './liveness.js';
import { TransactionPinGuard } from './transaction-pin-guard.js';

/*
 * What a middleware instance that died leaves behind (a money call's claim, PIN comparisons under
 * way) is freed within seconds, by its stale heartbeat, so the customer's retry on another
 * instance gets the first call's outcome and their PIN is never held against them. "Dead" is an
 * instance whose heartbeat stopped: a row in `instances` the test writes once and never renews,
 * as a killed process leaves it. The fake clock stands for the seconds that pass.
 */

let t: TestApp;
let other: TestApp['app'];
const clock = new FakeClock();

beforeAll(async () => {
  t = await createTestApp({}, { clock });
  // A second instance on the same database: the one the customer's retry reaches.
  other = await buildApp({ config: t.config, database: t.database, clock, print: () => undefined });
});
afterAll(async () => {
  await other.close();
  await t.close();
});

const B: () => ApiTarget = () => ({ app: other, config: t.config });
const TRANSFER_ROUTE = 'POST /api/transfers/wallet-to-other-wallet/transfer-funds';

/** An instance that beat once, now, and then died: nothing renews its heartbeat. */
async function instanceThatDies(): Promise<string> {
  const id = randomUUID();
  await t.database.db
    .insertInto('instances')
    .values({ id, started_at: clock.now(), heartbeat_at: clock.now() })
    .execute();
  return id;
}

async function heartbeat(id: string) {
  await t.database.db
    .updateTable('instances')
    .set({ heartbeat_at: clock.now() })
    .where('id', '=', id)
    .execute();
}

describe('a money call cut off by the death of its instance', () => {
  it('is answered on the retry (same key, another instance) within 5 s, with the first outcome, the money moved once', async () => {
    const ada = await fundedCustomer(t, 5000);
    const bola = await createCustomer(t);
    const key = randomUUID();
    // The call ran on the instance that then died: the money moved, the answer was never stored
    // (the claim is still 'processing', held by that instance, its lease a full minute long).
    const first = await walletTransfer(t, ada, bola.main, {}, key);
    expect(first.status).toBe(200);
    const dead = await instanceThatDies();
    await t.database.db
      .updateTable('client_references')
      .set({
        state: 'processing',
        claim_token: randomUUID(),
        lease_until: new Date(clock.now().getTime() + 60_000),
        response_status: null,
        response_body: null,
        completed_at: null,
        instance_id: dead,
      })
      .where('user_id', '=', ada.id)
      .where('route', '=', TRANSFER_ROUTE)
      .where('key', '=', key)
      .execute();
    const after = await balanceKobo(t, ada.main);

    // While its heartbeat is fresh, the call may still be running: the retry is told so.
    expect((await walletTransfer(B(), ada, bola.main, {}, key)).status).toBe(409);
    // Alive and beating after 5 s: still its call.
    clock.advance(5);
    await heartbeat(dead);
    expect((await walletTransfer(B(), ada, bola.main, {}, key)).status).toBe(409);
    // It stops beating: 5 s later (well inside the 60-s lease) the retry runs it again under the
    // same reference, which finds the transfer already made.
    clock.advance(STALE_AFTER_SECONDS + 1);
    const retry = await walletTransfer(B(), ada, bola.main, {}, key);
    expect(retry).toEqual(first);
    expect(await balanceKobo(t, ada.main)).toBe(after);
    expect(await balanceKobo(t, bola.main)).toBe(100_000);
    // And it is the stored answer from now on, on either instance.
    expect(await walletTransfer(t, ada, bola.main, {}, key)).toEqual(first);
  });

  it("never takes over a live instance's call before its lease ends, however long it runs", async () => {
    const ada = await fundedCustomer(t, 5000);
    const bola = await createCustomer(t);
    const key = randomUUID();
    const live = await instanceThatDies();
    expect((await walletTransfer(t, ada, bola.main, {}, key)).status).toBe(200);
    await t.database.db
      .updateTable('client_references')
      .set({
        state: 'processing',
        claim_token: randomUUID(),
        lease_until: new Date(clock.now().getTime() + 60_000),
        instance_id: live,
      })
      .where('user_id', '=', ada.id)
      .where('key', '=', key)
      .execute();
    for (let second = 0; second < 50; second += 10) {
      clock.advance(10);
      await heartbeat(live);
      expect((await walletTransfer(B(), ada, bola.main, {}, key)).status).toBe(409);
    }
  });
});

describe('transaction-PIN comparisons a dead instance left unsettled', () => {
  /** `count` attempts that took their slot on instance `id` and never finished comparing. */
  async function hangingComparisons(userId: string, id: string, count: number) {
    const secrets = {
      ...t.app.secrets,
      verifySecret: () => new Promise<boolean>(() => undefined),
    } as SecretHasher;
    const guard = new TransactionPinGuard({ db: t.database.db, secrets, clock, instanceId: id });
    for (let i = 0; i < count; i++) void guard.verify(userId, TEST_PIN).catch(() => undefined);
    const slots = () =>
      t.database.db
        .selectFrom('transaction_pin_slots')
        .select('token')
        .where('instance_id', '=', id)
        .execute();
    while ((await slots()).length < count) await new Promise((resolve) => setImmediate(resolve));
  }

  it('do not turn one wrong PIN into a lock: the next right PIN pays', async () => {
    const ada = await fundedCustomer(t, 5000);
    const bola = await createCustomer(t);
    await hangingComparisons(ada.id, await instanceThatDies(), 4);
    clock.advance(STALE_AFTER_SECONDS + 1);
    expect(await walletTransfer(B(), ada, bola.main, { transaction_pin: '000000' })).toEqual({
      status: 401,
      body: { message: 'Incorrect transaction PIN.' },
    });
    expect((await walletTransfer(B(), ada, bola.main)).status).toBe(200);
  });

  it('do not refuse the customer as "too many at once"', async () => {
    const ada = await fundedCustomer(t, 5000);
    const bola = await createCustomer(t);
    await hangingComparisons(ada.id, await instanceThatDies(), 5);
    clock.advance(STALE_AFTER_SECONDS + 1);
    expect((await walletTransfer(B(), ada, bola.main)).status).toBe(200);
    expect(
      await t.database.db
        .selectFrom('transaction_pin_attempts')
        .select(['failures', 'in_flight', 'locked_until'])
        .where('user_id', '=', ada.id)
        .executeTakeFirstOrThrow(),
    ).toEqual({ failures: 0, in_flight: 0, locked_until: null });
  });

  it('still count while their instance lives: five being compared refuse a sixth unseen', async () => {
    const ada = await fundedCustomer(t, 5000);
    const bola = await createCustomer(t);
    const live = await instanceThatDies();
    await hangingComparisons(ada.id, live, 5);
    clock.advance(STALE_AFTER_SECONDS + 1);
    await heartbeat(live);
    expect(await walletTransfer(B(), ada, bola.main)).toEqual({
      status: 429,
      body: { message: 'Too many transactions at once. Please wait a moment and try again.' },
    });
  });
});

describe('the heartbeat of an instance', () => {
  it('is written before its first claim, and removed when it closes (what it held is free at once)', async () => {
    const before = await t.database.db.selectFrom('instances').select('id').execute();
    const third = await buildApp({
      config: t.config,
      database: t.database,
      clock,
      print: () => undefined,
    });
    const ada = await fundedCustomer(t, 5000);
    const bola = await createCustomer(t);
    const key = randomUUID();
    expect(
      (await walletTransfer({ app: third, config: t.config }, ada, bola.main, {}, key)).status,
    ).toBe(200);
    const claim = await t.database.db
      .selectFrom('client_references')
      .select('instance_id')
      .where('user_id', '=', ada.id)
      .where('key', '=', key)
      .executeTakeFirstOrThrow();
    const started = await t.database.db.selectFrom('instances').select('id').execute();
    expect(started.map((row) => row.id)).toContain(claim.instance_id);
    expect(before.map((row) => row.id)).not.toContain(claim.instance_id);
    await third.close();
    const left = await t.database.db.selectFrom('instances').select('id').execute();
    expect(left.map((row) => row.id)).not.toContain(claim.instance_id);
  });
});
