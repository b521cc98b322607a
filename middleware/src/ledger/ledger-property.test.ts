import fc from 'fast-check';
import { sql } from 'kysely';
import { createTestDatabase, type TestDatabase } from '../test-support/test-database.js';
import { createLedger, isLedgerError, type EntryResult, type Ledger } from './index.js';

/*
 * The ledger's property: random transfers between random wallets, fired concurrently (real
 * parallel connections on PostgreSQL, interleaved transactions on PGlite), with repeated
 * references, keep the total constant, never leave a wallet negative and apply each reference once.
 */
const WALLETS = 6; // few wallets, so concurrent transfers contend for the same rows
let tdb: TestDatabase;
let ledger: Ledger;
const wallets: string[] = [];
let run = 0;
/** Replays seen over all runs: the property must have exercised them to mean anything. */
let replays = 0;

beforeAll(async () => {
  tdb = await createTestDatabase();
  ledger = createLedger(tdb.db);
  await ledger.ensureSystemAccounts();
  for (let i = 0; i < WALLETS; i++) {
    const wallet = await ledger.openAccount({ type: 'customer_wallet', name: `P${i}` });
    wallets.push(wallet.id);
    await ledger.transfer({
      from: 'bank_settlement',
      to: wallet.id,
      amountKobo: 20_000,
      reference: `seed-${i}`,
      type: 'funding',
      narration: 'seed',
    });
  }
});
afterAll(() => tdb.drop());

const transferArb = fc
  .record({
    from: fc.integer({ min: 0, max: WALLETS - 1 }),
    shift: fc.integer({ min: 1, max: WALLETS - 1 }),
    amountKobo: fc.integer({ min: 1, max: 15_000 }),
    // A small pool of reference numbers: collisions give both exact retries and conflicts.
    refNo: fc.integer({ min: 0, max: 40 }),
  })
  .map(({ from, shift, amountKobo, refNo }) => ({
    from,
    to: (from + shift) % WALLETS,
    amountKobo,
    refNo,
  }));

const batchArb = fc
  .array(transferArb, { minLength: 10, maxLength: 30 })
  // Duplicate some transfers exactly, as a client retrying after a timeout would.
  .chain((ops) => fc.tuple(fc.constant(ops), fc.subarray(ops, { maxLength: 8 })))
  .map(([ops, retries]) => [...ops, ...retries]);

async function walletBalances(): Promise<number[]> {
  return Promise.all(wallets.map((id) => ledger.getBalance(id)));
}

describe('ledger under concurrent random transfers', () => {
  it('keeps the total, never goes negative and applies each reference once', async () => {
    await fc.assert(
      fc.asyncProperty(batchArb, async (ops) => {
        const prefix = `run${++run}`;
        const before = await walletBalances();
        const results = await Promise.allSettled(
          ops.map((op) =>
            ledger.transfer({
              from: wallets[op.from] ?? '',
              to: wallets[op.to] ?? '',
              amountKobo: op.amountKobo,
              reference: `${prefix}-${op.refNo}`,
              type: 'intra-outward',
              narration: 'property',
            }),
          ),
        );
        // Only the ledger's own refusals are acceptable outcomes (no deadlock, no 23505 leaking).
        for (const r of results) {
          if (r.status === 'rejected') {
            expect(isLedgerError(r.reason)).toBe(true);
            expect(['INSUFFICIENT_FUNDS', 'REFERENCE_CONFLICT']).toContain(r.reason.code);
          }
        }
        const done = results.flatMap((r) => (r.status === 'fulfilled' ? [r.value] : []));
        const applied = done.filter((r) => !r.replayed);
        const byReference = new Map<string, EntryResult>();
        for (const r of applied) {
          expect(byReference.has(r.entry.reference)).toBe(false); // applied at most once
          byReference.set(r.entry.reference, r);
        }
        // References are fresh for each run, so a replay answers a call applied in this very batch:
        // it must hand back that entry, not another one.
        for (const r of done.filter((d) => d.replayed)) {
          replays += 1;
          const first = byReference.get(r.entry.reference);
          expect(first).toBeDefined();
          expect(r.entry.id).toBe(first?.entry.id);
          expect(r.entry.postings).toEqual(first?.entry.postings);
        }

        const after = await walletBalances();
        expect(after.every((b) => b >= 0)).toBe(true);
        expect(after.reduce((a, b) => a + b, 0)).toBe(before.reduce((a, b) => a + b, 0));
        // The balances are exactly the starting ones plus the applied entries' postings.
        const expected = [...before];
        for (const r of applied) {
          for (const p of r.entry.postings) {
            const i = wallets.indexOf(p.accountId);
            expected[i] = (expected[i] ?? 0) + p.amountKobo;
          }
        }
        expect(after).toEqual(expected);
        const { rows } = await sql<{ n: number }>`
          select count(*)::int as n from ledger_entries where reference like ${`${prefix}-%`}`.execute(
          tdb.db,
        );
        expect(rows[0]?.n).toBe(byReference.size);
      }),
      { numRuns: 25 },
    );
    expect(replays).toBeGreaterThan(0);
    const reconciliation = await ledger.reconcile();
    expect(reconciliation.mismatches).toEqual([]);
    expect(reconciliation.totalBalanceKobo).toBe(0);
  }, 60_000);
});
