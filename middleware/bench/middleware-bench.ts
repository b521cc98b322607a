// `npm run bench:middleware`: the built middleware (dist/main.js) under sign-in load. Sixteen
// customers sign in at once, again and again, while a seventeenth, signed in, reads
// GET /api/users/{id} at a steady rate; we record the reads' latency, the sign-ins per second and
// the process's resident memory. On embedded PGlite always, and on PostgreSQL when DATABASE_URL is
// given (a fresh database is created in that cluster and dropped afterwards).
//
// Results are kept per label in docs/benchmarks/middleware.json (BENCH_LABEL, default 'current';
// the report shows every label), and docs/benchmarks/middleware.md is rewritten from it.
// BENCH_DIST runs another build (for example one of an older commit), BENCH_PORT picks the port.
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { logIn, signUp } from '../src/test-support/auth-test-kit.js';
import { httpTarget } from '../src/test-support/http-target.js';
import { startServer, type ServerProcess } from '../src/test-support/server-process.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const repoRoot = path.resolve(here, '../..');
const jsonPath = path.join(repoRoot, 'docs/benchmarks/middleware.json');
const reportPath = path.join(repoRoot, 'docs/benchmarks/middleware.md');

const SIGN_INS = Number(process.env.BENCH_SIGN_INS ?? 16);
const LOAD_SECONDS = Number(process.env.BENCH_SECONDS ?? 20);
const QUIET_SECONDS = Number(process.env.BENCH_QUIET_SECONDS ?? 5);
/** One read every READ_INTERVAL_MS whatever the earlier ones do (open loop: no coordinated omission). */
const READ_INTERVAL_MS = Number(process.env.BENCH_READ_INTERVAL_MS ?? 50);
const READ_TIMEOUT_MS = 20_000;
const LABEL = process.env.BENCH_LABEL ?? 'current';
const DIST = path.resolve(process.env.BENCH_DIST ?? path.join(here, '../dist'));
const PORT = process.env.BENCH_PORT ?? '0';
const ENCRYPTION_SECRET = 'ajo-wallet-bench-envelope-secret';
const PIN = '4821';

interface Latencies {
  sent: number;
  answered: number;
  failed: number;
  p50: number | null;
  p99: number | null;
  max: number | null;
}

interface DatabaseRun {
  database: 'pglite' | 'postgresql';
  /** Resident memory after start and sign-ups, before any load, MB. */
  idleRssMb: number;
  /** Resident memory once the customers have signed up (each sign-up hashes a PIN), MB. */
  signedUpRssMb?: number;
  /** Resident memory at the end of the load, MB. */
  endRssMb?: number;
  /** The kernel's high-water mark of resident memory during the load (VmHWM), MB. */
  peakRssMb: number;
  quietReads: Latencies;
  loadedReads: Latencies;
  signIns: number;
  signInFailures: number;
  signInsPerSecond: number;
}

interface LabelledRun {
  label: string;
  measuredAt: string;
  machine: string;
  settings: Record<string, string>;
  runs: DatabaseRun[];
}

const mb = (kb: number) => Math.round(kb / 1024);

function procStatusKb(pid: number, field: 'VmRSS' | 'VmHWM'): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const match = new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status);
  return match ? Number(match[1]) : 0;
}

function percentile(sorted: number[], p: number): number | null {
  if (!sorted.length) return null;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] as number;
}

/** The built middleware, on PGlite unless `env` names a DATABASE_URL. */
function startMiddleware(env: Record<string, string>): Promise<ServerProcess> {
  // An empty DATABASE_URL means unset (src/config.ts): the bench's own does not leak into PGlite runs.
  return startServer('middleware', [path.join(DIST, 'main.js')], {
    DATABASE_URL: '',
    PORT,
    ...env,
  });
}

