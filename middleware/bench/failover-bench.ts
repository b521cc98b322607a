// `npm run bench:failover`: money calls through two middleware instances on a real
// high-availability PostgreSQL (scripts/ha-cluster.mjs: a pg_auto_failover monitor, a primary and
// two standbys, synchronous), while the primary's postgres is killed with SIGKILL, then the whole
// node that is primary by then (its pg_autoctl keeper and its postgres). Records the seconds from
// each kill to the first successful money call, the client errors by kind, every process exit, and
// afterwards checks in SQL that no acknowledged call was lost or doubled and that the ledger
// balances. Report: docs/benchmarks/failover.md. Installs pg_auto_failover with apt-get when
// missing (as root); runs the cluster as the postgres user on loopback ports. A few minutes.
import { spawnSync } from 'node:child_process';
import { createHash, randomUUID } from 'node:crypto';
import { copyFileSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { sql, type Kysely } from 'kysely';
import { DEV_ENCRYPTION_SECRET, loadConfig } from '../src/config.js';
import { migrateToLatest, openDatabase, type Database } from '../src/db/index.js';
import { createLedger, nairaToKobo } from '../src/ledger/index.js';
import { createSecretHasher } from '../src/security/secrets.js';
import { createTokenService } from '../src/security/tokens.js';
import { seedCustomer, type Customer } from '../src/modules/funding/funding-test-kit.js';
import { enquire, sendBankTransfer } from '../src/modules/transfers/transfers-test-kit.js';
import { encryptedCall, type ApiAnswer } from '../src/test-support/auth-test-kit.js';
import { httpTarget, type ApiTarget } from '../src/test-support/http-target.js';
import { startMiddlewareProcess, type ServerProcess } from '../src/test-support/server-process.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const repoRoot = path.resolve(here, '../..');
const reportPath = path.join(repoRoot, 'docs/benchmarks/failover.md');

const CUSTOMERS = Number(process.env.FAILOVER_CUSTOMERS ?? 6);
const WARMUP_SECONDS = Number(process.env.FAILOVER_WARMUP ?? 10);
const OBSERVE_SECONDS = Number(process.env.FAILOVER_OBSERVE ?? 30);
const SEED_NAIRA = 1_000_000;
const PIN = '246810';

interface Node {
  name: string;
  port: number;
  pgdata: string;
}
interface HaCluster {
  dir: string;
  url: string;
  monitorPort: number;
  nodes: Node[];
}
interface HaScript {
  startHaCluster(dir: string, nodes?: number): Promise<HaCluster>;
  stopHaCluster(dir: string): Promise<void>;
  nodeStates(dir: string): { name: string; port: number; reported: string; goal: string }[];
  killPostgres(node: Node): number | null;
  killNode(dir: string, node: Node): void;
}

type Kind = 'wallet' | 'bank' | 'bill';
interface Call {
  kind: Kind;
  customer: Customer;
  key: string;
  route: string;
  /** When it was sent and answered (ms since the epoch). */
  sentAt: number;
  answeredAt: number;
  /** HTTP status, or the network error's code when no answer came. */
  outcome: string;
}

const routes: Record<Kind, string> = {
  wallet: '/api/transfers/wallet-to-other-wallet/transfer-funds',
  bank: '/api/transfers/wallet-to-bank/transfer-funds',
  bill: '/api/payments/categories/airtime/buy-airtime',
};

/** Each customer's name enquiry of the sandbox account that always succeeds (asked at the start). */
const bankFields = new Map<string, Record<string, unknown>>();

function send(
  kind: Kind,
  target: ApiTarget,
  customer: Customer,
  receiver: Customer,
  key: string,
): Promise<ApiAnswer> {
  if (kind === 'bank')
    return sendBankTransfer(target, customer, { ...bankFields.get(customer.id), amount: 100 }, key);
  return encryptedCall(target, 'POST', routes[kind], body(kind, customer, receiver), {
    ...customer.auth,
    'idempotency-key': key,
  });
}

function body(kind: Kind, customer: Customer, receiver: Customer): Record<string, unknown> {
  if (kind === 'wallet')
    return {
      sender_wallet_number: customer.main,
      wallet_name: 'Main Wallet',
      receiver_wallet_number: receiver.main,
      transfer_amount: 10,
      narration: 'Failover',
      transaction_pin: PIN,
    };
  return {
    transaction_pin: PIN,
    amount: 50,
    wallet_account_number: customer.main,
    receiving_phone_number: '08031234567',
    telco: 'mtnng',
    wallet_name: 'Ajo Wallet',
  };
}

async function seed(db: Kysely<Database>): Promise<Customer[]> {
  const config = loadConfig({ SCRYPT_COST: '1024' });
  const secrets = createSecretHasher({ pepper: config.secrets.pepper, cost: 1024 });
  // The servers refuse a token whose exp lies further than TOKEN_TTL from its iat.
  const tokens = createTokenService({
    db,
    secret: config.jwt.secret,
    ttlSeconds: config.jwt.ttlSeconds,
  });
  const ledger = createLedger(db);
  await ledger.ensureSystemAccounts();
  const pinHash = await secrets.hashSecret(PIN);
  const customers: Customer[] = [];
  for (let i = 0; i <= CUSTOMERS; i++) {
    const customer = await seedCustomer(
      { db, ledger, tokens },
      {
        phone: `2348091${String(Date.now() % 100000).padStart(5, '0')}${i}`,
        firstName: 'Bench',
        lastName: `Customer${i}`,
        pinHash: async () => pinHash,
      },
    );
    customers.push(customer);
    if (i > 0)
      await ledger.transfer({
        from: 'bank_settlement',
        to: customer.main,
        amountKobo: nairaToKobo(SEED_NAIRA),
        reference: `failover-seed-${i}-${randomUUID()}`,
        type: 'funding',
        narration: 'Seed',
      });
  }
  return customers;
}

/** Wallet and bank transfers answer 200, bill payments 201 (SPEC §7). */
const succeeded = (outcome: string) => outcome === '200' || outcome === '201';
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function waitFor(what: string, ms: number, done: () => boolean) {
  const deadline = Date.now() + ms;
  while (!done()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(500);
  }
}

/** Seconds the cluster took to heal after the first kill (the old primary back as a standby). */
let healSeconds = 0;
/** Where the cluster's logs are kept after the run (the cluster's folder is removed). */
const LOG_COPY = path.join(os.tmpdir(), 'ajo-failover-logs');

async function main() {
  const script = (await import(
    pathToFileURL(path.join(repoRoot, 'scripts', 'ha-cluster.mjs')).href
  )) as HaScript;
  const clusterDir = mkdtempSync(path.join(os.tmpdir(), 'ajo-failover-'));
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'ajo-failover-mw-'));
  const servers: ServerProcess[] = [];
  const exits: string[] = [];
  const startedAt = Date.now();
  try {
    console.log('starting the HA cluster (monitor + 3 nodes)…');
    const cluster = await script.startHaCluster(clusterDir, 3);
    const clusterSeconds = (Date.now() - startedAt) / 1000;
    console.log(`cluster up in ${clusterSeconds.toFixed(0)} s: ${cluster.url}`);

    const own = await openDatabase({ url: cluster.url, poolMax: 2 });
    let customers: Customer[];
    try {
      await migrateToLatest(own.db);
      customers = await seed(own.db);
    } finally {
      await own.close();
    }
    const [receiver, ...payers] = customers as [Customer, ...Customer[]];

    const env = {
      DATA_DIR: dataDir,
      DATABASE_URL: cluster.url,
      DATABASE_CONNECT_TIMEOUT: '2',
      SCRYPT_COST: '1024',
      RATE_LIMIT_MAX: '100000',
    };
    const started = await Promise.allSettled([
      startMiddlewareProcess('failover-a', env),
      startMiddlewareProcess('failover-b', env),
    ]);
    for (const s of started) if (s.status === 'fulfilled') servers.push(s.value);
    const refused = started.find((s) => s.status === 'rejected');
    if (refused) throw refused.reason;
    servers.forEach((s, i) =>
      s.child.once('exit', (code, sig) => exits.push(`instance ${i}: ${code}/${sig}`)),
    );
    const targets: ApiTarget[] = servers.map((s) => httpTarget(s.url, DEV_ENCRYPTION_SECRET));

    for (const payer of payers)
      bankFields.set(payer.id, await enquire(targets[0] as ApiTarget, payer, 'ADAEZE OKONKWO'));
    const calls: Call[] = [];
    let running = true;
    const kinds: Kind[] = ['wallet', 'bank', 'bill'];
    const worker = async (w: number) => {
      const customer = payers[w] as Customer;
      for (let n = 0; running; n++) {
        const kind = kinds[n % kinds.length] as Kind;
        const key = randomUUID();
        const sentAt = Date.now();
        let outcome: string;
        try {
          const answer = await send(
            kind,
            targets[(w + n) % targets.length] as ApiTarget,
            customer,
            receiver,
            key,
          );
          outcome = String(answer.status);
        } catch (error) {
          const cause = (error as { cause?: { code?: string } }).cause;
          outcome = cause?.code ?? (error as Error).name;
        }
        calls.push({
          kind,
          customer,
          key,
          route: routes[kind],
          sentAt,
          answeredAt: Date.now(),
          outcome,
        });
        // A client told to wait (503 Retry-After) pauses a little before its next call.
        if (!succeeded(outcome)) await sleep(outcome === '503' ? 500 : 200);
      }
    };
    const workers = payers.map((_, w) => worker(w));

    const primaryNode = () => {
      const states = script.nodeStates(cluster.dir);
      const primary = states.find(
        (s) => s.reported === 'primary' && s.goal === 'primary' && !killed.has(s.name),
      );
      return cluster.nodes.find((n) => n.name === primary?.name);
    };
    const firstSuccessAfter = (t: number) =>
      calls
        .filter((c) => c.sentAt >= t && succeeded(c.outcome))
        .sort((a, b) => a.answeredAt - b.answeredAt)[0];
    const killed = new Set<string>();
    const phases: {
      name: string;
      at: number;
      primaryBefore?: string;
      primaryAfter?: string;
      recovery?: number;
    }[] = [];

    console.log(`warm-up ${WARMUP_SECONDS} s`);
    await sleep(WARMUP_SECONDS * 1000);

    const first = primaryNode();
    if (!first) throw new Error('no primary');
    console.log(`SIGKILL to the postgres of ${first.name} (primary)`);
    phases.push({
      name: `SIGKILL to the primary's postgres (${first.name})`,
      at: Date.now(),
      primaryBefore: first.name,
    });
    script.killPostgres(first);
    await sleep(OBSERVE_SECONDS * 1000);
    const afterFirst = primaryNode();
    Object.assign(phases[0] as object, { primaryAfter: afterFirst?.name });

    // The second failure hits a healed cluster: the old primary back as a standby.
    const healedAt = Date.now();
    await waitFor('the cluster healed (one primary, two secondaries)', 180_000, () => {
      const states = script.nodeStates(cluster.dir);
      return (
        states.filter((st) => st.reported === 'primary' && st.goal === 'primary').length === 1 &&
        states.filter((st) => st.reported === 'secondary' && st.goal === 'secondary').length === 2
      );
    });
    healSeconds = (Date.now() - healedAt) / 1000;
    const second = primaryNode();
    if (!second) throw new Error('no primary after the first kill');
    console.log(`the whole node ${second.name} (primary) stopped: keeper and postgres, SIGKILL`);
    phases.push({
      name: `whole primary node stopped (${second.name}: pg_autoctl and postgres, SIGKILL)`,
      at: Date.now(),
      primaryBefore: second.name,
    });
    script.killNode(cluster.dir, second);
    killed.add(second.name);
    await sleep(OBSERVE_SECONDS * 1000);
    Object.assign(phases[1] as object, { primaryAfter: primaryNode()?.name });

    // The checks need a primary: wait for one if the failover is still under way.
    await waitFor('a primary after the node was stopped', 120_000, () =>
      script
        .nodeStates(cluster.dir)
        .some((st) => st.reported === 'primary' && st.goal === 'primary'),
    );
    running = false;
    await Promise.all(workers);
    for (const phase of phases) {
      const ok = firstSuccessAfter(phase.at);
      if (ok) phase.recovery = (ok.answeredAt - phase.at) / 1000;
    }
    const finalStates = script.nodeStates(cluster.dir);

    // Checks in SQL. Acknowledged: every 200 is in the ledger once, before any retry.
    // The ledger reference of a money call: user + route (as registered) + key (src/money/money-route.ts).
    const moneyReference = (c: Call) =>
      `money-${createHash('sha256').update(`${c.customer.id}:POST ${c.route}:${c.key}`).digest('hex').slice(0, 32)}`;
    const acknowledged = calls.filter((c) => succeeded(c.outcome));
    const unresolved = calls.filter((c) => !succeeded(c.outcome));
    const db = await openDatabase({ url: cluster.url, poolMax: 2 });
    let lost = 0;
    let doubled = 0;
    let retriedOk = 0;
    let retryOutcomes: Record<string, number> = {};
    let invariants: { unbalanced: number; negative: number; reconcile: unknown };
    let perReference: Map<string, number>;
    const countEntries = async () => {
      const { rows } = await sql<{ reference: string; n: number }>`
        select reference, count(*)::int as n from ledger_entries
        where reference like 'money-%' group by reference`.execute(db.db);
      return new Map(rows.map((r) => [r.reference, Number(r.n)]));
    };
    try {
      perReference = await countEntries();
      for (const c of acknowledged) {
        const n = perReference.get(moneyReference(c)) ?? 0;
        if (n === 0) lost += 1;
        if (n > 1) doubled += 1;
      }
      // The calls without a success answer: the clients send them again with the same key once
      // the claims of calls cut mid-way have run out (60 s; run out here in SQL, as time would).
      await sql`update client_references set lease_until = now() - interval '1 second'
        where state = 'processing'`.execute(db.db);
      await sql`update transaction_pin_attempts set counted_at = now() - interval '1 hour'
        where in_flight > 0`.execute(db.db);
      const target = targets[0] as ApiTarget;
      for (const c of unresolved) {
        let status: string;
        try {
          const answer = await send(c.kind, target, c.customer, receiver, c.key);
          status = String(answer.status);
        } catch (error) {
          status = (error as Error).name;
        }
        retryOutcomes[status] = (retryOutcomes[status] ?? 0) + 1;
        if (succeeded(status)) retriedOk += 1;
      }
      perReference = await countEntries();
      doubled += [...perReference.values()].filter((n) => n > 1).length;
      const unbalanced = await sql`
        select entry_id from ledger_postings group by entry_id having sum(amount_kobo) <> 0`.execute(
        db.db,
      );
      const negative = await sql`select id from ledger_accounts
        where type in ('customer_wallet', 'commission_wallet') and balance_kobo < 0`.execute(db.db);
      invariants = {
        unbalanced: unbalanced.rows.length,
        negative: negative.rows.length,
        reconcile: await createLedger(db.db).reconcile(),
      };
    } finally {
      await db.close();
    }
    retryOutcomes = Object.fromEntries(Object.entries(retryOutcomes).sort());

    const byKind = (list: Call[]) => {
      const counts: Record<string, number> = {};
      for (const c of list) counts[c.outcome] = (counts[c.outcome] ?? 0) + 1;
      return Object.entries(counts)
        .sort()
        .map(([k, v]) => `${k}: ${v}`)
        .join(', ');
    };
    const phaseCalls = (i: number) => {
      const from = phases[i]?.at ?? 0;
      const to = phases[i + 1]?.at ?? Infinity;
      // By answer time: a call cut by a kill belongs to the phase the kill opened.
      return calls.filter((c) => c.answeredAt >= from && c.answeredAt < to);
    };
    // What the instances logged behind their 503s (pino JSON lines), by message.
    const causes: Record<string, number> = {};
    for (const server of servers)
      for (const line of server.output().split('\n')) {
        if (!line.includes('"database unavailable"')) continue;
        try {
          const entry = JSON.parse(line) as { err?: { message?: string; code?: string } };
          const cause = `${entry.err?.code ? `${entry.err.code} ` : ''}${entry.err?.message ?? '?'}`;
          causes[cause] = (causes[cause] ?? 0) + 1;
        } catch {
          // not a JSON line
        }
      }
    const totalSeconds = (Date.now() - startedAt) / 1000;
    const lines = [
      '# Failover benchmark (PostgreSQL high availability)',
      '',
      `Generated by \`npm run bench:failover\` (middleware/bench/failover-bench.ts) on ${new Date().toISOString()}; re-running it rewrites this file.`,
      '',
      '## Set-up',
      '',
      `- Machine: ${os.cpus().length} CPUs (shared with other work while this ran), Node ${process.version}, load average at the end ${os
        .loadavg()
        .map((l) => l.toFixed(2))
        .join(' / ')}.`,
      "- Database: scripts/ha-cluster.mjs, Debian's PostgreSQL 15 and pg_auto_failover 2.0: a monitor and three data nodes on loopback ports, `number_sync_standbys = 1` (each commit waits for one of the two standbys), the monitor's health checks tightened (1 s period, a node unhealthy after 2 s).",
      `- Two middleware instances (\`src/main.ts\` through tsx), \`DATABASE_URL\` listing the three nodes with \`target_session_attrs=read-write\`, \`DATABASE_CONNECT_TIMEOUT=2\`.`,
      `- Load: ${payers.length} customers, each one call at a time, cycling wallet transfers (₦10), bank transfers (₦100 to the sandbox account that succeeds) and airtime (₦50), each with a fresh Idempotency-Key, alternating between the instances; after an error a client pauses 0.2 s (0.5 s after a 503).`,
      `- Timeline: ${WARMUP_SECONDS} s of load, then SIGKILL to the primary's postgres, ${OBSERVE_SECONDS} s, then a wait until the cluster healed (one primary, two secondaries: ${healSeconds.toFixed(0)} s more), then the whole node that is primary by then stopped (SIGKILL to its pg_autoctl keeper and its postgres), ${OBSERVE_SECONDS} s. Load runs throughout. Total run ${totalSeconds.toFixed(0)} s, of which the cluster's start ${clusterSeconds.toFixed(0)} s.`,
      '',
      '## Results',
      '',
      '| | primary before → after | seconds to the first successful money call | answers (HTTP status or network error: count) |',
      '| --- | --- | --- | --- |',
      `| warm-up | ${first.name} | – | ${byKind(calls.filter((c) => c.answeredAt < (phases[0]?.at ?? 0)))} |`,
      ...phases.map(
        (p, i) =>
          `| ${p.name} | ${p.primaryBefore} → ${p.primaryAfter ?? '?'} | ${p.recovery === undefined ? 'none' : p.recovery.toFixed(1)} | ${byKind(phaseCalls(i))} |`,
      ),
      '',
      `- Money calls sent: ${calls.length}; acknowledged (200 or 201): ${acknowledged.length}; without a success answer: ${unresolved.length}.`,
      `- **Acknowledged calls lost: ${lost}** (an acknowledged call whose ledger entry is missing). **Doubled: ${doubled}** (a money reference with more than one ledger entry, before and after the retries).`,
      `- Retries of the ${unresolved.length} calls without a success answer, same Idempotency-Key: ${
        Object.entries(retryOutcomes)
          .map(([k, v]) => `${k}: ${v}`)
          .join(', ') || 'none'
      } (${retriedOk} now done, each once).`,
      `- Ledger invariants after the retries: entries that do not balance ${invariants.unbalanced}, negative wallet balances ${invariants.negative}, reconcile ${JSON.stringify(invariants.reconcile)}.`,
      `- What the instances logged behind their 503s: ${
        Object.entries(causes)
          .sort((a, b) => b[1] - a[1])
          .map(([m, n]) => `${n} × \`${m.slice(0, 120)}\``)
          .join('; ') || 'nothing'
      }.`,
      `- **Middleware process exits: ${exits.length}**${exits.length ? ` (${exits.join('; ')})` : ''}.`,
      `- The nodes at the end (monitor's view, reported → assigned state): ${finalStates
        .map(
          (s) =>
            `${s.name} ${s.reported} → ${s.goal}${killed.has(s.name) ? ' (stopped by the benchmark)' : ''}`,
        )
        .join(', ')}.`,
      '',
      '## Reading it',
      '',
      '- A 503 is the middleware saying "the database is briefly unavailable, try again" (`Retry-After: 3`); no answer at all (a network error) would mean a dead instance, and there is none.',
      "- The first kill: the node's pg_autoctl keeper restarts its postgres at once, or the monitor promotes a standby, whichever is first; the second takes the node away, so a standby is promoted. New connections find the writable node by themselves (the host list is tried in order, a read-only session is refused).",
      '- A call cut while its transaction committed answers 503 and keeps its Idempotency-Key claim; its retry with the same key, once the claim lease ran out, finds it done (the ledger holds a reference once), never pays twice.',
      '',
    ];
    writeFileSync(reportPath, lines.join('\n'));
    // The repository's Markdown style (best effort: the report stands without it).
    spawnSync('npx', ['prettier', '--write', reportPath], { cwd: repoRoot, stdio: 'ignore' });
    console.log(lines.join('\n'));
  } finally {
    await Promise.all(servers.map((s) => s.kill()));
    await script.stopHaCluster(clusterDir).catch((error: unknown) => console.error(error));
    rmSync(LOG_COPY, { recursive: true, force: true });
    mkdirSync(LOG_COPY, { recursive: true });
    for (const file of readdirSync(clusterDir).filter((f) => f.endsWith('.log')))
      copyFileSync(path.join(clusterDir, file), path.join(LOG_COPY, file));
    servers.forEach((server, i) =>
      writeFileSync(path.join(LOG_COPY, `middleware-${i}.log`), server.output()),
    );
    console.log(`cluster and middleware logs kept in ${LOG_COPY}`);
    rmSync(clusterDir, { recursive: true, force: true });
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
