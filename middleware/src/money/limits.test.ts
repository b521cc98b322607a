import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { createLedger } from '../ledger/index.js';
import { fundedCustomer, type Customer } from '../modules/funding/funding-test-kit.js';
import { createTestApp, type TestApp } from '../test-support/test-app.js';
import {
  assertTransferWithinLimits,
  assertWithinDailyLimit,
  assertWithinDailyLimitUnlessApplied,
  assertWithinMaxBalance,
  dailyAllowance,
  MAX_BALANCE_MESSAGES,
  sentTodayKobo,
  tierOf,
  TIER_LIMITS,
  type KycTier,
} from './limits.js';
import { ensureSystemAccounts } from './system-accounts.js';

// The tier rules of the money area (docs/domain.md "KYC tiers") called directly, boundaries
// included: the route tests show them through the API, these pin each rule so that moving a
// boundary or dropping a condition is noticed (docs/benchmarks/mutation.md).

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await ensureSystemAccounts(t.database.db);
});
afterAll(() => t.close());

const db = () => t.database.db;
const ledger = () => createLedger(db());

async function setTier(customer: Customer, tier: KycTier | null): Promise<void> {
  await db().updateTable('users').set({ kyc_tier: tier }).where('id', '=', customer.id).execute();
}

/** An entry of `type` from the customer's wallet to the outbound holding account. */
async function send(
  from: string,
  naira: number,
  type:
    | 'intra-outward'
    | 'inter-outward'
    | 'airtime'
    | 'data'
    | 'electricity'
    | 'funding' = 'inter-outward',
) {
  const reference = `out-${randomUUID()}`;
  await ledger().transfer({
    from,
    to: 'outbound_holding',
    amountKobo: naira * 100,
    reference,
    type,
    narration: 'Test debit',
  });
  return reference;
}

/** Money in from the bank settlement account: a credit (`inter-inward`) or a reward. */
async function credit(to: string, kobo: number, type: 'inter-inward' | 'reward') {
  await ledger().transfer({
    from: 'bank_settlement',
    to,
    amountKobo: kobo,
    reference: `in-${randomUUID()}`,
    type,
    narration: 'Test credit',
  });
}

/**
 * Moves an entry's time relative to the start of today in Lagos (UTC+1), on the database's clock.
 * Test-only: the ledger refuses updates, so that is lifted inside this one transaction.
 */
async function stampRelativeToLagosMidnight(reference: string, seconds: number): Promise<void> {
  await db()
    .transaction()
    .execute(async (trx) => {
      await sql`alter table ledger_entries disable trigger ledger_entries_append_only`.execute(trx);
      await sql`update ledger_entries
                   set created_at = date_trunc('day', now() + interval '1 hour') - interval '1 hour'
                                    + make_interval(secs => ${seconds})
                 where reference = ${reference}`.execute(trx);
      await sql`alter table ledger_entries enable trigger ledger_entries_append_only`.execute(trx);
    });
}

const refusal = (promise: Promise<unknown>) =>
  promise.then(
    () => null,
    (error: { statusCode?: number; message: string; code?: string }) => ({
      statusCode: error.statusCode,
      message: error.message,
      code: error.code,
    }),
  );

describe('TIER_LIMITS', () => {
  it('are the CBN limits of mobile wallets, in kobo', () => {
    expect(TIER_LIMITS).toEqual({
      1: { dailyDebitKobo: 50_000_00, maxBalanceKobo: 300_000_00 },
      2: { dailyDebitKobo: 200_000_00, maxBalanceKobo: 500_000_00 },
      3: { dailyDebitKobo: 5_000_000_00, maxBalanceKobo: null },
    });
  });
});

describe('tierOf', () => {
  it.each([
    [null, 2],
    [1, 1],
    [2, 2],
    [3, 3],
  ] as const)(
    'reads kyc_tier %s as tier %s (no tier yet is tier 2, what activation gives)',
    async (stored, tier) => {
      const ada = await fundedCustomer(t, 0);
      await setTier(ada, stored);
      expect(await tierOf(db(), ada.id)).toBe(tier);
    },
  );

  it('refuses an unknown customer rather than guessing a tier', async () => {
    await expect(tierOf(db(), randomUUID())).rejects.toThrow();
  });
});

