// `npm run bench:money`: money calls through the whole path of the built middleware (dist/main.js)
// — envelope, bearer, Idempotency-Key claim, transaction-PIN check, tier limits, ledger, stored
// answer — at BENCH_CALLERS (32) concurrent callers, wallet-to-wallet transfers and airtime, on
// embedded PGlite and on PostgreSQL, side by side with the ledger's own transfers (the code of
// `npm run bench:ledger`) in the same run: rounds alternate so load from other jobs on the machine
// falls on both alike. The figure is the ratio of money calls per second to ledger transfers per
// second. Writes docs/benchmarks/money.md (a hand-written "## Notes" section there is kept).
import { randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import pg from 'pg';
import { loadConfig } from '../src/config.js';
import { migrateToLatest, openDatabase, type AppDatabase } from '../src/db/index.js';
import { createLedger, nairaToKobo } from '../src/ledger/index.js';
import { TEST_PIN, seedCustomer, type Customer } from '../src/modules/funding/funding-test-kit.js';
import { buyAirtime } from '../src/modules/payments/payments-test-kit.js';
import { walletTransfer } from '../src/modules/transfers/transfers-test-kit.js';
import { createSecretHasher } from '../src/security/secrets.js';
import { createTokenService } from '../src/security/tokens.js';
import { httpTarget } from '../src/test-support/http-target.js';
import { spawn, type ChildProcess } from 'node:child_process';
import { clusterCpuSeconds, postmasterPid } from './cpu.js';
import { prepareTransfers, summarise, type TransferRunResult } from './run-transfers.js';

interface ClusterModule {
  startCluster(dir: string, port?: number): Promise<{ dir: string; port: number; url: string }>;
  stopCluster(dir: string): void;
}

const here = path.dirname(fileURLToPath(import.meta.url));
const repoRoot = path.resolve(here, '../..');
const reportPath = path.join(repoRoot, 'docs/benchmarks/money.md');
const DIST = path.resolve(process.env.BENCH_DIST ?? path.join(here, '../dist'));
const CALLERS = Number(process.env.BENCH_CALLERS ?? 32);
/** Seconds per contender and database, split into ROUNDS alternating rounds. */
const SECONDS = Number(process.env.BENCH_SECONDS ?? 12);
const ROUNDS = Math.max(1, Number(process.env.BENCH_ROUNDS ?? 3));
const ROUND_SECONDS = Math.max(1, SECONDS / ROUNDS);
const WARMUP_SECONDS = 2;
/** Senders per caller: no two callers pay from the same customer (the PIN guard's 5 slots). */
const SENDERS_PER_CALLER = 4;
const ENCRYPTION_SECRET = 'ajo-wallet-bench-envelope-secret';
const RATIO_GOAL = 0.25;
const P99_GOAL_MS = 50;
/** A folder: the middleware writes a V8 CPU profile there when it stops (`node --cpu-prof`). */
const CPU_PROF_DIR = process.env.BENCH_CPU_PROF_DIR;
/** 'postgresql' or 'pglite' to run one database only; the report is then not written. */
const ONLY = process.env.BENCH_DATABASE;

type Kind = 'wallet-to-wallet' | 'airtime';

interface MoneyRound {
  latencies: number[];
  failures: Map<string, number>;
  seconds: number;
  middlewareCpuSeconds: number;
  verifierCpuSeconds: number;
  databaseCpuSeconds: number;
}

interface MoneyResult {
  calls: number;
  failures: Record<string, number>;
  callsPerSecond: number;
  roundRates: number[];
  p50ms: number;
  p99ms: number;
  middlewareCpuMs: number;
  /** Of the middleware's: the PIN verifier process. */
  verifierCpuMs: number;
  databaseCpuMs: number;
}

interface DatabaseResult {
  database: 'pglite' | 'postgresql';
  money: Record<Kind, MoneyResult>;
  ledger: TransferRunResult;
}

const TICKS_PER_SECOND = 100;

/**
 * CPU seconds of a process and its live children (the PIN verifier), threads included; `children`
 * only: the children's alone.
 */
function processTreeCpuSeconds(rootPid: number, children = false): number {
  let ticks = 0;
  for (const pid of readdirSync('/proc').filter((p) => /^\d+$/.test(p))) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      const isChild = Number(fields[1]) === rootPid;
      if (!isChild && (children || Number(pid) !== rootPid)) continue;
      ticks += [11, 12, 13, 14].reduce((sum, i) => sum + Number(fields[i]), 0);
    } catch {
      // ended meanwhile
    }
  }
  return ticks / TICKS_PER_SECOND;
}

