import { createTestDatabase, type TestDatabase } from '../test-support/test-database.js';
import { createLedger, type Account, type Ledger } from './index.js';

let tdb: TestDatabase;
let ledger: Ledger;
let seq = 0;
const ref = (label: string) => `${label}-${++seq}`;

beforeAll(async () => {
  tdb = await createTestDatabase();
  ledger = createLedger(tdb.db);
  await ledger.ensureSystemAccounts();
});
afterAll(() => tdb.drop());

async function fundedWallet(kobo: number, name = 'Wallet'): Promise<Account> {
  const wallet = await ledger.openAccount({ type: 'customer_wallet', name });
  if (kobo > 0) {
    await ledger.transfer({
      from: 'bank_settlement',
      to: wallet.accountNumber ?? '',
      amountKobo: kobo,
      reference: ref('fund'),
      type: 'funding',
      narration: 'Bank transfer in',
    });
  }
  return wallet;
}

const balances = (...accounts: Account[]) =>
  Promise.all(accounts.map((a) => ledger.getBalance(a.id)));

describe('ledger transfers', () => {
  it('moves money between wallets and records one balanced entry', async () => {
    const [a, b] = [await fundedWallet(10_000), await fundedWallet(0)];
    const { entry, replayed } = await ledger.transfer({
      from: a.accountNumber ?? '',
      to: b.id,
      amountKobo: 2_550,
      reference: ref('t'),
      type: 'intra-outward',
      narration: 'Lunch',
      metadata: { channel: 'web' },
    });
    expect(replayed).toBe(false);
    expect(entry).toMatchObject({
      type: 'intra-outward',
      narration: 'Lunch',
      metadata: { channel: 'web' },
    });
    expect(entry.postings).toEqual([
      { accountId: a.id, amountKobo: -2_550 },
      { accountId: b.id, amountKobo: 2_550 },
    ]);
    expect(await balances(a, b)).toEqual([7_450, 2_550]);
  });

  it('changes nothing when funds are insufficient', async () => {
    const [a, b] = [await fundedWallet(1_000), await fundedWallet(0)];
    const reference = ref('poor');
    const transfer = {
      from: a.id,
      to: b.id,
      amountKobo: 1_001,
      reference,
      type: 'intra-outward',
      narration: 'x',
    } as const;
    await expect(ledger.transfer(transfer)).rejects.toMatchObject({
      code: 'INSUFFICIENT_FUNDS',
      status: 409,
      message: 'Insufficient funds.',
    });
    expect(await balances(a, b)).toEqual([1_000, 0]);
    expect(await ledger.listEntries(b.id)).toEqual([]);
    expect((await ledger.reconcile()).mismatches).toEqual([]);
    // The reference was not consumed: the same call succeeds once the money is there.
    await fundedWallet(0);
    await ledger.transfer({
      from: 'bank_settlement',
      to: a.id,
      amountKobo: 1,
      reference: ref('top'),
      type: 'funding',
      narration: 'top up',
    });
    await expect(ledger.transfer(transfer)).resolves.toMatchObject({ replayed: false });
  });

  it('refuses to move money out of or into blocked and closed wallets', async () => {
    const [a, b] = [await fundedWallet(5_000), await fundedWallet(5_000)];
    await ledger.setStatus(a.id, 'blocked');
    const out = {
      from: a.id,
      to: b.id,
      amountKobo: 100,
      type: 'intra-outward',
      narration: 'x',
    } as const;
    await expect(ledger.transfer({ ...out, reference: ref('b') })).rejects.toMatchObject({
      code: 'ACCOUNT_BLOCKED',
      message: 'This wallet is blocked.',
    });
    await expect(
      ledger.transfer({ ...out, from: b.id, to: a.id, reference: ref('b') }),
    ).rejects.toMatchObject({
      code: 'ACCOUNT_BLOCKED',
    });
    await ledger.setStatus(a.id, 'closed');
    await expect(
      ledger.transfer({ ...out, from: b.id, to: a.id, reference: ref('c') }),
    ).rejects.toMatchObject({
      code: 'ACCOUNT_CLOSED',
      message: 'This wallet is closed.',
    });
    expect(await balances(a, b)).toEqual([5_000, 5_000]);
  });

  it('returns the first result for a repeated reference and moves the money once', async () => {
    const [a, b] = [await fundedWallet(5_000), await fundedWallet(0)];
    const call = {
      from: a.id,
      to: b.accountNumber ?? '',
      amountKobo: 700,
      reference: ref('idem'),
      type: 'intra-outward',
      narration: 'Rent',
    } as const;
    const first = await ledger.transfer(call);
    const second = await ledger.transfer(call);
    expect(second.replayed).toBe(true);
    expect(second.entry.id).toBe(first.entry.id);
    expect(second.entry.postings).toEqual(first.entry.postings);
    expect(await balances(a, b)).toEqual([4_300, 700]);
    // A retry still gets its answer after the wallet was emptied or blocked.
    await ledger.transfer({ ...call, amountKobo: 4_300, reference: ref('drain') });
    await ledger.setStatus(a.id, 'blocked');
    await expect(ledger.transfer(call)).resolves.toMatchObject({
      replayed: true,
      entry: { id: first.entry.id },
    });
  });

  it('applies a reference once when identical calls race', async () => {
    const [a, b] = [await fundedWallet(10_000), await fundedWallet(0)];
    const call = {
      from: a.id,
      to: b.id,
      amountKobo: 1_000,
      reference: ref('race'),
      type: 'intra-outward',
      narration: 'x',
    } as const;
    const results = await Promise.all(Array.from({ length: 8 }, () => ledger.transfer(call)));
    expect(results.filter((r) => !r.replayed)).toHaveLength(1);
    expect(new Set(results.map((r) => r.entry.id)).size).toBe(1);
    expect(await balances(a, b)).toEqual([9_000, 1_000]);
  });

  it('refuses the same reference for a different transfer', async () => {
    const [a, b] = [await fundedWallet(5_000), await fundedWallet(0)];
    const call = {
      from: a.id,
      to: b.id,
      amountKobo: 100,
      reference: ref('conf'),
      type: 'intra-outward',
      narration: 'x',
    } as const;
    await ledger.transfer(call);
    for (const changed of [{ amountKobo: 101 }, { to: 'fees' }, { type: 'airtime' as const }]) {
      await expect(ledger.transfer({ ...call, ...changed })).rejects.toMatchObject({
        code: 'REFERENCE_CONFLICT',
        status: 409,
      });
    }
    expect(await balances(a, b)).toEqual([4_900, 100]);
  });

  it("refuses the same reference for an entry whose legs are only some of the first one's", async () => {
    const [a, b, c, d] = [
      await fundedWallet(5_000),
      await fundedWallet(0),
      await fundedWallet(5_000),
      await fundedWallet(0),
    ];
    const reference = ref('legs');
    await ledger.post({
      reference,
      type: 'intra-outward',
      narration: 'two payments',
      postings: [
        { account: a.id, debitKobo: 100 },
        { account: b.id, creditKobo: 100 },
        { account: c.id, debitKobo: 50 },
        { account: d.id, creditKobo: 50 },
      ],
    });
    await expect(
      ledger.transfer({
        from: a.id,
        to: b.id,
        amountKobo: 100,
        reference,
        type: 'intra-outward',
        narration: 'two payments',
      }),
    ).rejects.toMatchObject({ code: 'REFERENCE_CONFLICT' });
    expect(await balances(a, b, c, d)).toEqual([4_900, 100, 4_950, 50]);
  });

  it('posts multi-leg entries such as an amount plus a fee', async () => {
    const a = await fundedWallet(20_000);
    const feesBefore = await ledger.getBalance('fees');
    const { entry } = await ledger.post({
      reference: ref('bill'),
      type: 'electricity',
      narration: 'Ikeja prepaid',
      postings: [
        { account: a.id, debitKobo: 10_100 },
        { account: 'bill_payables', creditKobo: 10_000 },
        { account: 'fees', creditKobo: 100 },
      ],
    });
    expect(entry.postings).toHaveLength(3);
    expect(await ledger.getBalance(a.id)).toBe(9_900);
    expect(await ledger.getBalance('fees')).toBe(feesBefore + 100);
  });

  it('refuses malformed entries before touching the database', async () => {
    const a = await fundedWallet(1_000);
    const base = { reference: ref('bad'), type: 'airtime', narration: 'x' } as const;
    await expect(
      ledger.transfer({ ...base, from: a.id, to: a.accountNumber ?? '', amountKobo: 5 }),
    ).rejects.toMatchObject({ code: 'INVALID_ENTRY' });
    await expect(
      ledger.transfer({ ...base, from: a.id, to: 'fees', amountKobo: 0.5 }),
    ).rejects.toMatchObject({ code: 'INVALID_AMOUNT', status: 422 });
    await expect(
      ledger.transfer({ ...base, from: a.id, to: '2222222222', amountKobo: 5 }),
    ).rejects.toMatchObject({ code: 'ACCOUNT_NOT_FOUND' });
    await expect(
      ledger.post({
        ...base,
        postings: [
          { account: a.id, debitKobo: 5 },
          { account: 'fees', creditKobo: 4 },
        ],
      }),
    ).rejects.toMatchObject({ code: 'INVALID_ENTRY' });
    expect(await ledger.getBalance(a.id)).toBe(1_000);
  });
});

describe('ledger inside a caller transaction', () => {
  it('refuses without aborting the transaction, so the caller can go on and commit', async () => {
    const [a, b] = [await fundedWallet(1_000), await fundedWallet(0)];
    await tdb.db.transaction().execute(async (trx) => {
      const inner = createLedger(trx);
      const call = { from: a.id, to: b.id, type: 'intra-outward', narration: 'x' } as const;
      await expect(
        inner.transfer({ ...call, amountKobo: 5_000, reference: ref('trx') }),
      ).rejects.toMatchObject({ code: 'INSUFFICIENT_FUNDS' });
      await inner.transfer({ ...call, amountKobo: 400, reference: ref('trx') });
    });
    expect(await balances(a, b)).toEqual([600, 400]);
  });
});