describe('sentTodayKobo: what counts against the daily limit', () => {
  it('counts every outgoing type from the customer wallet today, and nothing else', async () => {
    const ada = await fundedCustomer(t, 10_000);
    expect(await sentTodayKobo(db(), ada.id)).toBe(0);
    await send(ada.main, 100, 'intra-outward');
    await send(ada.main, 200, 'inter-outward');
    await send(ada.main, 300, 'airtime');
    await send(ada.main, 400, 'data');
    await send(ada.main, 500, 'electricity');
    expect(await sentTodayKobo(db(), ada.id)).toBe(150_000);
  });

  it('does not count money in, a non-outgoing type, or another customer', async () => {
    const ada = await fundedCustomer(t, 10_000);
    const bola = await fundedCustomer(t, 10_000);
    await send(ada.main, 700, 'funding');
    await send(bola.main, 300, 'inter-outward');
    await credit(ada.main, 50_000, 'inter-inward');
    expect(await sentTodayKobo(db(), ada.id)).toBe(0);
    expect(await sentTodayKobo(db(), bola.id)).toBe(30_000);
  });

  it('does not count what was sent from the commission wallet', async () => {
    const ada = await fundedCustomer(t, 0);
    await credit(ada.commission, 100_000, 'reward');
    await send(ada.commission, 600, 'airtime');
    expect(await sentTodayKobo(db(), ada.id)).toBe(0);
  });

  it('gives back a reversed send, and only that one', async () => {
    const ada = await fundedCustomer(t, 10_000);
    const failed = await send(ada.main, 800, 'inter-outward');
    await send(ada.main, 150, 'inter-outward');
    await ledger().reverse(failed, `rev-${randomUUID()}`, 'Reversal');
    expect(await sentTodayKobo(db(), ada.id)).toBe(15_000);
  });

  it('starts the day at midnight in Lagos: a second before does not count, midnight does', async () => {
    const ada = await fundedCustomer(t, 10_000);
    const yesterday = await send(ada.main, 900, 'inter-outward');
    const today = await send(ada.main, 250, 'inter-outward');
    await stampRelativeToLagosMidnight(yesterday, -1);
    await stampRelativeToLagosMidnight(today, 0);
    expect(await sentTodayKobo(db(), ada.id)).toBe(25_000);
  });
});

describe('sentTodayKobo: reserved money counts (docs/decisions/041-authorisation-holds.md)', () => {
  const authorise = (wallet: string, naira: number) =>
    ledger().placeHold({
      account: wallet,
      amountKobo: naira * 100,
      reference: `auth-${randomUUID()}`,
      expiresAt: new Date(Date.now() + 86_400_000),
    });
  const clearing = (holdReference: string, naira: number) =>
    ledger().clearHold({
      holdReference,
      reference: `clear-${randomUUID()}`,
      amountKobo: naira * 100,
      to: 'card_settlement',
      type: 'card-payment',
      narration: 'Card payment',
    });

  it('counts an open hold, and a cleared one once (the hold, not its clearing again)', async () => {
    const ada = await fundedCustomer(t, 10_000);
    const open = await authorise(ada.main, 300);
    expect(await sentTodayKobo(db(), ada.id)).toBe(30_000);
    const cleared = await authorise(ada.main, 500);
    await clearing(cleared.hold.reference, 500);
    expect(await sentTodayKobo(db(), ada.id)).toBe(80_000);
    await ledger().releaseHold(open.hold.reference);
    expect(await sentTodayKobo(db(), ada.id)).toBe(50_000);
  });

  it('counts a card payment posted without a hold (a late presentment) and the card fee', async () => {
    const ada = await fundedCustomer(t, 10_000);
    await ledger().transfer({
      from: ada.main,
      to: 'card_settlement',
      amountKobo: 12_345,
      reference: `late-${randomUUID()}`,
      type: 'card-payment',
      narration: 'Card payment',
    });
    await ledger().transfer({
      from: ada.main,
      to: 'fees',
      amountKobo: 105_000,
      reference: `fee-${randomUUID()}`,
      type: 'card-issuance',
      narration: 'Card issuance fee',
    });
    expect(await sentTodayKobo(db(), ada.id)).toBe(117_345);
  });

  it('refuses a transfer the limit allows only without the reserved money', async () => {
    const ada = await fundedCustomer(t, 100_000);
    await setTier(ada, 1);
    await authorise(ada.main, 45_000);
    expect(await refusal(assertWithinDailyLimit(db(), ada.id, 500_001))).toEqual({
      statusCode: 422,
      message: 'This is above your daily limit. You can send ₦5,000.00 more today.',
      code: 'DAILY_LIMIT',
    });
  });
});