/** `count` activated tier-3 customers (wallets, a keyed transaction PIN, a session), funded. */
async function seedCustomers(db: AppDatabase['db'], env: Record<string, string>, count: number) {
  const config = loadConfig(env);
  const secrets = createSecretHasher({ pepper: config.secrets.pepper, cost: 1024 });
  // The server refuses a token whose exp lies further than TOKEN_TTL from its iat.
  const tokens = createTokenService({
    db,
    secret: config.jwt.secret,
    ttlSeconds: config.jwt.ttlSeconds,
  });
  const ledger = createLedger(db);
  await ledger.ensureSystemAccounts();
  const customers: Customer[] = [];
  try {
    for (let i = 0; i < count; i++) {
      customers.push(
        await seedCustomer(
          { db, ledger, tokens },
          {
            phone: `23481${String(i).padStart(8, '0')}`,
            firstName: 'Bench',
            lastName: `Customer ${i}`,
            kycTier: 3,
            pinHash: (userId) => secrets.hashTransactionPin(TEST_PIN, userId),
          },
        ),
      );
    }
  } finally {
    await secrets.close();
  }
  const seed = nairaToKobo(1_000_000);
  await ledger.post({
    reference: 'money-bench-seed',
    type: 'funding',
    narration: 'Benchmark seed',
    postings: [
      { account: 'bank_settlement', debitKobo: seed * customers.length },
      ...customers.map((c) => ({ account: c.main, creditKobo: seed })),
    ],
  });
  return customers;
}

interface Middleware {
  url: string;
  child: ChildProcess;
  stop(): Promise<void>;
  kill(): Promise<void>;
}

/**
 * The built middleware on port 0, found by its "Server listening at" line; after that its log is
 * read and dropped (src/test-support/server-process.ts keeps every line, too much for this load).
 */
async function startMiddleware(env: Record<string, string>): Promise<Middleware> {
  const inherited = { ...process.env };
  delete inherited.NODE_OPTIONS;
  const profile = CPU_PROF_DIR ? ['--cpu-prof', '--cpu-prof-dir', CPU_PROF_DIR] : [];
  const child = spawn(process.execPath, [...profile, path.join(DIST, 'main.js')], {
    env: { ...inherited, HOST: '127.0.0.1', PORT: '0', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  let head = '';
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`middleware did not start:\n${head}`)), 90_000);
    const onData = (chunk: Buffer) => {
      if (head.length > 100_000) return;
      head += chunk.toString();
      const match = /Server listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(head);
      if (match?.[1]) {
        clearTimeout(timer);
        resolve(match[1]);
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', (chunk: Buffer) => {
      onData(chunk);
      // The PIN verifier's warnings (it writes to the middleware's stderr) are worth seeing.
      if (chunk.includes('pin-verifier')) process.stderr.write(chunk);
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`middleware exited (${code}) before listening:\n${head}`));
    });
  });
  return {
    url,
    child,
    async stop() {
      if (child.exitCode === null) child.kill('SIGTERM');
      await exited;
    },
    async kill() {
      if (child.exitCode === null) child.kill('SIGKILL');
      await exited;
    },
  };
}

async function moneyRound(
  kind: Kind,
  url: string,
  customers: Customer[],
  seconds: number,
  cpu: { middleware: () => number; verifier: () => number; database: () => number },
): Promise<MoneyRound> {
  const t = httpTarget(url, ENCRYPTION_SECRET);
  const latencies: number[] = [];
  const failures = new Map<string, number>();
  const before = {
    middleware: cpu.middleware(),
    verifier: cpu.verifier(),
    database: cpu.database(),
  };
  const started = performance.now();
  const deadline = started + seconds * 1000;
  const caller = async (n: number) => {
    const own = customers.slice(n * SENDERS_PER_CALLER, (n + 1) * SENDERS_PER_CALLER);
    for (let i = 0; performance.now() < deadline; i++) {
      const sender = own[i % own.length] as Customer;
      const receiver = customers[(n * SENDERS_PER_CALLER + i + 7) % customers.length] as Customer;
      const t0 = performance.now();
      try {
        const answer =
          kind === 'airtime'
            ? await buyAirtime(t, sender, { amount: 100 }, randomUUID())
            : await walletTransfer(t, sender, receiver.main, { transfer_amount: 1 }, randomUUID());
        // 200 for a transfer, 201 for a purchase.
        if (answer.status === 200 || answer.status === 201) latencies.push(performance.now() - t0);
        else {
          const why = `${answer.status} ${String(answer.body.message)}`;
          failures.set(why, (failures.get(why) ?? 0) + 1);
        }
      } catch (error) {
        const why = error instanceof Error ? error.message : 'error';
        failures.set(why, (failures.get(why) ?? 0) + 1);
      }
    }
  };
  await Promise.all(Array.from({ length: CALLERS }, (_, n) => caller(n)));
  return {
    latencies,
    failures,
    seconds: (performance.now() - started) / 1000,
    middlewareCpuSeconds: cpu.middleware() - before.middleware,
    verifierCpuSeconds: cpu.verifier() - before.verifier,
    databaseCpuSeconds: cpu.database() - before.database,
  };
}

