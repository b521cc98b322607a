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

describe('ledger reversals and history', () => {
  it('reverses an entry once, as a new entry, even into a blocked wallet', async () => {
    const [a, b] = [await fundedWallet(3_000), await fundedWallet(0)];
    const original = await ledger.transfer({
      from: a.id,
      to: 'bank_settlement',
      amountKobo: 2_000,
      reference: ref('nip'),
      type: 'inter-outward',
      narration: 'To GTBank',
    });
    await ledger.setStatus(a.id, 'blocked');
    const refundRef = ref('rev');
    const reversal = await ledger.reverse(
      original.entry.reference,
      refundRef,
      'Reversal: bank unavailable',
    );
    expect(reversal.entry).toMatchObject({ type: 'reversal', reversesEntryId: original.entry.id });
    expect(reversal.entry.id).not.toBe(original.entry.id);
    expect(await ledger.getBalance(a.id)).toBe(3_000);
    await expect(
      ledger.reverse(original.entry.reference, refundRef, 'again'),
    ).resolves.toMatchObject({ replayed: true });
    await expect(
      ledger.reverse(original.entry.reference, ref('rev2'), 'twice'),
    ).rejects.toMatchObject({ code: 'ALREADY_REVERSED' });
    await expect(ledger.reverse(refundRef, ref('rev3'), 'x')).rejects.toMatchObject({
      code: 'NOT_REVERSIBLE',
    });
    await expect(ledger.reverse('no-such-ref', ref('rev4'), 'x')).rejects.toMatchObject({
      code: 'ENTRY_NOT_FOUND',
      status: 404,
    });
    expect(await ledger.getBalance(a.id)).toBe(3_000);
    expect(await ledger.getBalance(b.id)).toBe(0);
  });

  it('links a reversal to what it reverses, and refuses a reversal posted as an ordinary entry', async () => {
    const a = await fundedWallet(3_000);
    const original = await ledger.transfer({
      from: a.id,
      to: 'bill_payables',
      amountKobo: 700,
      reference: ref('data'),
      type: 'data',
      narration: 'Glo 1GB',
    });
    const reversal = await ledger.reverse(original.entry.reference, ref('rev'), 'Vend failed');
    expect(reversal.entry.metadata).toEqual({ reversedReference: original.entry.reference });
    // A 'reversal' without the link would give money back with nothing to stop it twice.
    await expect(
      ledger.post({
        reference: ref('fake-rev'),
        type: 'reversal',
        narration: 'x',
        postings: [
          { account: 'bill_payables', debitKobo: 700 },
          { account: a.id, creditKobo: 700 },
        ],
      }),
    ).rejects.toMatchObject({
      code: 'INVALID_ENTRY',
      message: 'Use reverse() to reverse an entry.',
    });
    expect(await ledger.getBalance(a.id)).toBe(3_000);
  });

  it('refuses a reversal reference already used to reverse another entry, even one just like it', async () => {
    const a = await fundedWallet(3_000);
    const pay = (label: string) =>
      ledger.transfer({
        from: a.id,
        to: 'bill_payables',
        amountKobo: 400,
        reference: ref(label),
        type: 'airtime',
        narration: 'MTN',
      });
    const [first, second] = [await pay('air'), await pay('air')];
    const refundRef = ref('rev');
    await ledger.reverse(first.entry.reference, refundRef, 'Vend failed');
    // Same legs, same amounts, another entry: replaying the first refund would leave it unreversed.
    await expect(
      ledger.reverse(second.entry.reference, refundRef, 'Vend failed'),
    ).rejects.toMatchObject({ code: 'REFERENCE_CONFLICT' });
    expect(await ledger.getBalance(a.id)).toBe(2_600);
    await expect(
      ledger.reverse(second.entry.reference, ref('rev'), 'Vend failed'),
    ).resolves.toMatchObject({ replayed: false });
    expect(await ledger.getBalance(a.id)).toBe(3_000);
  });

  it('reverses only once when two different reversals race', async () => {
    const a = await fundedWallet(3_000);
    const original = await ledger.transfer({
      from: a.id,
      to: 'bill_payables',
      amountKobo: 500,
      reference: ref('air'),
      type: 'airtime',
      narration: 'MTN',
    });
    const results = await Promise.allSettled(
      [1, 2, 3].map((i) => ledger.reverse(original.entry.reference, ref(`r${i}`), 'failed')),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    expect(
      results
        .filter((r) => r.status === 'rejected')
        .map((r) => (r as PromiseRejectedResult).reason.code),
    ).toEqual(['ALREADY_REVERSED', 'ALREADY_REVERSED']);
    expect(await ledger.getBalance(a.id)).toBe(3_000);
  });

  it('lists an account history newest first with amounts and directions for that account', async () => {
    const [a, b] = [await fundedWallet(5_000), await fundedWallet(0)];
    await ledger.transfer({
      from: a.id,
      to: b.id,
      amountKobo: 1_200,
      reference: ref('h1'),
      type: 'intra-outward',
      narration: 'Gift',
    });
    await ledger.transfer({
      from: b.id,
      to: a.id,
      amountKobo: 200,
      reference: ref('h2'),
      type: 'intra-outward',
      narration: 'Change',
    });
    const history = await ledger.listEntries(b.accountNumber ?? '');
    expect(history.map((h) => [h.transactionType, h.amountKobo, h.narration])).toEqual([
      ['intra-outward', -200, 'Change'],
      ['intra-inward', 1_200, 'Gift'],
    ]);
    expect(history[0]?.createdAt).toBeInstanceOf(Date);
    const ofA = await ledger.listEntries(a.id, { limit: 2 });
    expect(ofA.map((h) => h.transactionType)).toEqual(['intra-inward', 'intra-outward']);
    expect((await ledger.listEntries(a.id, { limit: 10 })).at(-1)).toMatchObject({
      transactionType: 'funding',
      amountKobo: 5_000,
    });
  });

  it('keeps every cached balance equal to the sum of its postings', async () => {
    const result = await ledger.reconcile();
    expect(result.mismatches).toEqual([]);
    expect(result.totalPostedKobo).toBe(0);
    expect(result.totalBalanceKobo).toBe(0);
  });
});
