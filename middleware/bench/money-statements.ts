// The SQL of one money call: `tsx bench/money-statements.ts` starts a throwaway PostgreSQL cluster
// with pg_stat_statements, builds the app in this process on it, makes a few warm-up calls, then
// MONEY_STATEMENTS_CALLS (20) wallet-to-wallet transfers and as many airtime purchases, and prints
// for each kind the statements per call (round trips, BEGIN/COMMIT included) and their database
// time. Background work (the heartbeat, the job queue) runs meanwhile: its rows are the ones with
// a fraction of a call per call. For docs/benchmarks/money.md's Notes; nothing is written.
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import pg from 'pg';
import { fundedCustomer, type Customer } from '../src/modules/funding/funding-test-kit.js';
import { buyAirtime } from '../src/modules/payments/payments-test-kit.js';
import { walletTransfer } from '../src/modules/transfers/transfers-test-kit.js';
import { createTestApp, type TestApp } from '../src/test-support/test-app.js';

interface ClusterModule {
  startCluster(dir: string, port?: number): Promise<{ dir: string; port: number; url: string }>;
  stopCluster(dir: string): void;
  startThrowawayCluster(
    prefix: string,
  ): Promise<{ dir: string; port: number; url: string; stop(): void }>;
}

const here = path.dirname(fileURLToPath(import.meta.url));
const CALLS = Number(process.env.MONEY_STATEMENTS_CALLS ?? 20);

async function query<T>(url: string, text: string): Promise<T[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(text)).rows as T[];
  } finally {
    await client.end();
  }
}

interface Row {
  query: string;
  calls: string;
  total_exec_time: number;
  total_plan_time: number;
  rows: string;
}

async function measure(
  url: string,
  kind: string,
  call: (i: number) => Promise<{ status: number }>,
): Promise<void> {
  await query(url, 'select pg_stat_statements_reset()');
  const started = performance.now();
  for (let i = 0; i < CALLS; i++) {
    const answer = await call(i);
    if (answer.status !== 200 && answer.status !== 201)
      throw new Error(`${kind}: answered ${answer.status}`);
  }
  const ms = performance.now() - started;
  const rows = await query<Row>(
    url,
    `select query, calls, total_exec_time, total_plan_time, rows from pg_stat_statements
      where query not like '%pg_stat_statements%' order by calls desc, total_exec_time desc`,
  );
  let perCall = 0;
  let dbMs = 0;
  let planMs = 0;
  console.log(`\n## ${kind}: ${CALLS} calls, ${(ms / CALLS).toFixed(1)} ms each (one caller)`);
  console.log('| per call | db ms per call | planning ms per call | statement |');
  console.log('| -------- | -------------- | -------------------- | --------- |');
  for (const row of rows) {
    const n = Number(row.calls) / CALLS;
    perCall += n;
    dbMs += row.total_exec_time / CALLS;
    planMs += row.total_plan_time / CALLS;
    const text = row.query.replace(/\s+/g, ' ').slice(0, 150);
    console.log(
      `| ${n.toFixed(2)} | ${(row.total_exec_time / CALLS).toFixed(3)} | ${(row.total_plan_time / CALLS).toFixed(3)} | ${text} |`,
    );
  }
  console.log(
    `| **${perCall.toFixed(1)}** | **${dbMs.toFixed(2)}** | **${planMs.toFixed(2)}** | all statements (execution and planning) |`,
  );
}

async function main(): Promise<void> {
  const clusterUrl = pathToFileURL(path.resolve(here, '../../scripts/pg-cluster.mjs')).href;
  const { startThrowawayCluster, startCluster, stopCluster } = (await import(
    clusterUrl
  )) as ClusterModule;
  const cluster = await startThrowawayCluster('ajo-money-statements-');
  let t: TestApp | null = null;
  try {
    await query(cluster.url, `alter system set shared_preload_libraries = 'pg_stat_statements'`);
    stopCluster(cluster.dir);
    await startCluster(cluster.dir, cluster.port);
    await query(cluster.url, 'create extension if not exists pg_stat_statements');
    // Planning is counted apart from execution: each statement is planned again on every call
    // unless a connection keeps it prepared.
    await query(cluster.url, 'alter system set pg_stat_statements.track_planning = on');
    await query(cluster.url, 'select pg_reload_conf()');
    process.env.TEST_DATABASE_URL = cluster.url;
    t = await createTestApp({ STEP_UP_AMOUNT: '9999999999', RATE_LIMIT_MAX: '100000' });
    const app = t;
    const senders: Customer[] = [];
    for (let i = 0; i < 4; i++) senders.push(await fundedCustomer(app, 100_000));
    const send = (i: number) =>
      walletTransfer(
        app,
        senders[i % 4] as Customer,
        (senders[(i + 1) % 4] as Customer).main,
        { transfer_amount: 1 },
        randomUUID(),
      );
    const buy = (i: number) => buyAirtime(app, senders[i % 4] as Customer, { amount: 100 });
    // Warm-up: PIN records upgraded, wallets and plans cached, the heartbeat written.
    for (let i = 0; i < 8; i++) {
      await send(i);
      await buy(i);
    }
    await measure(cluster.url, 'wallet-to-wallet', send);
    await measure(cluster.url, 'airtime', buy);
  } finally {
    await t?.close();
    cluster.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