function summariseMoney(rounds: MoneyRound[]): MoneyResult {
  const latencies = rounds.flatMap((r) => r.latencies).sort((a, b) => a - b);
  const calls = latencies.length;
  const seconds = rounds.reduce((s, r) => s + r.seconds, 0);
  const at = (q: number) => latencies[Math.min(calls - 1, Math.floor(q * calls))] ?? 0;
  const failures: Record<string, number> = {};
  for (const r of rounds)
    for (const [why, n] of r.failures) failures[why] = (failures[why] ?? 0) + n;
  const perCall = (s: number) => (s * 1000) / Math.max(1, calls);
  return {
    calls,
    failures,
    callsPerSecond: calls / seconds,
    roundRates: rounds.map((r) => r.latencies.length / r.seconds),
    p50ms: at(0.5),
    p99ms: at(0.99),
    middlewareCpuMs: perCall(rounds.reduce((s, r) => s + r.middlewareCpuSeconds, 0)),
    verifierCpuMs: perCall(rounds.reduce((s, r) => s + r.verifierCpuSeconds, 0)),
    databaseCpuMs: perCall(rounds.reduce((s, r) => s + r.databaseCpuSeconds, 0)),
  };
}

async function adminQuery(url: string, text: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

/** The ledger must reconcile after the load: no kobo created or lost by the money calls. */
async function verifyLedger(db: AppDatabase['db']): Promise<void> {
  const reconciliation = await createLedger(db).reconcile();
  if (reconciliation.mismatches.length > 0 || reconciliation.totalBalanceKobo !== 0)
    throw new Error(`Ledger does not reconcile: ${JSON.stringify(reconciliation)}`);
}

async function runDatabase(
  database: DatabaseResult['database'],
  cluster: { url: string; postmaster: number } | null,
): Promise<DatabaseResult> {
  const workDir = mkdtempSync(path.join(os.tmpdir(), 'ajo-money-bench-'));
  const moneyUrl = cluster && cluster.url.replace(/\/postgres$/, '/money');
  const ledgerUrl = cluster && cluster.url.replace(/\/postgres$/, '/ledger');
  if (cluster) {
    await adminQuery(cluster.url, 'create database money');
    await adminQuery(cluster.url, 'create database ledger');
  }
  const env: Record<string, string> = {
    DATA_DIR: workDir,
    ENCRYPTION_SECRET,
    RATE_LIMIT_MAX: '100000',
    // As in production: every request logged (to a pipe this process drains).
    LOG_LEVEL: 'info',
    DATABASE_URL: moneyUrl ?? '',
    DATABASE_POOL_MAX: String(CALLERS),
    STEP_UP_AMOUNT: '9999999999',
  };
  const start = () => startMiddleware(env);
  const databaseCpu = cluster ? () => clusterCpuSeconds(cluster.postmaster) : () => 0;
  // The first start migrates; the customers are then seeded while no server holds the database.
  await (await start()).stop();
  const own = moneyUrl
    ? await openDatabase({ url: moneyUrl })
    : await openDatabase({ dataDir: path.join(workDir, 'pglite') });
  let customers: Customer[];
  try {
    customers = await seedCustomers(own.db, env, CALLERS * SENDERS_PER_CALLER);
  } finally {
    await own.close();
  }

  const ledgerDb = ledgerUrl
    ? await openDatabase({ url: ledgerUrl, poolMax: CALLERS })
    : await openDatabase({ dataDir: path.join(workDir, 'ledger-pglite') });
  let server: Middleware | null = null;
  try {
    await migrateToLatest(ledgerDb.db);
    const ledger = await prepareTransfers(ledgerDb.db, 1000, databaseCpu);
    server = await start();
    const pid = server.child.pid as number;
    const cpu = {
      middleware: () => processTreeCpuSeconds(pid),
      verifier: () => processTreeCpuSeconds(pid, true),
      database: databaseCpu,
    };
    console.log(
      `${database}: middleware ${pid} at ${server.url}; warm-up ${WARMUP_SECONDS} s each`,
    );
    const opts = { callers: CALLERS, maxTransfers: 10_000_000 };
    await ledger.run({ ...opts, seconds: WARMUP_SECONDS });
    for (const kind of ['wallet-to-wallet', 'airtime'] as const)
      await moneyRound(kind, server.url, customers, WARMUP_SECONDS, cpu);
    const ledgerRounds = [];
    const moneyRounds: Record<Kind, MoneyRound[]> = { 'wallet-to-wallet': [], airtime: [] };
    for (let round = 1; round <= ROUNDS; round++) {
      console.log(`${database}, round ${round}: ledger, wallet-to-wallet, airtime ...`);
      ledgerRounds.push(await ledger.run({ ...opts, seconds: ROUND_SECONDS }));
      for (const kind of ['wallet-to-wallet', 'airtime'] as const)
        moneyRounds[kind].push(await moneyRound(kind, server.url, customers, ROUND_SECONDS, cpu));
    }
    await ledger.verify();
    await server.stop();
    server = null;
    const after = moneyUrl
      ? await openDatabase({ url: moneyUrl })
      : await openDatabase({ dataDir: path.join(workDir, 'pglite') });
    try {
      await verifyLedger(after.db);
    } finally {
      await after.close();
    }
    return {
      database,
      money: {
        'wallet-to-wallet': summariseMoney(moneyRounds['wallet-to-wallet']),
        airtime: summariseMoney(moneyRounds.airtime),
      },
      ledger: summarise(ledgerRounds),
    };
  } finally {
    await server?.kill();
    await ledgerDb.close();
    rmSync(workDir, { recursive: true, force: true });
  }
}

const f = (n: number, digits = 1) => n.toFixed(digits);

function render(results: DatabaseResult[], meta: { date: Date; load: [number[], number[]] }) {
  const cpus = os.cpus();
  const rows = results.flatMap((r) => [
    `| ${r.database} | ledger.transfer (no HTTP) | ${r.ledger.transfers} | ${r.ledger.failures} | ${f(r.ledger.tps)} (${r.ledger.roundTps.map((v) => f(v, 0)).join(', ')}) | 1 | ${f(r.ledger.p50ms, 2)} | ${f(r.ledger.p99ms, 2)} | ${f(r.ledger.clientCpuMs, 2)} | - | ${r.database === 'postgresql' ? f(r.ledger.serverCpuMs, 2) : '-'} |`,
    ...(['wallet-to-wallet', 'airtime'] as const).map((kind) => {
      const m = r.money[kind];
      const failed = Object.values(m.failures).reduce((a, b) => a + b, 0);
      return `| ${r.database} | ${kind} (whole API) | ${m.calls} | ${failed} | ${f(m.callsPerSecond)} (${m.roundRates.map((v) => f(v, 0)).join(', ')}) | **${f(m.callsPerSecond / r.ledger.tps, 3)}** | ${f(m.p50ms, 2)} | ${f(m.p99ms, 2)} | ${f(m.middlewareCpuMs, 2)} | ${f(m.verifierCpuMs, 3)} | ${r.database === 'postgresql' ? f(m.databaseCpuMs, 2) : '-'} |`;
    }),
  ]);
  const verdicts = results.flatMap((r) =>
    (['wallet-to-wallet', 'airtime'] as const).map((kind) => {
      const m = r.money[kind];
      const ratio = m.callsPerSecond / r.ledger.tps;
      const ratioPart =
        r.database === 'postgresql'
          ? `ratio ${f(ratio, 3)} (goal ≥ ${RATIO_GOAL}: ${ratio >= RATIO_GOAL ? 'met' : 'missed'})`
          : `ratio ${f(ratio, 3)} (the goal is set on PostgreSQL)`;
      const failures = Object.entries(m.failures)
        .map(([why, n]) => `${n} × ${why}`)
        .join('; ');
      return `- ${r.database}, ${kind}: ${ratioPart}, p99 ${f(m.p99ms, 1)} ms (goal ≤ ${P99_GOAL_MS} ms on a quiet machine: ${m.p99ms <= P99_GOAL_MS ? 'met' : 'missed'})${failures ? `; refused or failed: ${failures}` : ''}.`;
    }),
  );
  return `# Money calls against the ledger

Generated by \`npm run bench:money\` (middleware/bench/money-bench.ts) on ${meta.date.toISOString()}.
Re-running the command rewrites this file, except the Notes section at the end, written by hand.

The built middleware (\`dist/main.js\`) answers money calls over HTTP through the whole path:
envelope, bearer, Idempotency-Key claim, transaction-PIN check (the keyed PIN verifier,
docs/decisions/030-transaction-pins-checked-by-a-keyed-verifier.md), tier limits, ledger, stored
answer. ${CALLERS} concurrent callers; each pays from its own ${SENDERS_PER_CALLER} customers (tier 3, keyed PIN
records), ₦1 wallet-to-wallet or ₦100 airtime (sandbox aggregator, delivered at once), a fresh
Idempotency-Key per call. In the same run, alternating with them round by round, \`ledger.transfer()\`
between 1,000 wallets at the same ${CALLERS} callers (the code of \`npm run bench:ledger\`), on its own
database in the same PostgreSQL cluster (or its own PGlite folder). ${ROUNDS} rounds of ${f(ROUND_SECONDS)} s per
contender after a ${WARMUP_SECONDS} s warm-up; the ledger reconciles after each run.

**Ratio** is money calls per second over ledger transfers per second on the same database. CPU per
call: "middleware" is the middleware process and its children (the PIN verifier; with PGlite also
the database, which runs in a thread of that process); for the ledger row it is the benchmark
process itself. "Database" is every PostgreSQL backend of the cluster.

Machine: ${cpus.length} × ${cpus[0]?.model.trim() ?? 'CPU'}, ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version};
load average ${meta.load[0].map((v) => f(v, 2)).join(' / ')} at the start, ${meta.load[1].map((v) => f(v, 2)).join(' / ')} at the end.

Goals: money calls ≥ ${RATIO_GOAL}× the ledger's rate on PostgreSQL; p99 ≤ ${P99_GOAL_MS} ms at ${CALLERS} callers on a quiet machine.

| Database | Contender | Answered 200 | Failed | Per second (per round) | Ratio to ledger | p50 ms | p99 ms | Middleware CPU ms per call | of which PIN verifier | Database CPU ms per call |
| -------- | --------- | ------------ | ------ | ---------------------- | --------------- | ------ | ------ | -------------------------- | --------------------- | ------------------------ |
${rows.join('\n')}

## Reading

${verdicts.join('\n')}
`;
}

async function main(): Promise<void> {
  if (!existsSync(path.join(DIST, 'main.js'))) throw new Error(`no build at ${DIST}`);
  const clusterUrl = pathToFileURL(path.resolve(here, '../../scripts/pg-cluster.mjs')).href;
  const { startCluster, stopCluster } = (await import(clusterUrl)) as ClusterModule;
  const loadStart = os.loadavg();
  const clusterDir = path.join(os.tmpdir(), `ajo-money-bench-pg-${process.pid}`);
  const results: DatabaseResult[] = [];
  if (ONLY !== 'pglite') {
    const cluster = await startCluster(clusterDir);
    try {
      const postmaster = postmasterPid(path.join(cluster.dir, 'data'));
      results.push(await runDatabase('postgresql', { url: cluster.url, postmaster }));
    } finally {
      stopCluster(cluster.dir);
      rmSync(clusterDir, { recursive: true, force: true });
    }
  }
  if (ONLY !== 'postgresql') results.push(await runDatabase('pglite', null));
  console.log(JSON.stringify(results, null, 2));
  if (ONLY) return;
  const previous = existsSync(reportPath) ? readFileSync(reportPath, 'utf8') : '';
  const at = previous.indexOf('\n## Notes\n');
  const notes = at >= 0 ? previous.slice(at) : '';
  writeFileSync(
    reportPath,
    render(results, { date: new Date(), load: [loadStart, os.loadavg()] }) + notes,
  );
  console.log(`wrote ${path.relative(repoRoot, reportPath)}`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
