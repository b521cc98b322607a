import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { DEV_ENCRYPTION_SECRET, loadConfig } from '../config.js';
import { openDatabase, type AppDatabase } from '../db/index.js';
import { createLedger, nairaToKobo } from '../ledger/index.js';
import {
  TEST_PIN,
  inboundTransfer,
  seedCustomer,
  type Customer,
} from '../modules/funding/funding-test-kit.js';
import { walletTransfer } from '../modules/transfers/transfers-test-kit.js';
import { createSecretHasher } from '../security/secrets.js';
import { createTokenService } from '../security/tokens.js';
import { httpTarget } from '../test-support/http-target.js';
import { startMiddlewareProcess, type ServerProcess } from '../test-support/server-process.js';
import { findPackageRoot } from '../package-root.js';
import { createTestDatabase, type TestDatabase } from '../test-support/test-database.js';

/*
 * The middleware is killed (SIGKILL: no shutdown, requests cut mid-transaction) while concurrent
 * credits and transfers, each sent twice with the same reference or key, are in flight, and
 * restarted, several times; the clients then retry everything, as they do after a lost answer.
 * Afterwards SQL proves the ledger: every entry balances, no customer balance is negative, cached
 * balances equal their postings, and every credit and transfer is in the ledger exactly once.
 * PGlite (a folder) in the PGlite pass, PostgreSQL in the other. Bounded for `npm test`; the
 * kills are triggered by answers arriving, not by timers.
 */

// Bounded in `npm test`; `npm run bench:crash` runs it at full size (CRASH_ROUNDS, CRASH_PER_ROUND).
const ROUNDS = Number(process.env.CRASH_ROUNDS ?? 3);
const PER_ROUND = Number(process.env.CRASH_PER_ROUND ?? 8);
const SEED_NAIRA = 100_000;
const usePostgres = Boolean(process.env.TEST_DATABASE_URL);

let database: TestDatabase | undefined;
let dataDir: string;
let env: Record<string, string>;
let server: ServerProcess;
let ada: Customer;
let bola: Customer;

const credit = (i: number) => ({ reference: `crash-credit-${i}`, amount: 100 + i });
const transferKey = (i: number) => `crash-transfer-${i}`;

/** The middleware's own database, opened by the test while no server holds it. */
async function openOwnDatabase(): Promise<AppDatabase> {
  return database
    ? openDatabase({ url: database.url })
    : openDatabase({ dataDir: path.join(dataDir, 'pglite') });
}

/** Two activated customers (wallets, transaction PIN, a live session), Ada funded. */
async function seed(db: AppDatabase['db']): Promise<[Customer, Customer]> {
  const config = loadConfig(env);
  const secrets = createSecretHasher({
    pepper: config.secrets.pepper,
    cost: config.secrets.scryptCost,
  });
  const tokens = createTokenService({ db, secret: config.jwt.secret, ttlSeconds: 3600 });
  const ledger = createLedger(db);
  await ledger.ensureSystemAccounts();
  const pinHash = await secrets.hashSecret(TEST_PIN);
  const make = (phone: string) =>
    seedCustomer({ db, ledger, tokens }, { phone, pinHash: async () => pinHash });
  const customers: [Customer, Customer] = [
    await make('2348090000001'),
    await make('2348090000002'),
  ];
  await ledger.transfer({
    from: 'bank_settlement',
    to: customers[0].main,
    amountKobo: nairaToKobo(SEED_NAIRA),
    reference: 'crash-seed',
    type: 'funding',
    narration: 'Seed',
  });
  return customers;
}

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'ajo-crash-'));
  if (usePostgres) database = await createTestDatabase({ migrate: false });
  env = {
    DATA_DIR: dataDir,
    SCRYPT_COST: '1024',
    RATE_LIMIT_MAX: '100000',
    JOB_POLL_INTERVAL: '1',
    ...(database?.url ? { DATABASE_URL: database.url } : {}),
  };
  // The first start migrates; then the test seeds the customers while no server holds the folder.
  server = await startMiddlewareProcess('crash', env);
  await server.stop();
  const own = await openOwnDatabase();
  try {
    [ada, bola] = await seed(own.db);
  } finally {
    await own.close();
  }
  server = await startMiddlewareProcess('crash', env);
}, 240_000);

