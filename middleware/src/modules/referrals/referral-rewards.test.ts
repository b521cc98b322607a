import { createLedger } from '../../ledger/index.js';
import { FakeClock } from '../../test-support/auth-test-kit.js';
import { createTestApp, type TestApp } from '../../test-support/test-app.js';
import {
  balanceKobo,
  createCustomer,
  fundedCustomer,
  CARDS,
  inboundTransfer,
  payWith,
  postCheckout,
  setWalletStatus,
  startCheckout,
  type Customer,
} from '../funding/funding-test-kit.js';
import {
  REFEREE_REWARD_NARRATION,
  REFERRER_REWARD_NARRATION,
  ReferralRewards,
  rewardReference,
} from './rewards.js';

/*
 * SPEC §4 / §9 rewards: N250 to each side's commission wallet, once per referee, from the
 * programme's ledger account. Fundings go through the real inbound-transfer route and the job queue.
 */
let t: TestApp;
// Starts at the real time: ledger entries carry the database's time, and the referrer's "last 3
// months" is measured from this clock.
const clock = new FakeClock(Date.now());

beforeAll(async () => {
  t = await createTestApp(
    { RATE_LIMIT_MAX: '1000', REFERRAL_PROMOTION_ENDS_AT: '2099-01-01T00:00:00+01:00' },
    { clock },
  );
});
afterAll(() => t.close());

const db = () => t.database.db;

async function codeOf(user: Customer): Promise<string> {
  const row = await db()
    .selectFrom('users')
    .select('referral_code')
    .where('id', '=', user.id)
    .executeTakeFirstOrThrow();
  return row.referral_code;
}

/** An activated customer who signed up with `referrer`'s code, nothing funded yet. */
async function refereeOf(referrer: Customer): Promise<Customer> {
  const referee = await createCustomer(t);
  await db()
    .updateTable('users')
    .set({ referrer_code: await codeOf(referrer) })
    .where('id', '=', referee.id)
    .execute();
  return referee;
}

async function fund(customer: Customer, amount: number) {
  const res = await inboundTransfer(t, { account_number: customer.main, amount });
  expect(res.statusCode).toBe(201);
}

const programmeBalance = async () =>
  (await createLedger(db()).getAccount('referral_programme')).balanceKobo;

const rewardRows = (referee: Customer) =>
  db()
    .selectFrom('referral_rewards')
    .selectAll()
    .where('referee_user_id', '=', referee.id)
    .execute();

async function expectLedgerBalanced() {
  expect((await createLedger(db()).reconcile()).mismatches).toEqual([]);
}

const rewards = (overrides: Partial<ConstructorParameters<typeof ReferralRewards>[0]> = {}) =>
  new ReferralRewards({
    db: db(),
    clock,
    promotionEndsAt: new Date('2099-01-01T00:00:00Z'),
    ...overrides,
  });

