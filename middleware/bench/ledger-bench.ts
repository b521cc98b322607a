// `npm run bench:ledger`: the ledger's transfer service on PGlite and PostgreSQL, and pgbench's
// TPC-B-like run on the same PostgreSQL for comparison. Writes middleware/BENCHMARKS.md.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { sql } from 'kysely';
import pg from 'pg';
import { migrateToLatest, openDatabase } from '../src/db/index.js';
import { clusterCpuSeconds, postmasterPid } from './cpu.js';
import { initPgbench, runPgbench, summarisePgbench, type PgbenchRound } from './pgbench.js';
import { renderReport, type BenchReport } from './report.js';
import {
  prepareTransfers,
  summarise,
  type TransferRound,
  type TransferRunOptions,
} from './run-transfers.js';

interface ClusterModule {
  startCluster(dir: string, port?: number): Promise<{ dir: string; port: number; url: string }>;
  stopCluster(dir: string): void;
}

const here = path.dirname(fileURLToPath(import.meta.url));
const CALLERS = Number(process.env.BENCH_CALLERS ?? 16);
/** Seconds per contender, split into ROUNDS alternating rounds on PostgreSQL. */
const SECONDS = Number(process.env.BENCH_SECONDS ?? 20);
const ROUNDS = Math.max(1, Number(process.env.BENCH_ROUNDS ?? 4));
const ROUND_SECONDS = Math.max(1, Math.round(SECONDS / ROUNDS));
const WARMUP_SECONDS = 2;
const options: TransferRunOptions = {
  wallets: Number(process.env.BENCH_WALLETS ?? 1000),
  callers: CALLERS,
  seconds: SECONDS,
  maxTransfers: Number(process.env.BENCH_MAX_TRANSFERS ?? 1_000_000),
};

async function adminQuery(url: string, text: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

async function main(): Promise<void> {
  // A plain dynamic import of the repo's JS helper (it has no type declarations).
  const clusterUrl = pathToFileURL(path.resolve(here, '../../scripts/pg-cluster.mjs')).href;
  const { startCluster, stopCluster } = (await import(clusterUrl)) as ClusterModule;
  const loadStart = os.loadavg();
  const workDir = mkdtempSync(path.join(os.tmpdir(), 'ajo-ledger-bench-'));
  // Not inside workDir: as root the cluster folder belongs to `postgres`, which cannot enter a 0700 dir.
  const clusterDir = path.join(os.tmpdir(), `ajo-ledger-bench-pg-${process.pid}`);
  const cluster = await startCluster(clusterDir);
  try {
    console.log(
      `PostgreSQL cluster on port ${cluster.port}; ${CALLERS} callers, ${ROUNDS} rounds of ${ROUND_SECONDS} s`,
    );
    const postmaster = postmasterPid(path.join(cluster.dir, 'data'));
    const serverCpu = () => clusterCpuSeconds(postmaster);
    await adminQuery(cluster.url, 'create database ledger');
    const ledgerUrl = cluster.url.replace(/\/postgres$/, '/ledger');
    // Scale 1 (pgbench's default, the first comparison) has one branch row that every client
    // updates; scale 16 removes that hot spot, for an honest second comparison.
    const scales = [1, Number(process.env.BENCH_PGBENCH_SCALE2 ?? 16)].filter((s) => s > 0);
    for (const scale of scales) {
      await adminQuery(cluster.url, `create database pgbench_s${scale}`);
      initPgbench(cluster.port, `pgbench_s${scale}`, scale);
    }

    const postgres = await openDatabase({ url: ledgerUrl, poolMax: CALLERS });
    let pgInfo: BenchReport['postgres'];
    const pgbenchRounds = new Map<number, PgbenchRound[]>(scales.map((s) => [s, []]));
    try {
      await migrateToLatest(postgres.db);
      const settings = await sql<{ name: string; setting: string; unit: string | null }>`
        select name, setting, unit from pg_settings where name in ('fsync', 'synchronous_commit',
          'full_page_writes', 'shared_buffers', 'max_connections', 'wal_level', 'max_wal_size')
        order by name`.execute(postgres.db);
      const version = await sql<{ v: string }>`select version() as v`.execute(postgres.db);
      const transfers = await prepareTransfers(postgres.db, options.wallets, serverCpu);
      // Alternate the contenders in short rounds so that load from other jobs on the machine
      // falls on both alike.
      // A short unmeasured warm-up of each contender first (JIT, caches, plan caches).
      console.log(`warm-up: ${WARMUP_SECONDS} s each ...`);
      await transfers.run({ ...options, seconds: WARMUP_SECONDS });
      for (const scale of scales)
        runPgbench(cluster.port, `pgbench_s${scale}`, CALLERS, WARMUP_SECONDS);
      const rounds: TransferRound[] = [];
      for (let round = 1; round <= ROUNDS; round++) {
        console.log(`round ${round}: ledger.transfer on PostgreSQL, then pgbench ...`);
        rounds.push(await transfers.run({ ...options, seconds: ROUND_SECONDS }));
        for (const scale of scales) {
          pgbenchRounds
            .get(scale)
            ?.push(
              runPgbench(cluster.port, `pgbench_s${scale}`, CALLERS, ROUND_SECONDS, serverCpu),
            );
        }
      }
      await transfers.verify();
      pgInfo = {
        version: version.rows[0]?.v ?? '?',
        settings: settings.rows.map((s) => `${s.name}=${s.setting}${s.unit ? ` (${s.unit})` : ''}`),
        result: summarise(rounds),
      };
    } finally {
      await postgres.close();
    }
    const [pgbench, pgbenchScaled] = scales.map((scale) =>
      summarisePgbench(scale, ROUND_SECONDS, pgbenchRounds.get(scale) ?? []),
    );
    if (!pgbench) throw new Error('pgbench did not run');

    console.log('ledger.transfer on PGlite ...');
    const pglite = await openDatabase({ dataDir: path.join(workDir, 'pglite') });
    let pgliteResult;
    try {
      await migrateToLatest(pglite.db);
      const transfers = await prepareTransfers(pglite.db, options.wallets);
      pgliteResult = summarise([await transfers.run({ ...options, seconds: SECONDS })]);
      await transfers.verify();
    } finally {
      await pglite.close();
    }

    const report: BenchReport = {
      date: new Date(),
      machine: {
        cpus: os.cpus().length,
        cpuModel: os.cpus()[0]?.model ?? '?',
        memoryGb: os.totalmem() / 1024 ** 3,
        node: process.version,
        platform: `${os.type()} ${os.release()} ${os.arch()}`,
        loadStart,
        loadEnd: os.loadavg(),
      },
      options,
      postgres: pgInfo,
      pglite: pgliteResult,
      pgbench,
      ...(pgbenchScaled ? { pgbenchScaled } : {}),
    };
    const markdown = renderReport(report);
    writeFileSync(path.resolve(here, '..', 'BENCHMARKS.md'), markdown);
    console.log(markdown);
  } finally {
    stopCluster(cluster.dir);
    rmSync(workDir, { recursive: true, force: true });
    rmSync(clusterDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