afterAll(async () => {
  await server?.kill();
  await database?.drop();
  rmSync(dataDir, { recursive: true, force: true });
});

/** Calls whose answer never came because the server died under them. */
let cut = 0;
/**
 * Ledger references of the calls the server acknowledged (a success answer) under fire. Each must
 * be in the ledger before anything is retried: a retry would otherwise hide an acknowledged call
 * that a kill lost.
 */
const acknowledged = new Set<string>();

/**
 * Sends every call of a round twice at once; kills the server as soon as `killAfter` calls of the
 * round were acknowledged, so that acknowledged calls and calls cut in flight are both there.
 */
async function roundUnderFire(round: number, killAfter: number) {
  const target = httpTarget(server.url, DEV_ENCRYPTION_SECRET);
  let acknowledgedNow = 0;
  let killing: Promise<void> | undefined;
  /** `call` answers the ledger reference of an acknowledged call, null for a refusal. */
  const settle = (call: Promise<string | null>) =>
    call
      .then(
        (reference) => {
          if (reference === null) return;
          acknowledged.add(reference);
          acknowledgedNow += 1;
        },
        () => {
          cut += 1;
        },
      )
      .finally(() => {
        if (!killing && acknowledgedNow >= killAfter) killing = server.kill();
      });
  const calls: Promise<void>[] = [];
  for (let n = 0; n < PER_ROUND; n++) {
    const i = round * PER_ROUND + n;
    for (let copy = 0; copy < 2; copy++) {
      const credited = inboundTransfer(target, { account_number: ada.main, ...credit(i) });
      calls.push(
        settle(
          credited.then((res) =>
            res.statusCode === 200 || res.statusCode === 201
              ? (res.json() as { reference: string }).reference
              : null,
          ),
        ),
      );
      const sent = walletTransfer(target, ada, bola.main, { transfer_amount: 10 }, transferKey(i));
      calls.push(
        settle(
          sent.then((res) =>
            res.status === 200 ? (res.body.transfer as { tx_ref: string }).tx_ref : null,
          ),
        ),
      );
    }
  }
  await Promise.all(calls);
  await (killing ?? server.kill());
  server = await startMiddlewareProcess('crash', env);
}