describe('dailyAllowance and assertWithinDailyLimit', () => {
  it.each([1, 2, 3] as const)(
    'tier %s: the limit of its tier, less what was sent today',
    async (tier) => {
      const ada = await fundedCustomer(t, 10_000);
      await setTier(ada, tier);
      await send(ada.main, 1_000);
      expect(await dailyAllowance(db(), ada.id)).toEqual({
        tier,
        dailyLimitKobo: TIER_LIMITS[tier].dailyDebitKobo,
        remainingKobo: TIER_LIMITS[tier].dailyDebitKobo - 100_000,
        maxBalanceKobo: TIER_LIMITS[tier].maxBalanceKobo,
      });
    },
  );

  it('never says less than nothing remains', async () => {
    const ada = await fundedCustomer(t, 200_000);
    await setTier(ada, 1);
    await send(ada.main, 60_000); // over tier 1's ₦50,000 (tier changed after the send)
    expect((await dailyAllowance(db(), ada.id)).remainingKobo).toBe(0);
  });

  it('allows exactly what remains and refuses one kobo more, saying how much is left', async () => {
    const ada = await fundedCustomer(t, 100_000);
    await setTier(ada, 1);
    await send(ada.main, 20_000);
    const remaining = TIER_LIMITS[1].dailyDebitKobo - 2_000_000;
    await expect(assertWithinDailyLimit(db(), ada.id, remaining)).resolves.toBeUndefined();
    expect(await refusal(assertWithinDailyLimit(db(), ada.id, remaining + 1))).toEqual({
      statusCode: 422,
      message: 'This is above your daily limit. You can send ₦30,000.00 more today.',
      code: 'DAILY_LIMIT',
    });
  });
});

describe('assertWithinMaxBalance', () => {
  it('tier 1: allows a credit up to the maximum balance exactly, refuses one kobo more', async () => {
    const ada = await fundedCustomer(t, 100_000);
    await setTier(ada, 1);
    const room = (TIER_LIMITS[1].maxBalanceKobo ?? 0) - 10_000_000;
    await expect(assertWithinMaxBalance(db(), ada.id, room)).resolves.toBeUndefined();
    expect(await refusal(assertWithinMaxBalance(db(), ada.id, room + 1))).toEqual({
      statusCode: 422,
      message: MAX_BALANCE_MESSAGES.receiver,
      code: 'MAX_BALANCE',
    });
  });

  it("says 'your wallet' when the credit is the customer's own funding", async () => {
    const ada = await fundedCustomer(t, 0);
    await setTier(ada, 2);
    const max = TIER_LIMITS[2].maxBalanceKobo ?? 0;
    expect(await refusal(assertWithinMaxBalance(db(), ada.id, max + 1, 'own'))).toMatchObject({
      message: MAX_BALANCE_MESSAGES.own,
    });
    expect(MAX_BALANCE_MESSAGES.own).not.toBe(MAX_BALANCE_MESSAGES.receiver);
  });

  it('counts every customer wallet of the customer, not the commission wallet', async () => {
    const ada = await fundedCustomer(t, 250_000);
    await setTier(ada, 1);
    await credit(ada.commission, 4_000_000, 'reward');
    // ₦250,000 held of tier 1's ₦300,000: ₦50,000 fits whatever the commission wallet holds.
    await expect(assertWithinMaxBalance(db(), ada.id, 5_000_000)).resolves.toBeUndefined();
    expect(await refusal(assertWithinMaxBalance(db(), ada.id, 5_000_001))).toMatchObject({
      code: 'MAX_BALANCE',
    });
  });

  it('tier 3 has no maximum balance', async () => {
    const ada = await fundedCustomer(t, 0);
    await setTier(ada, 3);
    await expect(assertWithinMaxBalance(db(), ada.id, 10_000_000_000)).resolves.toBeUndefined();
  });
});

