import { sql } from 'kysely';
import { createTestDatabase, type TestDatabase } from '../test-support/test-database.js';
import { createLedger, type Account, type Ledger } from './index.js';

/*
 * Authorisation holds (docs/decisions/041-authorisation-holds.md): reserve, clear, release,
 * refund, and the one rule that no spend passes the available balance. Runs on PGlite, and on
 * PostgreSQL with TEST_DATABASE_URL (real concurrency through a pool of 5).
 */
let tdb: TestDatabase;
let ledger: Ledger;
let seq = 0;
const ref = (label: string) => `${label}-${++seq}`;
const NOW = new Date('2026-03-02T10:00:00Z');
const LATER = new Date('2026-03-09T10:00:00Z');

beforeAll(async () => {
  tdb = await createTestDatabase();
  ledger = createLedger(tdb.db);
  await ledger.ensureSystemAccounts();
});
afterAll(() => tdb.drop());
afterEach(async () => {
  const check = await ledger.reconcile();
  expect(check.mismatches).toEqual([]);
  expect(check.holdMismatches).toEqual([]);
});

async function fundedWallet(kobo: number): Promise<Account> {
  const wallet = await ledger.openAccount({ type: 'customer_wallet', name: 'Card holder' });
  if (kobo > 0) {
    await ledger.transfer({
      from: 'bank_settlement',
      to: wallet.id,
      amountKobo: kobo,
      reference: ref('fund'),
      type: 'funding',
      narration: 'Bank transfer in',
    });
  }
  return wallet;
}

const money = async (wallet: Account) => {
  const a = await ledger.getAccount(wallet.id);
  return { balance: a.balanceKobo, held: a.heldKobo, available: a.availableKobo };
};

const hold = (wallet: Account, amountKobo: number, reference = ref('auth')) =>
  ledger.placeHold({ account: wallet.id, amountKobo, reference, expiresAt: LATER });

const clear = (holdReference: string, amountKobo: number, reference = ref('clear')) =>
  ledger.clearHold({
    holdReference,
    reference,
    amountKobo,
    to: 'card_settlement',
    type: 'card-payment',
    narration: 'Card payment',
  });

describe('placing a hold', () => {
  it('reserves at once: the available balance falls, nothing is posted', async () => {
    const wallet = await fundedWallet(10_000);
    const { hold: placed, replayed } = await hold(wallet, 2_500);
    expect(replayed).toBe(false);
    expect(placed).toMatchObject({ amountKobo: 2_500, status: 'open', accountId: wallet.id });
    expect(await money(wallet)).toEqual({ balance: 10_000, held: 2_500, available: 7_500 });
    expect(await ledger.listEntries(wallet.id)).toHaveLength(1); // the funding only
  });

  it('reserves once under the same reference, and refuses it for another amount', async () => {
    const wallet = await fundedWallet(10_000);
    const reference = ref('auth');
    const first = await hold(wallet, 4_000, reference);
    const again = await hold(wallet, 4_000, reference);
    expect(again).toEqual({ hold: first.hold, replayed: true });
    expect(await money(wallet)).toEqual({ balance: 10_000, held: 4_000, available: 6_000 });
    await expect(hold(wallet, 4_001, reference)).rejects.toMatchObject({
      code: 'REFERENCE_CONFLICT',
    });
  });

  it('refuses what the available balance does not cover, counting the other holds', async () => {
    const wallet = await fundedWallet(10_000);
    await hold(wallet, 6_000);
    await expect(hold(wallet, 4_001)).rejects.toMatchObject({
      code: 'INSUFFICIENT_FUNDS',
      status: 409,
      message: 'Insufficient funds.',
    });
    await hold(wallet, 4_000);
    expect(await money(wallet)).toEqual({ balance: 10_000, held: 10_000, available: 0 });
  });

  it('refuses a blocked wallet, a system account, and amounts that are not positive kobo', async () => {
    const wallet = await fundedWallet(10_000);
    await ledger.setStatus(wallet.id, 'blocked');
    await expect(hold(wallet, 100)).rejects.toMatchObject({ code: 'ACCOUNT_BLOCKED' });
    await expect(
      ledger.placeHold({ account: 'fees', amountKobo: 1, reference: ref('a'), expiresAt: LATER }),
    ).rejects.toMatchObject({ code: 'ACCOUNT_NOT_FOUND' });
    await ledger.setStatus(wallet.id, 'active');
    for (const amount of [0, -5, 1.5]) {
      await expect(hold(wallet, amount)).rejects.toMatchObject({ code: 'INVALID_AMOUNT' });
    }
    expect(await money(wallet)).toEqual({ balance: 10_000, held: 0, available: 10_000 });
  });
});