it(`keeps the ledger whole through ${ROUNDS} kills under concurrent credits and transfers`, async () => {
  const started = Date.now();
  // Killed after 1 acknowledged call in the first round, after more in the others (up to
  // PER_ROUND): some rounds are cut early, some late.
  for (let round = 0; round < ROUNDS; round++)
    await roundUnderFire(round, 1 + ((round * 7) % PER_ROUND));
  // The kills did cut calls in flight (else this test would prove nothing about crashes).
  expect(cut).toBeGreaterThan(0);

  // A call cut by a kill keeps its claim for the claim lease (60 s, src/money/client-references.ts),
  // and its transaction-PIN slot for 2 minutes (src/money/transaction-pin-guard.ts):
  // a retry before then is told 'already being processed'. No sleeping: the leases are run out in
  // the database, as 60 s passing would (the server is stopped meanwhile).
  await server.stop();
  const held = await openOwnDatabase();
  try {
    // Every call acknowledged under fire is in the ledger, once, before any retry.
    expect(acknowledged.size).toBeGreaterThan(0);
    const kept = await sql<{ reference: string; n: number }>`
      select reference, count(*)::int as n from ledger_entries
      where reference in (${sql.join([...acknowledged])}) group by reference`.execute(held.db);
    expect(kept.rows.filter((r) => Number(r.n) === 1)).toHaveLength(acknowledged.size);
    await sql`update client_references set lease_until = now() - interval '1 second'
      where state = 'processing'`.execute(held.db);
    // Transaction-PIN slots cut mid-comparison are given back once UNSETTLED_SLOT_SECONDS pass.
    await sql`update transaction_pin_attempts set counted_at = now() - interval '1 hour'
      where in_flight > 0`.execute(held.db);
  } finally {
    await held.close();
  }
  server = await startMiddlewareProcess('crash', env);

  // The clients retry everything they sent: what was done answers as done, the rest is done now.
  const target = httpTarget(server.url, DEV_ENCRYPTION_SECRET);
  const total = ROUNDS * PER_ROUND;
  for (let i = 0; i < total; i++) {
    const credited = await inboundTransfer(target, { account_number: ada.main, ...credit(i) });
    expect([200, 201]).toContain(credited.statusCode);
    const sent = await walletTransfer(
      target,
      ada,
      bola.main,
      { transfer_amount: 10 },
      transferKey(i),
    );
    expect([i, sent.status]).toEqual([i, 200]);
  }
  await server.stop();

  const own = await openOwnDatabase();
  try {
    const db = own.db;
    const unbalanced = await sql`
      select entry_id from ledger_postings group by entry_id having sum(amount_kobo) <> 0`.execute(
      db,
    );
    expect(unbalanced.rows).toEqual([]);
    const negative = await sql`
      select id from ledger_accounts
      where type in ('customer_wallet', 'commission_wallet') and balance_kobo < 0`.execute(db);
    expect(negative.rows).toEqual([]);
    const ledger = createLedger(db);
    expect(await ledger.reconcile()).toEqual({
      mismatches: [],
      totalPostedKobo: 0,
      totalBalanceKobo: 0,
      holdMismatches: [],
    });

    // Every credit exactly once, by its bank reference.
    const credits = await sql<{ reference: string; n: number }>`
      select reference, count(*)::int as n from ledger_entries
      where reference like 'crash-credit-%' group by reference`.execute(db);
    expect(credits.rows).toHaveLength(total);
    expect(credits.rows.every((r) => Number(r.n) === 1)).toBe(true);

    // Every transfer exactly once: Bola received ₦10 per key, Ada paid it, nothing more.
    const creditedKobo = Array.from({ length: total }, (_, i) =>
      nairaToKobo(credit(i).amount),
    ).reduce((a, b) => a + b, 0);
    const transferredKobo = total * nairaToKobo(10);
    expect((await ledger.getAccount(bola.main)).balanceKobo).toBe(transferredKobo);
    expect((await ledger.getAccount(ada.main)).balanceKobo).toBe(
      nairaToKobo(SEED_NAIRA) + creditedKobo - transferredKobo,
    );
  } finally {
    await own.close();
  }
  // A clean start after it all, as an operator would do.
  server = await startMiddlewareProcess('crash', env);
  if (process.env.CRASH_REPORT === '1') writeReport((Date.now() - started) / 1000);
}, 1_800_000);

/** `npm run bench:crash`: what the run did, in docs/benchmarks/crash-<database>.md. */
function writeReport(seconds: number) {
  const kind = usePostgres ? 'postgresql' : 'pglite';
  const dir = path.join(findPackageRoot(), '..', 'docs', 'benchmarks');
  mkdirSync(dir, { recursive: true });
  const total = ROUNDS * PER_ROUND;
  const lines = [
    `# Crash test at full size (${usePostgres ? 'PostgreSQL' : 'PGlite'})`,
    '',
    `Generated by \`npm run bench:crash\` (middleware/src/multi-instance/crash-restart.test.ts) on ${new Date().toISOString()}.`,
    'Re-running the command rewrites this file; with TEST_DATABASE_URL it runs on PostgreSQL.',
    '',
    `- Machine: ${os.cpus().length} CPUs, Node ${process.version}, load average at the end ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(' / ')}.`,
    `- ${ROUNDS} rounds, each: ${PER_ROUND} credits and ${PER_ROUND} wallet transfers, every call sent twice at once (same reference or Idempotency-Key), the middleware killed with SIGKILL once 1 to ${PER_ROUND} calls of the round were acknowledged (varying by round), then restarted.`,
    `- Calls sent under fire: ${ROUNDS * PER_ROUND * 4}; acknowledged (distinct ledger references): ${acknowledged.size}; cut by a kill (no answer): ${cut}.`,
    `- Afterwards every one of the ${total} credits and ${total} transfers was retried once, as a client does after a lost answer.`,
    '- Checked in SQL, all held: every acknowledged call was in the ledger exactly once before any retry; every entry balances; no wallet balance is negative; cached balances equal their postings; every credit and every transfer is in the ledger exactly once; the balances are the seed plus the credits minus the transfers.',
    `- Wall time of the rounds, the retries and the checks: ${seconds.toFixed(1)} s (server restarts included; a loaded machine makes this longer).`,
    '',
  ];
  writeFileSync(path.join(dir, `crash-${kind}.md`), lines.join('\n'));
}