/** Reads GET /api/users/{id} every READ_INTERVAL_MS until stop() and reports their latency. */
function readLoop(url: string, token: string, userId: string) {
  const times: number[] = [];
  const inFlight = new Set<Promise<void>>();
  let sent = 0;
  let failed = 0;
  const one = async () => {
    sent += 1;
    const started = performance.now();
    try {
      const res = await fetch(`${url}/api/users/${userId}`, {
        headers: { authorization: `Bearer ${token}` },
        signal: AbortSignal.timeout(READ_TIMEOUT_MS),
      });
      await res.arrayBuffer();
      if (res.status !== 200) failed += 1;
      else times.push(performance.now() - started);
    } catch {
      failed += 1;
    }
  };
  const timer = setInterval(() => {
    const p = one().finally(() => inFlight.delete(p));
    inFlight.add(p);
  }, READ_INTERVAL_MS);
  return async (): Promise<Latencies> => {
    clearInterval(timer);
    await Promise.all(inFlight);
    const sorted = [...times].sort((a, b) => a - b);
    const round = (v: number | null) => (v === null ? null : Math.round(v * 10) / 10);
    return {
      sent,
      answered: times.length,
      failed,
      p50: round(percentile(sorted, 50)),
      p99: round(percentile(sorted, 99)),
      max: round(sorted.at(-1) ?? null),
    };
  };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function runOne(database: DatabaseRun['database'], databaseUrl?: string) {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'ajo-middleware-bench-'));
  const server = await startMiddleware({
    DATA_DIR: dataDir,
    ENCRYPTION_SECRET,
    RATE_LIMIT_MAX: '100000',
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
  });
  const pid = server.child.pid as number;
  try {
    console.log(`${database}: middleware ${pid} at ${server.url}`);
    await sleep(2000);
    const idleRssMb = mb(procStatusKb(pid, 'VmRSS'));
    const t = httpTarget(server.url, ENCRYPTION_SECRET);
    const phones = Array.from(
      { length: SIGN_INS + 1 },
      (_, i) => `234813${String(i).padStart(7, '0')}`,
    );
    for (const phone of phones) await signUp(t, phone, { pin: PIN, confirm_pin: PIN });
    const reader = await logIn(t, phones[SIGN_INS] as string, PIN);
    if (reader.status !== 200) throw new Error(`reader sign-in: ${JSON.stringify(reader)}`);
    const token = reader.body.token as string;
    const userId = (reader.body.user as { id: string }).id;
    const signedUpRssMb = mb(procStatusKb(pid, 'VmRSS'));
    console.log(
      `${database}: idle RSS ${idleRssMb} MB; ${phones.length} customers signed up, RSS ${signedUpRssMb} MB`,
    );

    const stopQuiet = readLoop(server.url, token, userId);
    await sleep(QUIET_SECONDS * 1000);
    const quietReads = await stopQuiet();

    // Start the peak anew (Linux: clear_refs 5 resets VmHWM), so that it is the load's own and not
    // start-up's (initdb of a fresh PGlite folder runs in a thread of its own and ends).
    writeFileSync(`/proc/${pid}/clear_refs`, '5');
    const stopLoaded = readLoop(server.url, token, userId);
    const started = performance.now();
    let signIns = 0;
    let signInFailures = 0;
    while (performance.now() - started < LOAD_SECONDS * 1000) {
      const answers = await Promise.all(
        phones.slice(0, SIGN_INS).map((phone) => logIn(t, phone, PIN).catch(() => null)),
      );
      for (const a of answers) {
        if (a?.status === 200) signIns += 1;
        else signInFailures += 1;
      }
    }
    const loadSeconds = (performance.now() - started) / 1000;
    const loadedReads = await stopLoaded();
    const peakRssMb = mb(procStatusKb(pid, 'VmHWM'));
    const endRssMb = mb(procStatusKb(pid, 'VmRSS'));
    const run: DatabaseRun = {
      database,
      idleRssMb,
      signedUpRssMb,
      endRssMb,
      peakRssMb,
      quietReads,
      loadedReads,
      signIns,
      signInFailures,
      signInsPerSecond: Math.round((signIns / loadSeconds) * 100) / 100,
    };
    console.log(JSON.stringify(run));
    return run;
  } finally {
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function withFreshDatabase<T>(url: string, fn: (url: string) => Promise<T>): Promise<T> {
  const name = `bench_middleware_${process.pid}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    await admin.query(`create database ${name}`);
    const parsed = new URL(url);
    parsed.pathname = `/${name}`;
    return await fn(parsed.toString());
  } finally {
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
}

const NOTES_HEADING = '## Notes';

const fmt = (v: number | null) => (v === null ? '–' : String(v));

function renderReport(labelled: LabelledRun[]): string {
  const rows = labelled.flatMap((l) =>
    l.runs.map(
      (r) =>
        `| ${l.label} | ${r.database} | ${r.idleRssMb} | ${fmt(r.signedUpRssMb ?? null)} | ${fmt(r.endRssMb ?? null)} | ${r.peakRssMb} | ${fmt(r.quietReads.p50)} / ${fmt(r.quietReads.p99)} | ` +
        `${fmt(r.loadedReads.p50)} / ${fmt(r.loadedReads.p99)} / ${fmt(r.loadedReads.max)} | ` +
        `${r.loadedReads.answered} of ${r.loadedReads.sent} | ${r.signInsPerSecond} (${r.signIns} ok, ${r.signInFailures} failed) |`,
    ),
  );
  const runs = labelled.map(
    (l) =>
      `- **${l.label}**: ${l.measuredAt}, ${l.machine}; ${Object.entries(l.settings)
        .map(([k, v]) => `${k}=${v}`)
        .join(', ')}`,
  );
  return `# Middleware under sign-in load

Written by \`npm run bench:middleware\` (middleware/bench/middleware-bench.ts) from
\`docs/benchmarks/middleware.json\`. The built
middleware (\`dist/main.js\`) runs on embedded PGlite (and on PostgreSQL when \`DATABASE_URL\` is
given); the "Notes" section is written by hand and kept. ${SIGN_INS} customers sign in at once, round after round, for the load period, while a
signed-in customer reads \`GET /api/users/{id}\` every ${READ_INTERVAL_MS} ms whether or not the earlier
reads have answered (timeout ${READ_TIMEOUT_MS / 1000} s). "Quiet" reads are the same reads before
the load. Memory is the process's resident set (every thread): idle after start, after the sign-ups,
at the end of the load, and the peak: the kernel's high-water mark (VmHWM), reset as the load begins.

Goal: during ${SIGN_INS} concurrent sign-ins, signed-in reads keep p99 ≤ 100 ms and the process
stays under 600 MB.

| Build | Database | Idle RSS MB | After sign-ups MB | End of load MB | Peak RSS MB | Quiet reads p50 / p99 ms | Loaded reads p50 / p99 / max ms | Loaded reads answered | Sign-ins per s |
| ----- | -------- | ----------- | ----------------- | -------------- | ----------- | ------------------------ | ------------------------------- | --------------------- | -------------- |
${rows.join('\n')}

Runs:

${runs.join('\n')}

## Reading

${readingFor(labelled)}
`;
}

/** The verdict on the goals for the newest run of each database, in words. */
function readingFor(labelled: LabelledRun[]): string {
  const latest = labelled.find((l) => l.label === LABEL) ?? labelled.at(-1);
  if (!latest) return 'No runs yet.';
  return latest.runs
    .map((r) => {
      const p99 = r.loadedReads.p99;
      const readsOk = p99 !== null && p99 <= 100 && r.loadedReads.failed === 0;
      const memoryOk = r.peakRssMb < 600;
      return (
        `- ${latest.label}, ${r.database}: reads under load p99 ${fmt(p99)} ms ` +
        `(${readsOk ? 'goal met' : 'goal missed'}), peak ${r.peakRssMb} MB ` +
        `(${memoryOk ? 'goal met' : 'goal missed'}), ${r.signInsPerSecond} sign-ins per second.`
      );
    })
    .join('\n');
}

async function main(): Promise<void> {
  if (!existsSync(path.join(DIST, 'main.js'))) throw new Error(`no build at ${DIST}`);
  const runs: DatabaseRun[] = [await runOne('pglite')];
  const databaseUrl = process.env.DATABASE_URL;
  if (databaseUrl)
    runs.push(await withFreshDatabase(databaseUrl, (url) => runOne('postgresql', url)));

  const cpus = os.cpus();
  const labelled: LabelledRun = {
    label: LABEL,
    measuredAt: new Date().toISOString().slice(0, 16).replace('T', ' ') + ' UTC',
    machine: `${cpus.length} × ${cpus[0]?.model.trim() ?? 'CPU'}, ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}, load ${os.loadavg()[0]?.toFixed(2)} at the end`,
    settings: Object.fromEntries(
      Object.entries(process.env).filter(([k]) =>
        /^(PIN_HASH_|SCRYPT_COST|PGLITE_|BENCH_SECONDS|UV_THREADPOOL_SIZE)/.test(k),
      ) as [string, string][],
    ),
    runs,
  };
  const previous: LabelledRun[] = existsSync(jsonPath)
    ? (JSON.parse(readFileSync(jsonPath, 'utf8')) as LabelledRun[])
    : [];
  const all = [...previous.filter((l) => l.label !== LABEL), labelled];
  writeFileSync(jsonPath, `${JSON.stringify(all, null, 2)}\n`);
  // The hand-written "## Notes" section (what the numbers mean) survives the rewrite.
  const previousReport = existsSync(reportPath) ? readFileSync(reportPath, 'utf8') : '';
  const at = previousReport.indexOf(NOTES_HEADING);
  const notes = at >= 0 ? `\n${previousReport.slice(at)}` : '';
  writeFileSync(reportPath, renderReport(all) + notes);
  console.log(`wrote ${path.relative(repoRoot, reportPath)}`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
