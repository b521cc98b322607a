import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import pg from 'pg';
import { DEV_ENCRYPTION_SECRET } from '../config.js';
import { createLedger, nairaToKobo } from '../ledger/index.js';
import { issuedIds, requestCard } from '../modules/cards/cards-test-kit.js';
import type { Customer } from '../modules/funding/funding-test-kit.js';
import { httpTarget } from '../test-support/http-target.js';
import { seedFundedCustomer } from '../test-support/seeded-customer.js';
import { startMiddlewareProcess, type ServerProcess } from '../test-support/server-process.js';
import { createTestDatabase, type TestDatabase } from '../test-support/test-database.js';

/*
 * POST /cards (₦1,050 fee + ₦1,500 delivery) with the middleware process SIGKILLed between the
 * fee's ledger entry and the card rows, on PostgreSQL. The test holds an advisory lock that a
 * trigger of its own (on this throwaway database only) takes before any card row is written, so
 * the call is caught exactly there, its fee posted in its open transaction; the process is killed,
 * the lock let go. Required: the dead call's transaction is gone (no charge, no card); a restarted
 * instance, retried with the same Idempotency-Key as the web app does, charges once and issues
 * one pair of cards, and answers the same on every repeat.
 */
const LOCK = 72_510;
const SEED_NAIRA = 10_000;
const FEE_AND_DELIVERY_KOBO = 255_000;
let database: TestDatabase;
const dataDirs: string[] = [];
const servers: ServerProcess[] = [];
let ada: Customer;
let env: () => Record<string, string>;
let holder: pg.Client | undefined;

const until = async (what: string, done: () => Promise<boolean>, ms = 30_000) => {
  const deadline = Date.now() + ms;
  while (!(await done())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
};

const describeWithPostgres = process.env.TEST_DATABASE_URL ? describe : describe.skip;

describeWithPostgres('a card request cut by a SIGKILL between the fee and the cards', () => {
  beforeAll(async () => {
    database = await createTestDatabase();
    env = () => {
      const dataDir = mkdtempSync(path.join(tmpdir(), 'ajo-card-kill-'));
      dataDirs.push(dataDir);
      return {
        DATABASE_URL: database.url as string,
        DATA_DIR: dataDir,
        SCRYPT_COST: '1024',
        RATE_LIMIT_MAX: '100000',
      };
    };
    servers.push(await startMiddlewareProcess('card instance a', env()));
    ada = await seedFundedCustomer(database.db, { phone: '2348090000301', naira: SEED_NAIRA });
  }, 180_000);

  afterAll(async () => {
    await Promise.all(servers.map((s) => s.kill()));
    await holder?.end().catch(() => undefined);
    await database?.drop();
    for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
  });

  const balance = async () => (await createLedger(database.db).getAccount(ada.main)).balanceKobo;
  const cards = () =>
    database.db
      .selectFrom('cards')
      .select(['kind', 'request_reference'])
      .where('user_id', '=', ada.id)
      .execute();
  const fees = () =>
    database.db
      .selectFrom('ledger_entries as e')
      .innerJoin('ledger_postings as p', 'p.entry_id', 'e.id')
      .innerJoin('ledger_accounts as a', 'a.id', 'p.account_id')
      .select(['e.reference', 'p.amount_kobo'])
      .where('e.type', '=', 'card-issuance')
      .where('a.account_number', '=', ada.main)
      .execute();

  it('leaves no charge and no card, and the retry on a restarted instance charges once', async () => {
    // The test's own trigger: every card row waits for the lock the test holds.
    await sql`create function test_wait_before_cards() returns trigger language plpgsql as $$
      begin perform pg_advisory_xact_lock(${sql.lit(LOCK)}); return null; end $$`.execute(
      database.db,
    );
    await sql`create trigger test_wait_before_cards before insert on cards
      for each statement execute function test_wait_before_cards()`.execute(database.db);
    const lockHolder = new pg.Client({ connectionString: database.url });
    holder = lockHolder;
    lockHolder.on('error', () => undefined); // the database is dropped under it on a failed run
    await lockHolder.connect();
    await lockHolder.query('select pg_advisory_lock($1)', [LOCK]);

    const [a] = servers as [ServerProcess];
    const key = 'card-kill-0001';
    const cut = requestCard(httpTarget(a.url, DEV_ENCRYPTION_SECRET), ada, key).then(
      (res) => res,
      () => null,
    );
    // The call waits on the lock inside its transaction, the fee already posted there.
    const waiting = async () =>
      (
        await lockHolder.query<{ pid: number; query: string }>(
          `select pid, query from pg_stat_activity
            where datname = current_database() and wait_event_type = 'Lock' and wait_event = 'advisory'`,
        )
      ).rows;
    await until(
      'the card request waiting between the fee and the cards',
      async () => (await waiting()).length === 1,
    );
    const [blocked] = await waiting();
    expect(blocked?.query).toMatch(/insert into "cards"/i);
    // Its transaction has written the fee: it holds the write lock of a ledger entry's insert.
    const feeWritten = await lockHolder.query(
      `select 1 from pg_locks
        where pid = $1 and relation = 'ledger_entries'::regclass and mode = 'RowExclusiveLock'`,
      [blocked?.pid],
    );
    expect(feeWritten.rows).toHaveLength(1);

    await a.kill();
    expect(await cut).toBeNull(); // no answer reached the client
    await lockHolder.query('select pg_advisory_unlock($1)', [LOCK]);
    await until(
      'the dead call ended on the server',
      async () =>
        (await lockHolder.query('select 1 from pg_stat_activity where pid = $1', [blocked?.pid]))
          .rows.length === 0,
    );
    await lockHolder.end();
    holder = undefined;
    await sql`drop trigger test_wait_before_cards on cards`.execute(database.db);
    await sql`drop function test_wait_before_cards()`.execute(database.db);

    // Charged nothing, no card: the dead call's transaction rolled back as a whole.
    expect(await balance()).toBe(nairaToKobo(SEED_NAIRA));
    expect(await cards()).toEqual([]);
    expect(await fees()).toEqual([]);

    // Restarted: the web app retries with the same key until the dead call's claim is let go.
    const b = await startMiddlewareProcess('card instance b', env());
    servers.push(b);
    const B = httpTarget(b.url, DEV_ENCRYPTION_SECRET);
    let retry = await requestCard(B, ada, key);
    await until('the retry runs', async () => {
      if (retry.status !== 409) return true;
      expect(retry.body).toEqual({ message: 'This request is already being processed.' });
      retry = await requestCard(B, ada, key);
      return false;
    });
    expect(retry.status).toBe(201);
    const again = await Promise.all(Array.from({ length: 4 }, () => requestCard(B, ada, key)));
    expect(again).toEqual(again.map(() => retry));
    expect(await balance()).toBe(nairaToKobo(SEED_NAIRA) - FEE_AND_DELIVERY_KOBO);
    const { physical, virtual } = issuedIds(retry);
    expect([physical, virtual].every(Boolean)).toBe(true);
    expect((await cards()).map((c) => c.kind).sort()).toEqual(['physical', 'virtual']);
    expect((await fees()).map((f) => Number(f.amount_kobo))).toEqual([-FEE_AND_DELIVERY_KOBO]);
  }, 180_000);
});