describe('the one rule: no spend passes the available balance', () => {
  it('refuses a wallet transfer that reserved money leaves uncovered, and changes nothing', async () => {
    const [wallet, other] = [await fundedWallet(10_000), await fundedWallet(0)];
    await hold(wallet, 7_000);
    const transfer = (amountKobo: number) =>
      ledger.transfer({
        from: wallet.id,
        to: other.id,
        amountKobo,
        reference: ref('t'),
        type: 'intra-outward',
        narration: 'Rent',
      });
    await expect(transfer(3_001)).rejects.toMatchObject({ code: 'INSUFFICIENT_FUNDS' });
    expect(await money(wallet)).toEqual({ balance: 10_000, held: 7_000, available: 3_000 });
    await transfer(3_000);
    expect(await money(wallet)).toEqual({ balance: 7_000, held: 7_000, available: 0 });
  });

  it('holds the rule in the database itself (CHECK), whatever SQL runs', async () => {
    const wallet = await fundedWallet(1_000);
    await expect(
      sql`update ledger_accounts set held_kobo = 1001 where id = ${wallet.id}`.execute(tdb.db),
    ).rejects.toMatchObject({ constraint: 'ledger_accounts_wallet_holds_covered' });
  });
});

describe('clearing a hold', () => {
  it('posts the authorised amount and closes the hold in one step, even when it holds every kobo', async () => {
    const wallet = await fundedWallet(2_500);
    const { hold: placed } = await hold(wallet, 2_500);
    const { entry, replayed } = await clear(placed.reference, 2_500);
    expect(replayed).toBe(false);
    expect(entry).toMatchObject({ type: 'card-payment' });
    expect(await money(wallet)).toEqual({ balance: 0, held: 0, available: 0 });
    expect(await ledger.getHold(placed.reference)).toMatchObject({
      status: 'cleared',
      clearedEntryId: entry.id,
    });
  });

  it('posts less than authorised and gives the rest back', async () => {
    const wallet = await fundedWallet(10_000);
    const { hold: placed } = await hold(wallet, 5_000);
    await clear(placed.reference, 4_200);
    expect(await money(wallet)).toEqual({ balance: 5_800, held: 0, available: 5_800 });
  });

  it('posts up to 20% more than authorised (a tip) from the available balance, not a kobo more', async () => {
    const wallet = await fundedWallet(7_000);
    const { hold: over } = await hold(wallet, 5_000);
    await expect(clear(over.reference, 6_001)).rejects.toMatchObject({
      code: 'CLEARING_ABOVE_HOLD',
      status: 422,
    });
    expect(await money(wallet)).toEqual({ balance: 7_000, held: 5_000, available: 2_000 });
    await clear(over.reference, 6_000);
    expect(await money(wallet)).toEqual({ balance: 1_000, held: 0, available: 1_000 });
  });

  it('refuses the extra above the hold when the available balance cannot pay it; the hold stays', async () => {
    const wallet = await fundedWallet(5_000);
    const { hold: placed } = await hold(wallet, 5_000);
    await expect(clear(placed.reference, 5_001)).rejects.toMatchObject({
      code: 'INSUFFICIENT_FUNDS',
    });
    expect(await money(wallet)).toEqual({ balance: 5_000, held: 5_000, available: 0 });
    expect((await ledger.getHold(placed.reference)).status).toBe('open');
  });

  it('clears once: the same clearing replays, another clearing or a release is refused', async () => {
    const wallet = await fundedWallet(10_000);
    const { hold: placed } = await hold(wallet, 3_000);
    const reference = ref('clear');
    const first = await clear(placed.reference, 3_000, reference);
    expect(await clear(placed.reference, 3_000, reference)).toEqual({
      entry: first.entry,
      replayed: true,
    });
    await expect(clear(placed.reference, 3_000)).rejects.toMatchObject({ code: 'HOLD_CLOSED' });
    await expect(ledger.releaseHold(placed.reference)).rejects.toMatchObject({
      code: 'HOLD_CLOSED',
    });
    await expect(clear(ref('nothing'), 1)).rejects.toMatchObject({ code: 'HOLD_NOT_FOUND' });
    expect(await money(wallet)).toEqual({ balance: 7_000, held: 0, available: 7_000 });
  });
});

