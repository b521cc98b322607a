import { spawn, type ChildProcess } from 'node:child_process';

import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql, type Kysely } from 'kysely';
import pg from 'pg';
import { DEV_ENCRYPTION_SECRET, loadConfig } from '../config.js';
import { migrateToLatest, type Database } from '../db/index.js';
import { SERVICE_UNAVAILABLE_MESSAGE } from '../errors.js';
import { createLedger, nairaToKobo } from '../ledger/index.js';
import {
  TEST_PIN,
  inboundTransfer,
  seedCustomer,
  type Customer,
} from '../modules/funding/funding-test-kit.js';
import { buyCableTv, SMARTCARDS } from '../modules/payments/payments-test-kit.js';
import { walletTransfer } from '../modules/transfers/transfers-test-kit.js';
import { findPackageRoot } from '../package-root.js';
import { createSecretHasher } from '../security/secrets.js';
import { createTokenService } from '../security/tokens.js';
import { httpTarget, type ApiTarget } from '../test-support/http-target.js';
import {
  havePostgres,
  loadClusterScript,
  withDatabase as withClusterDatabase,
  type Cluster,
  type ClusterScript,
} from '../test-support/pg-cluster.js';
import { seedFundedCustomer } from '../test-support/seeded-customer.js';
import { startMiddlewareProcess, type ServerProcess } from '../test-support/server-process.js';

/*
 * PostgreSQL restarted in place under money calls (README "Running several instances"): two
 * middleware processes on a cluster of the test's own, whose DATABASE_URL lists a dead host first
 * (several hosts, the writable one found); wallet transfers (each sent twice at once, one copy to
 * each instance, same Idempotency-Key), cable TV renewals (a bill paid from the wallet and vended
 * at the aggregator) and bank credits run without pause while the server is
 * stopped with `pg_ctl stop -m immediate` (connections cut mid-transaction, as a crash) and
 * started again, then made read-only. Checked: no middleware exits; /api/ready is 503 while the
 * database is down and while it is read-only, /api/health stays 200; a call that loses the
 * database is 503 {message} with Retry-After; money calls succeed again within 10 s of the
 * restart; every acknowledged call is in the ledger once; after the clients retry everything with
 * the same keys, every transfer, renewal and credit is there exactly once and the ledger balances.
 */

const SENDERS = 4;
const SEED_NAIRA = 10_000;
const TRANSFER_NAIRA = 10;
/** A GOtv Smallie renewal (SPEC §5 cable TV), small enough for hundreds in a test. */
const CABLE_TV = {
  provider: 'gotv',
  smartcard_number: SMARTCARDS.gotvDelivered,
  bouquet_code: 'gotv-smallie',
  amount: 1900,
};
const VIEWER_NAIRA = 2_000_000;

let script: ClusterScript;
let cluster: Cluster;
let dataDir: string;
let servers: ServerProcess[] = [];
let senders: Customer[] = [];
let receiver: Customer;
let viewer: Customer;
let env: Record<string, string>;
let lateChild: ChildProcess | undefined;