describe('assertTransferWithinLimits: the checks of a wallet-to-wallet transfer in one read', () => {
  const check = (sender: Customer, receiver: Customer, amountKobo: number, reference?: string) =>
    assertTransferWithinLimits(db(), {
      reference: reference ?? `w2w-${randomUUID()}`,
      senderId: sender.id,
      receiverId: receiver.id,
      amountKobo,
    });

  it("the sender's daily limit: exactly what remains passes, one kobo more is refused in its words", async () => {
    const [ada, bola] = [await fundedCustomer(t, 100_000), await fundedCustomer(t, 0)];
    await setTier(ada, 1);
    await setTier(bola, 3);
    await send(ada.main, 20_000);
    const remaining = TIER_LIMITS[1].dailyDebitKobo - 2_000_000;
    await expect(check(ada, bola, remaining)).resolves.toBeUndefined();
    expect(await refusal(check(ada, bola, remaining + 1))).toEqual({
      statusCode: 422,
      message: 'This is above your daily limit. You can send ₦30,000.00 more today.',
      code: 'DAILY_LIMIT',
    });
  });

  it("the receiver's maximum balance, by the receiver's tier, in the receiver's words", async () => {
    const [ada, bola] = [await fundedCustomer(t, 100_000), await fundedCustomer(t, 100_000)];
    await setTier(ada, 3);
    await setTier(bola, 1);
    const room = (TIER_LIMITS[1].maxBalanceKobo ?? 0) - 10_000_000;
    await expect(check(ada, bola, room)).resolves.toBeUndefined();
    expect(await refusal(check(ada, bola, room + 1))).toEqual({
      statusCode: 422,
      message: MAX_BALANCE_MESSAGES.receiver,
      code: 'MAX_BALANCE',
    });
    await setTier(bola, 3);
    await expect(check(ada, bola, room + 1)).resolves.toBeUndefined();
  });

  it('the daily limit is checked before the maximum balance', async () => {
    const [ada, bola] = [await fundedCustomer(t, 100_000), await fundedCustomer(t, 300_000)];
    await setTier(ada, 1);
    await setTier(bola, 1);
    expect(await refusal(check(ada, bola, TIER_LIMITS[1].dailyDebitKobo + 1))).toMatchObject({
      code: 'DAILY_LIMIT',
    });
  });

  it('a transfer between two wallets of one customer is not held to a maximum balance', async () => {
    const ada = await fundedCustomer(t, 290_000);
    await setTier(ada, 1);
    await expect(check(ada, ada, 2_000_000)).resolves.toBeUndefined();
  });

  it('checks nothing for an entry the ledger already holds (a re-run replays it)', async () => {
    const [ada, bola] = [await fundedCustomer(t, 100_000), await fundedCustomer(t, 300_000)];
    await setTier(ada, 1);
    await setTier(bola, 1);
    const applied = await send(ada.main, 50_000, 'intra-outward');
    // Over both limits now, yet the applied reference passes: its own amount was counted already.
    expect(await refusal(check(ada, bola, 100_000))).toMatchObject({ code: 'DAILY_LIMIT' });
    await expect(check(ada, bola, 100_000, applied)).resolves.toBeUndefined();
  });
});

describe('assertWithinDailyLimitUnlessApplied: the limit read with "was this call applied?"', () => {
  const applied = (reference: string) =>
    sql<boolean>`exists (select 1 from ledger_entries where reference = ${reference})`;

  it('checks the daily limit of a call not yet applied, in its words', async () => {
    const ada = await fundedCustomer(t, 100_000);
    await setTier(ada, 1);
    await send(ada.main, 20_000);
    const remaining = TIER_LIMITS[1].dailyDebitKobo - 2_000_000;
    const fresh = applied(`new-${randomUUID()}`);
    await expect(assertWithinDailyLimitUnlessApplied(db(), ada.id, remaining, fresh)).resolves.toBe(
      false,
    );
    expect(
      await refusal(assertWithinDailyLimitUnlessApplied(db(), ada.id, remaining + 1, fresh)),
    ).toEqual({
      statusCode: 422,
      message: 'This is above your daily limit. You can send ₦30,000.00 more today.',
      code: 'DAILY_LIMIT',
    });
  });

  it('checks nothing for a call already applied, and says so', async () => {
    const ada = await fundedCustomer(t, 100_000);
    await setTier(ada, 1);
    const done = await send(ada.main, 50_000, 'airtime');
    await expect(
      assertWithinDailyLimitUnlessApplied(db(), ada.id, 100_000, applied(done)),
    ).resolves.toBe(true);
  });
});
