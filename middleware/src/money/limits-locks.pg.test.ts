import { sql, type Transaction } from 'kysely';
import type { Database } from '../db/schema.js';
import { createLedger } from '../ledger/index.js';
import { fundedCustomer } from '../modules/funding/funding-test-kit.js';
import { createTestApp, type TestApp } from '../test-support/test-app.js';
import { lockCustomers } from './limits.js';

// lockCustomers is what keeps a limit check true until its entry is written, and what keeps two
// crossing transfers (Ada to Bola while Bola pays Ada) from deadlocking. Row locks need separate
// connections, so this runs on PostgreSQL only (PGlite runs one transaction at a time).

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const db = () => t.database.db;

/** Whether another connection could lock the customer's row right now (NOWAIT: never waits). */
async function lockableNow(userId: string): Promise<boolean> {
  try {
    await db()
      .transaction()
      .execute((trx) =>
        trx
          .selectFrom('users')
          .select('id')
          .where('id', '=', userId)
          .forUpdate()
          .noWait()
          .execute(),
      );
    return true;
  } catch (error) {
    if ((error as { code?: string }).code === '55P03') return false; // lock_not_available
    throw error;
  }
}

/**
 * Resolves once some transaction waits for a row lock (polls the server's lock table), or once
 * `settled` says there is nothing left to wait for.
 */
async function someoneWaits(settled: () => boolean): Promise<void> {
  while (!settled()) {
    const { rows } = await sql<{ waiting: string }>`
      select count(*) as waiting from pg_locks where not granted and locktype = 'transactionid'`.execute(
      db(),
    );
    if (Number(rows[0]?.waiting) > 0) return;
  }
}

/** Runs `body` in a transaction that stays open until the returned `end()` is called. */
function openTransaction(body: (trx: Transaction<Database>) => Promise<unknown>) {
  let end!: () => void;
  const ended = new Promise<void>((resolve) => (end = resolve));
  let started!: () => void;
  const ready = new Promise<void>((resolve) => (started = resolve));
  const done = db()
    .transaction()
    .execute(async (trx) => {
      await body(trx);
      started();
      await ended;
    });
  return { ready, end, done };
}

describe('lockCustomers (PostgreSQL)', () => {
  it('holds every customer it locked until the transaction ends', async () => {
    const ada = await fundedCustomer(t, 0);
    const bola = await fundedCustomer(t, 0);
    const tx = openTransaction((trx) => lockCustomers(trx, [ada.id, bola.id, ada.id]));
    try {
      await tx.ready;
      expect(await lockableNow(ada.id)).toBe(false);
      expect(await lockableNow(bola.id)).toBe(false);
    } finally {
      tx.end();
      await tx.done;
    }
    expect(await lockableNow(ada.id)).toBe(true);
    expect(await lockableNow(bola.id)).toBe(true);
  });

  it('locks in one order whatever order it is given, so crossing transfers cannot deadlock', async () => {
    const one = await fundedCustomer(t, 0);
    const two = await fundedCustomer(t, 0);
    const [first, second] = [one.id, two.id].sort();
    // Someone holds the second customer; a transfer naming them second-first must still take the
    // first customer before it waits, as the opposite transfer would.
    const holder = openTransaction((trx) => lockCustomers(trx, [second!]));
    await holder.ready;
    let crossed = false;
    const crossing = db()
      .transaction()
      .execute((trx) => lockCustomers(trx, [second!, first!]))
      .finally(() => (crossed = true));
    let firstTaken: boolean;
    try {
      await someoneWaits(() => crossed);
      firstTaken = !(await lockableNow(first!));
    } finally {
      holder.end();
      await Promise.all([holder.done, crossing]);
    }
    expect(firstTaken).toBe(true);
    expect(await lockableNow(first!)).toBe(true);
  });

  it('does not wait for, nor hold up, a foreign key check on the customer or the wallet', async () => {
    const ada = await fundedCustomer(t, 500);
    const bola = await fundedCustomer(t, 0);
    // What writing an alert (or a claim) for them takes while its transaction stays open: FOR KEY
    // SHARE on the customers and their wallets. The alerts derivation takes it in posting order.
    const keyShare = openTransaction(async (trx) => {
      await sql`select id from users where id in (${ada.id}, ${bola.id}) for key share`.execute(
        trx,
      );
      await sql`select id from ledger_accounts where account_number in (${ada.main}, ${bola.main})
        for key share`.execute(trx);
    });
    await keyShare.ready;
    try {
      // Fails with lock_not_available (55P03) rather than hang should the money path wait.
      await db()
        .transaction()
        .execute(async (trx) => {
          await sql`set local lock_timeout = '2s'`.execute(trx);
          await lockCustomers(trx, [ada.id, bola.id]);
          await createLedger(trx).transfer({
            from: ada.main,
            to: bola.main,
            amountKobo: 10_000,
            reference: `key-share-${ada.id}`,
            type: 'intra-outward',
            narration: 'While an alert is written',
          });
        });
    } finally {
      keyShare.end();
      await keyShare.done;
    }
    // Money calls still wait for each other.
    const held = openTransaction((trx) => lockCustomers(trx, [ada.id]));
    await held.ready;
    try {
      expect(await lockableNow(ada.id)).toBe(false);
    } finally {
      held.end();
      await held.done;
    }
  });
});