/** A middleware process whose output is watched from the start (it is not listening yet). */
function startWatched(processEnv: Record<string, string>) {
  const inherited = { ...process.env };
  delete inherited.TEST_DATABASE_URL;
  delete inherited.NODE_OPTIONS;
  const child = spawn(process.execPath, ['--import', 'tsx', path.join('src', 'main.ts')], {
    cwd: findPackageRoot(),
    env: { ...inherited, HOST: '127.0.0.1', PORT: '0', LOG_LEVEL: 'info', ...processEnv },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const onData = (chunk: Buffer) => (output += chunk.toString());
  child.stdout?.on('data', onData);
  child.stderr?.on('data', onData);
  return {
    child,
    output: () => output,
    url: () => /Server listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(output)?.[1],
  };
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address();
      srv.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

const withDatabase = <T>(run: (db: Kysely<Database>) => Promise<T>) =>
  withClusterDatabase(cluster.url, run);

async function seed(db: Kysely<Database>): Promise<Customer[]> {
  const config = loadConfig({ SCRYPT_COST: '1024' });
  const secrets = createSecretHasher({ pepper: config.secrets.pepper, cost: 1024 });
  const tokens = createTokenService({ db, secret: config.jwt.secret, ttlSeconds: 3600 });
  const ledger = createLedger(db);
  await ledger.ensureSystemAccounts();
  const pinHash = await secrets.hashSecret(TEST_PIN);
  const customers: Customer[] = [];
  for (let i = 0; i <= SENDERS; i++) {
    customers.push(
      await seedCustomer(
        { db, ledger, tokens },
        {
          phone: `23480900100${String(i).padStart(2, '0')}`,
          lastName: `Customer${i}`,
          pinHash: async () => pinHash,
        },
      ),
    );
  }
  for (const [i, customer] of customers.slice(1).entries()) {
    await ledger.transfer({
      from: 'bank_settlement',
      to: customer.main,
      amountKobo: nairaToKobo(SEED_NAIRA),
      reference: `restart-seed-${i}`,
      type: 'funding',
      narration: 'Seed',
    });
  }
  // The cable TV customer: tier 3, so the day's renewals never reach a daily limit.
  const cableCustomer = await seedFundedCustomer(db, {
    phone: '2348090010099',
    naira: VIEWER_NAIRA,
    kycTier: 3,
  });
  return [...customers, cableCustomer];
}

const describeWithPostgres = havePostgres ? describe : describe.skip;
if (!havePostgres) console.warn('database-restart.pg.test.ts skipped: no PostgreSQL binaries');

describeWithPostgres('PostgreSQL restarted in place under money calls', () => {
  beforeAll(async () => {
    script = await loadClusterScript();
    cluster = await script.startThrowawayCluster('ajo-restart-', { durable: true });
    dataDir = mkdtempSync(path.join(tmpdir(), 'ajo-restart-mw-'));
    await withDatabase(async (db) => {
      await migrateToLatest(db);
      const seeded = await seed(db);
      viewer = seeded.pop() as Customer;
      [receiver, ...senders] = seeded as [Customer, ...Customer[]];
    });
    // The first host has nothing listening: every new connection proves the host list is walked.
    const deadPort = await freePort();
    const url = cluster.url.replace(
      `127.0.0.1:${cluster.port}`,
      `127.0.0.1:${deadPort},127.0.0.1:${cluster.port}`,
    );
    env = {
      DATA_DIR: dataDir,
      DATABASE_URL: `${url}?target_session_attrs=read-write`,
      DATABASE_CONNECT_TIMEOUT: '2',
      SCRYPT_COST: '1024',
      RATE_LIMIT_MAX: '100000',
      JOB_POLL_INTERVAL: '1',
    };
    servers = await Promise.all([
      startMiddlewareProcess('restart-a', env),
      startMiddlewareProcess('restart-b', env),
    ]);
  }, 180_000);

  afterAll(async () => {
    await Promise.all(servers.map((s) => s.kill()));
    if (lateChild && lateChild.exitCode === null) {
      const exited = new Promise((resolve) => lateChild?.once('exit', resolve));
      lateChild.kill('SIGKILL');
      await exited;
    }
    try {
      cluster?.stop();
    } catch {
      // Already stopped (a failed run between the stop and the start); the folder is removed.
    }
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  it('keeps every instance up, answers 503 while down, recovers within 10 s, loses and doubles nothing', async () => {
    const targets: ApiTarget[] = servers.map((s) => httpTarget(s.url, DEV_ENCRYPTION_SECRET));
    const exits: string[] = [];
    for (const s of servers)
      s.child.once('exit', (code, signal) => exits.push(`${code}/${signal}`));

    /** Ledger references of acknowledged calls, and every key or reference sent. */
    const acknowledged = new Set<string>();
    const transferKeys: string[][] = senders.map(() => []);
    const credits: { reference: string; amount: number }[] = [];
    const unavailable: { status: number; message: unknown }[] = [];
    const otherAnswers: string[] = [];
    const lastAck = { at: 0 };
    let running = true;

    const noteAck = (reference: string) => {
      acknowledged.add(reference);
      lastAck.at = Date.now();
    };
    const noteRefusal = (status: number, body: unknown, what: string) => {
      if (status === 503)
        unavailable.push({ status, message: (body as { message?: unknown }).message });
      // 409: the twin copy still runs; anything else is a fault.
      else if (status !== 409) otherAnswers.push(`${what} ${status} ${JSON.stringify(body)}`);
    };
    // A client that was told 503 pauses before its next call (briefly: the test's clock is real).
    const pace = (statuses: number[]) =>
      statuses.includes(503)
        ? new Promise((resolve) => setTimeout(resolve, 500))
        : Promise.resolve();
    const ackedKeys = new Set<string>();

    const transferWorker = async (s: number) => {
      const sender = senders[s] as Customer;
      for (let n = 0; running; n++) {
        const key = `restart-${s}-${n}`;
        transferKeys[s]?.push(key);
        const answers = await Promise.all(
          targets.map((target) =>
            walletTransfer(target, sender, receiver.main, { transfer_amount: TRANSFER_NAIRA }, key),
          ),
        );
        for (const answer of answers) {
          if (answer.status === 200) noteAck((answer.body.transfer as { tx_ref: string }).tx_ref);
          else noteRefusal(answer.status, answer.body, `transfer ${key}`);
        }
        if (answers.some((a) => a.status === 200)) ackedKeys.add(key);
        await pace(answers.map((a) => a.status));
      }
    };
    const cableKeys: string[] = [];
    const ackedCable = new Set<string>();
    const cableWorker = async () => {
      for (let n = 0; running; n++) {
        const key = `restart-cable-${n}`;
        cableKeys.push(key);
        const answer = await buyCableTv(targets[n % 2] as ApiTarget, viewer, CABLE_TV, key);
        if (answer.status === 201) {
          noteAck((answer.body.transaction as { userReference: string }).userReference);
          ackedCable.add(key);
        } else noteRefusal(answer.status, answer.body, `cable TV ${key}`);
        await pace([answer.status]);
      }
    };
    const creditWorker = async () => {
      for (let n = 0; running; n++) {
        const credit = { reference: `restart-credit-${n}`, amount: 100 + n };
        credits.push(credit);
        const res = await inboundTransfer(targets[n % 2] as ApiTarget, {
          account_number: receiver.main,
          ...credit,
        });
        if (res.statusCode === 200 || res.statusCode === 201)
          noteAck((res.json() as { reference: string }).reference);
        else noteRefusal(res.statusCode, res.json(), `credit ${credit.reference}`);
        await pace([res.statusCode]);
      }
    };
    const until = async (what: string, done: () => boolean | Promise<boolean>, ms = 20_000) => {
      const deadline = Date.now() + ms;
      while (!(await done())) {
        if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    };
    const readiness = () =>
      Promise.all(
        targets.map(async (t) => {
          const res = await t.app.inject({ method: 'GET', url: '/api/ready' });
          return { status: res.statusCode, message: (res.json() as { message?: string }).message };
        }),
      );
    const health = () =>
      Promise.all(
        targets.map(
          async (t) => (await t.app.inject({ method: 'GET', url: '/api/health' })).statusCode,
        ),
      );

    const workers = [...senders.map((_, s) => transferWorker(s)), creditWorker(), cableWorker()];
    try {
      await until('calls acknowledged before the stop', () => acknowledged.size >= 10);

      // Down: connections cut, mid-transaction for some calls.
      script.stopCluster(cluster.dir, 'immediate');
      await until('money calls answered 503 while down', () => unavailable.length >= 4);
      expect(await readiness()).toEqual([
        { status: 503, message: 'Database unreachable' },
        { status: 503, message: 'Database unreachable' },
      ]);
      expect(await health()).toEqual([200, 200]);
      const down = await targets[0]?.app.inject({
        method: 'GET',
        url: `/api/users/${receiver.id}`,
        headers: receiver.auth,
      });
      expect([down?.statusCode, down?.headers['retry-after'], down?.json()]).toEqual([
        503,
        '3',
        { message: SERVICE_UNAVAILABLE_MESSAGE },
      ]);
      // Nothing succeeds while the database is down (answers in flight at the stop have arrived).
      const ackedWhileDown = acknowledged.size;

      // An instance started while the database is down waits for it instead of exiting.
      const late = startWatched(env);
      lateChild = late.child;
      await until(
        'the late instance waiting for the database',
        () => /database not available yet; waiting/.test(late.output()),
        60_000,
      );

      expect(acknowledged.size).toBe(ackedWhileDown);
      await script.startCluster(cluster.dir, cluster.port, { durable: true });
      const restartedAt = Date.now();
      await until(
        'a money call acknowledged after the restart',
        () => lastAck.at > restartedAt,
        10_000,
      );
      const recoverySeconds = (lastAck.at - restartedAt) / 1000;
      expect(recoverySeconds).toBeLessThan(10);
      if (process.env.RESTART_REPORT === '1')
        console.log(`first money call acknowledged ${recoverySeconds} s after the restart`);
      await until('both instances ready again', async () =>
        (await readiness()).every((r) => r.status === 200),
      );
      await until('the late instance listening', () => late.url() !== undefined, 30_000);
      expect(late.child.exitCode).toBeNull();
      targets.push(httpTarget(late.url() as string, DEV_ENCRYPTION_SECRET));

      // Read-only (what a standby or a demoted primary is): not ready, and writes answer 503.
      const admin = new pg.Client({ connectionString: cluster.url });
      await admin.connect();
      try {
        await admin.query('alter system set default_transaction_read_only = on');
        await admin.query('select pg_reload_conf()');
        const before = unavailable.length;
        await until('both instances not ready on a read-only database', async () =>
          (await readiness()).every(
            (r) => r.status === 503 && r.message === 'Database is read-only',
          ),
        );
        await until(
          'money calls answered 503 on a read-only database',
          () => unavailable.length >= before + 2,
        );
        expect(await health()).toEqual([200, 200, 200]);
        await admin.query('alter system reset default_transaction_read_only');
        await admin.query('select pg_reload_conf()');
        const writableAt = Date.now();
        await until(
          'a money call acknowledged once writable again',
          () => lastAck.at > writableAt,
          10_000,
        );
      } finally {
        await admin.end();
      }
    } finally {
      running = false;
      await Promise.all(workers);
    }

    expect(exits).toEqual([]);
    expect(lateChild?.exitCode).toBeNull();
    for (const s of servers) expect(s.output()).not.toMatch(/uncaught|unhandled 'error'/i);
    expect(otherAnswers).toEqual([]);
    if (process.env.RESTART_REPORT === '1')
      console.log(
        `acknowledged ${acknowledged.size}, answered 503 ${unavailable.length}, transfer keys ${transferKeys.flat().length} (${ackedKeys.size} acknowledged), renewals ${cableKeys.length} (${ackedCable.size} acknowledged), credits ${credits.length}`,
      );
    expect(unavailable.every((u) => u.message === SERVICE_UNAVAILABLE_MESSAGE)).toBe(true);

    await withDatabase(async (db) => {
      // Every acknowledged call is in the ledger, once, before any retry.
      const kept = await sql<{ reference: string; n: number }>`
        select reference, count(*)::int as n from ledger_entries
        where reference in (${sql.join([...acknowledged])}) group by reference`.execute(db);
      expect(kept.rows.filter((r) => Number(r.n) === 1)).toHaveLength(acknowledged.size);
      // Calls cut by the stop keep their claim (unknown commit) and PIN slot for their lease: run
      // them out, as time would.
      await sql`update client_references set lease_until = now() - interval '1 second'
        where state = 'processing'`.execute(db);
      await sql`update transaction_pin_attempts set counted_at = now() - interval '1 hour'
        where in_flight > 0`.execute(db);
    });

    // The clients retry every call they got no success for, with the same keys and references
    // (an acknowledged one would only be replayed); the senders at once, each one call at a time.
    const retries = transferKeys.map(async (keys, s) => {
      const target = targets[s % targets.length] as ApiTarget;
      const answers: [string, number][] = [];
      for (const key of keys.filter((k) => !ackedKeys.has(k))) {
        const sent = await walletTransfer(
          target,
          senders[s] as Customer,
          receiver.main,
          { transfer_amount: TRANSFER_NAIRA },
          key,
        );
        answers.push([key, sent.status]);
      }
      return answers;
    });
    const retried = (await Promise.all(retries)).flat();
    expect(retried.filter(([, status]) => status !== 200)).toEqual([]);
    const creditAnswers = await Promise.all(
      credits.map(async (credit) => {
        const res = await inboundTransfer(targets[0] as ApiTarget, {
          account_number: receiver.main,
          ...credit,
        });
        return [credit.reference, res.statusCode] as const;
      }),
    );
    expect(creditAnswers.filter(([, status]) => status !== 200 && status !== 201)).toEqual([]);
    // The renewals it got no answer for, again with their keys: each paid once, or replayed.
    const renewals = new Map<string, string>();
    for (const key of cableKeys) {
      const answer = await buyCableTv(targets[1] as ApiTarget, viewer, CABLE_TV, key);
      expect([key, answer.status]).toEqual([key, 201]);
      renewals.set(key, (answer.body.transaction as { userReference: string }).userReference);
    }
    expect(new Set(renewals.values()).size).toBe(cableKeys.length);

    await withDatabase(async (db) => {
      const unbalanced = await sql`
        select entry_id from ledger_postings group by entry_id having sum(amount_kobo) <> 0`.execute(
        db,
      );
      expect(unbalanced.rows).toEqual([]);
      const ledger = createLedger(db);
      expect(await ledger.reconcile()).toEqual({
        mismatches: [],
        totalPostedKobo: 0,
        totalBalanceKobo: 0,
        holdMismatches: [],
      });
      const creditRows = await sql<{ n: number }>`
        select count(*)::int as n from ledger_entries where reference like 'restart-credit-%'
        group by reference`.execute(db);
      expect(creditRows.rows).toHaveLength(credits.length);
      expect(creditRows.rows.every((r) => Number(r.n) === 1)).toBe(true);
      // Every transfer exactly once: each sender paid ₦10 per key, the receiver got it all.
      let transferredKobo = 0;
      for (const [s, keys] of transferKeys.entries()) {
        const paid = nairaToKobo(TRANSFER_NAIRA) * keys.length;
        transferredKobo += paid;
        expect((await ledger.getAccount((senders[s] as Customer).main)).balanceKobo).toBe(
          nairaToKobo(SEED_NAIRA) - paid,
        );
      }
      // Every renewal debited once (settled, or reversed when its vend failed), none twice.
      const renewalEntries = await sql<{ reference: string; n: number }>`
        select reference, count(*)::int as n from ledger_entries
        where reference in (${sql.join([...renewals.values()])}) group by reference`.execute(db);
      expect(renewalEntries.rows).toHaveLength(renewals.size);
      expect(renewalEntries.rows.every((r) => Number(r.n) === 1)).toBe(true);
      const reversed = await sql<{ n: number }>`
        select count(*)::int as n from ledger_entries where reference in
        (${sql.join([...renewals.values()].map((r) => `${r}:reversal`))})`.execute(db);
      const renewed = renewals.size - Number(reversed.rows[0]?.n ?? 0);
      expect((await ledger.getAccount(viewer.main)).balanceKobo).toBe(
        nairaToKobo(VIEWER_NAIRA - CABLE_TV.amount * renewed),
      );
      const creditedKobo = credits.reduce((sum, c) => sum + nairaToKobo(c.amount), 0);
      expect((await ledger.getAccount(receiver.main)).balanceKobo).toBe(
        transferredKobo + creditedKobo,
      );
    });
    // The alerts derivation (a job on whichever instance claims it) catches up after the outage:
    // every posting on a customer's wallet gets one alert, none twice
    // (docs/decisions/033-alerts-derived-from-the-ledger.md).
    const alertGaps = () =>
      withDatabase(async (db) => {
        const { rows } = await sql<{ missing: number; doubled: number }>`
          select
            (select count(*)::int from ledger_postings p
               join ledger_accounts a on a.id = p.account_id
              where a.type = 'customer_wallet'
                and not exists (select 1 from alerts x
                                 where x.entry_id = p.entry_id and x.account_id = p.account_id))
              as missing,
            (select count(*)::int from (select 1 from alerts where entry_id is not null
               group by entry_id, account_id having count(*) > 1) d) as doubled`.execute(db);
        return rows[0] ?? { missing: -1, doubled: -1 };
      });
    await until(
      'every movement alerted after the outage',
      async () => {
        const gaps = await alertGaps();
        expect(gaps.doubled).toBe(0);
        return gaps.missing === 0;
      },
      60_000,
    );
    expect(exits).toEqual([]);
  }, 240_000);
});