describe('referral rewards (SPEC §9)', () => {
  it('pays N250 to both commission wallets once the referee has funded N1,000 in total', async () => {
    const referrer = await fundedCustomer(t, 5000);
    const referee = await refereeOf(referrer);
    await t.app.jobs.runDue();
    const programme = await programmeBalance();

    await fund(referee, 600);
    await t.app.jobs.runDue();
    expect(await balanceKobo(t, referee.commission)).toBe(0);
    expect(await rewardRows(referee)).toHaveLength(0);

    await fund(referee, 400);
    await t.app.jobs.runDue();
    expect(await balanceKobo(t, referrer.commission)).toBe(25_000);
    expect(await balanceKobo(t, referee.commission)).toBe(25_000);
    expect(await programmeBalance()).toBe(programme - 50_000);
    const ledger = createLedger(db());
    const [referrerLine] = await ledger.listEntries(referrer.commission, { limit: 1 });
    const [refereeLine] = await ledger.listEntries(referee.commission, { limit: 1 });
    expect(referrerLine).toMatchObject({
      transactionType: 'reward',
      amountKobo: 25_000,
      narration: REFERRER_REWARD_NARRATION,
      reference: rewardReference(referee.id, 'referrer'),
    });
    expect(refereeLine).toMatchObject({
      transactionType: 'reward',
      amountKobo: 25_000,
      narration: REFEREE_REWARD_NARRATION,
    });
    // The main wallets are untouched: rewards are for bills only (SPEC §9).
    expect(await balanceKobo(t, referrer.main)).toBe(500_000);
    expect(await balanceKobo(t, referee.main)).toBe(100_000);
    await expectLedgerBalanced();

    // Later fundings never pay again.
    await fund(referee, 5000);
    await t.app.jobs.runDue();
    expect(await balanceKobo(t, referee.commission)).toBe(25_000);
    expect(await rewardRows(referee)).toHaveLength(1);
  });

  it('pays exactly once when the referee funds many times at once', async () => {
    const referrer = await fundedCustomer(t, 5000);
    const referee = await refereeOf(referrer);
    const programme = await programmeBalance();
    await Promise.all(Array.from({ length: 6 }, () => fund(referee, 1000)));
    const jobs = await t.app.jobs.list({ kind: 'referral.reward', state: 'queued' });
    expect(jobs.length).toBeGreaterThanOrEqual(6);
    await t.app.jobs.runDue();
    expect(await rewardRows(referee)).toHaveLength(1);
    expect(await balanceKobo(t, referrer.commission)).toBe(25_000);
    expect(await balanceKobo(t, referee.commission)).toBe(25_000);
    expect(await programmeBalance()).toBe(programme - 50_000);
    await expectLedgerBalanced();
  });

  it('pays exactly once when the checks themselves race', async () => {
    const referrer = await fundedCustomer(t, 5000);
    const referee = await refereeOf(referrer);
    await fund(referee, 1000);
    const service = rewards();
    const outcomes = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        service.settle({
          refereeUserId: referee.id,
          fundingReference: `race-${i}`,
          fundedAt: clock.now(),
        }),
      ),
    );
    expect(outcomes.filter((o) => o === 'paid')).toHaveLength(1);
    expect(outcomes.filter((o) => o === 'already-paid')).toHaveLength(7);
    expect(await balanceKobo(t, referrer.commission)).toBe(25_000);
    expect(await balanceKobo(t, referee.commission)).toBe(25_000);
    await t.app.jobs.runDue();
    expect(await balanceKobo(t, referee.commission)).toBe(25_000);
    await expectLedgerBalanced();
  });

  it('loses and duplicates nothing when the payment stops between the two entries', async () => {
    const referrer = await fundedCustomer(t, 5000);
    const referee = await refereeOf(referrer);
    await fund(referee, 1000);
    const programme = await programmeBalance();
    const crashing = rewards({
      afterReferrerPaid: () => Promise.reject(new Error('instance died')),
    });
    const input = { refereeUserId: referee.id, fundingReference: 'crash', fundedAt: clock.now() };
    await expect(crashing.settle(input)).rejects.toThrow('instance died');
    expect(await balanceKobo(t, referrer.commission)).toBe(0);
    expect(await rewardRows(referee)).toHaveLength(0);
    expect(await programmeBalance()).toBe(programme);

    // The job (queued by the funding) runs again, as it would after the lease: paid once.
    await t.app.jobs.runDue();
    expect(await rewards().settle(input)).toBe('already-paid');
    expect(await balanceKobo(t, referrer.commission)).toBe(25_000);
    expect(await balanceKobo(t, referee.commission)).toBe(25_000);
    expect(await programmeBalance()).toBe(programme - 50_000);
    await expectLedgerBalanced();
  });

  it('queues no check for a funding that did not land, nor for a repeated notification', async () => {
    const referrer = await fundedCustomer(t, 5000);
    const referee = await refereeOf(referrer);
    await t.app.jobs.runDue();
    const queued = async () =>
      (await t.app.jobs.list({ kind: 'referral.reward', state: 'queued' })).length;
    await setWalletStatus(t, referee.main, 'blocked');
    const refused = await inboundTransfer(t, { account_number: referee.main, amount: 2000 });
    expect(refused.statusCode).toBe(409);
    expect(await queued()).toBe(0);
    await setWalletStatus(t, referee.main, 'active');
    await inboundTransfer(t, { account_number: referee.main, amount: 2000, reference: 'rep-1' });
    await inboundTransfer(t, { account_number: referee.main, amount: 2000, reference: 'rep-1' });
    expect(await queued()).toBe(1);
  });

  it('pays nothing to anybody when the referrer holds less than N1,000, and pays once they do', async () => {
    const referrer = await fundedCustomer(t, 999.99);
    const referee = await refereeOf(referrer);
    await fund(referee, 1000);
    await t.app.jobs.runDue();
    expect(await balanceKobo(t, referrer.commission)).toBe(0);
    expect(await balanceKobo(t, referee.commission)).toBe(0);
    expect(await rewardRows(referee)).toHaveLength(0);

    // Eligibility is judged when the referee's funding is checked: the next one finds it met.
    await fund(referrer, 0.01);
    await fund(referee, 100);
    await t.app.jobs.runDue();
    expect(await balanceKobo(t, referrer.commission)).toBe(25_000);
    expect(await balanceKobo(t, referee.commission)).toBe(25_000);
  });

  it('counts a card funding like a bank transfer', async () => {
    const referrer = await fundedCustomer(t, 5000);
    const referee = await refereeOf(referrer);
    const link = await startCheckout(t, referee, { transfer_amount: 1000 });
    const paid = await postCheckout(t, link, payWith(CARDS.success));
    expect(paid.statusCode).toBe(303);
    await t.app.jobs.runDue();
    expect(await balanceKobo(t, referee.commission)).toBe(25_000);
    expect(await balanceKobo(t, referrer.commission)).toBe(25_000);
  });

  it('pays nothing while the referee has not completed onboarding', async () => {
    const referrer = await fundedCustomer(t, 5000);
    const referee = await refereeOf(referrer);
    await db()
      .updateTable('users')
      .set({ is_verified: false })
      .where('id', '=', referee.id)
      .execute();
    await fund(referee, 1000);
    await t.app.jobs.runDue();
    expect(await balanceKobo(t, referee.commission)).toBe(0);
    expect(await balanceKobo(t, referrer.commission)).toBe(0);
  });

  it('pays nothing to a customer who signed up without a code', async () => {
    const loner = await createCustomer(t);
    await fund(loner, 5000);
    await t.app.jobs.runDue();
    expect(await balanceKobo(t, loner.commission)).toBe(0);
  });

  it('pays nothing for a funding at or after the end of the promotion', async () => {
    const referrer = await fundedCustomer(t, 5000);
    const referee = await refereeOf(referrer);
    await fund(referee, 1000);
    const ended = rewards({ promotionEndsAt: clock.now() });
    const outcome = await ended.settle({
      refereeUserId: referee.id,
      fundingReference: 'late',
      fundedAt: clock.now(),
    });
    expect(outcome).toBe('promotion-ended');
    expect(await rewardRows(referee)).toHaveLength(0);
    expect(await balanceKobo(t, referee.commission)).toBe(0);
  });

  // Last: it moves the clock four months on.
  it('pays nothing when the referrer has made no transaction in the last 3 months', async () => {
    const referrer = await fundedCustomer(t, 5000);
    const referee = await refereeOf(referrer);
    clock.advance(124 * 24 * 3600);
    await fund(referee, 1000);
    await t.app.jobs.runDue();
    expect(await balanceKobo(t, referrer.commission)).toBe(0);
    expect(await balanceKobo(t, referee.commission)).toBe(0);
    await expectLedgerBalanced();
  });
});

describe('REFERRAL_PROMOTION_ENDS_AT', () => {
  it('stops rewards for fundings after the configured end', async () => {
    const ended = await createTestApp(
      { RATE_LIMIT_MAX: '1000', REFERRAL_PROMOTION_ENDS_AT: '2026-01-01T00:00:00+01:00' },
      { clock: new FakeClock(Date.UTC(2026, 0, 2)) },
    );
    try {
      const referrer = await fundedCustomer(ended, 5000);
      const referee = await createCustomer(ended);
      const { referral_code } = await ended.database.db
        .selectFrom('users')
        .select('referral_code')
        .where('id', '=', referrer.id)
        .executeTakeFirstOrThrow();
      await ended.database.db
        .updateTable('users')
        .set({ referrer_code: referral_code })
        .where('id', '=', referee.id)
        .execute();
      await inboundTransfer(ended, { account_number: referee.main, amount: 1000 });
      await ended.app.jobs.runDue();
      expect(await balanceKobo(ended, referee.commission)).toBe(0);
      expect(await balanceKobo(ended, referrer.commission)).toBe(0);
    } finally {
      await ended.close();
    }
  });
});