describe('releasing a hold', () => {
  it('gives the money back, once', async () => {
    const wallet = await fundedWallet(10_000);
    const { hold: placed } = await hold(wallet, 4_000);
    expect(await ledger.releaseHold(placed.reference)).toMatchObject({ status: 'released' });
    expect(await ledger.releaseHold(placed.reference)).toMatchObject({ status: 'released' });
    expect(await money(wallet)).toEqual({ balance: 10_000, held: 0, available: 10_000 });
    await expect(clear(placed.reference, 4_000)).rejects.toMatchObject({ code: 'HOLD_CLOSED' });
  });

  it('releases the holds whose window ended by the app clock, and only those', async () => {
    const wallet = await fundedWallet(10_000);
    const soon = await ledger.placeHold({
      account: wallet.id,
      amountKobo: 1_000,
      reference: ref('auth'),
      expiresAt: new Date(NOW.getTime() + 60_000),
    });
    const late = await ledger.placeHold({
      account: wallet.id,
      amountKobo: 2_000,
      reference: ref('auth'),
      expiresAt: new Date(NOW.getTime() + 120_000),
    });
    await ledger.releaseExpiredHolds(new Date(NOW.getTime() + 59_999));
    expect((await ledger.getHold(soon.hold.reference)).status).toBe('open');
    await ledger.releaseExpiredHolds(new Date(NOW.getTime() + 60_000));
    expect((await ledger.getHold(soon.hold.reference)).status).toBe('released');
    expect((await ledger.getHold(late.hold.reference)).status).toBe('open');
    expect(await money(wallet)).toEqual({ balance: 10_000, held: 2_000, available: 8_000 });
  });
});

it('pays a merchant refund as a credit to the wallet', async () => {
  const wallet = await fundedWallet(10_000);
  const { hold: placed } = await hold(wallet, 3_000);
  await clear(placed.reference, 3_000);
  await ledger.transfer({
    from: 'card_settlement',
    to: wallet.id,
    amountKobo: 3_000,
    reference: ref('refund'),
    type: 'card-refund',
    narration: 'Card refund',
  });
  expect(await money(wallet)).toEqual({ balance: 10_000, held: 0, available: 10_000 });
});

describe('at once', () => {
  it('32 authorisations against a balance that covers 10: exactly 10 reserve, never below zero', async () => {
    const wallet = await fundedWallet(10_000);
    const outcomes = await Promise.allSettled(
      Array.from({ length: 32 }, () => hold(wallet, 1_000)),
    );
    const placed = outcomes.filter((o) => o.status === 'fulfilled');
    const refused = outcomes.filter((o) => o.status === 'rejected');
    expect(placed).toHaveLength(10);
    expect(refused).toHaveLength(22);
    for (const r of refused)
      expect((r as PromiseRejectedResult).reason).toMatchObject({ code: 'INSUFFICIENT_FUNDS' });
    expect(await money(wallet)).toEqual({ balance: 10_000, held: 10_000, available: 0 });
  });

  it('32 identical authorisations reserve once', async () => {
    const wallet = await fundedWallet(10_000);
    const reference = ref('auth');
    const results = await Promise.all(
      Array.from({ length: 32 }, () => hold(wallet, 700, reference)),
    );
    expect(results.filter((r) => !r.replayed)).toHaveLength(1);
    expect(new Set(results.map((r) => r.hold.id)).size).toBe(1);
    expect(await money(wallet)).toEqual({ balance: 10_000, held: 700, available: 9_300 });
  });

  it('authorisations, clearings, releases and transfers racing never spend reserved money', async () => {
    const [wallet, other] = [await fundedWallet(20_000), await fundedWallet(0)];
    const open = await Promise.all([1, 2, 3, 4].map(() => hold(wallet, 2_000)));
    const calls: Array<Promise<unknown>> = [];
    for (let i = 0; i < 8; i++) {
      calls.push(hold(wallet, 1_500));
      calls.push(
        ledger.transfer({
          from: wallet.id,
          to: other.id,
          amountKobo: 1_500,
          reference: ref('t'),
          type: 'intra-outward',
          narration: 'x',
        }),
      );
    }
    // Each open hold is both cleared and released at once: one of the two wins.
    for (const { hold: h } of open) {
      calls.push(clear(h.reference, 2_000));
      calls.push(ledger.releaseHold(h.reference));
    }
    const outcomes = await Promise.allSettled(calls);
    for (const o of outcomes) {
      if (o.status === 'rejected')
        expect((o.reason as { code?: string }).code).toMatch(/^(INSUFFICIENT_FUNDS|HOLD_CLOSED)$/);
    }
    const after = await money(wallet);
    expect(after.available).toBeGreaterThanOrEqual(0);
    const statuses = await Promise.all(open.map(({ hold: h }) => ledger.getHold(h.reference)));
    expect(statuses.every((h) => h.status === 'cleared' || h.status === 'released')).toBe(true);
    const cleared = statuses.filter((h) => h.status === 'cleared').length;
    const transferred = (await money(other)).balance;
    // Every kobo accounted for: cleared holds and transfers left, the rest is held or available.
    expect(after.balance).toBe(20_000 - cleared * 2_000 - transferred);
  });
});
