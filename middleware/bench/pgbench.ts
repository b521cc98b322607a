import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

/** One `pgbench -b tpcb-like` run. */
export interface PgbenchRound {
  tps: number;
  latencyMs: number;
  transactions: number;
  serverCpuSeconds: number;
}

export interface PgbenchResult {
  scale: number;
  rounds: number;
  transactions: number;
  /** Transactions over the rounds' total duration. */
  tps: number;
  roundTps: number[];
  latencyMs: number;
  /** CPU milliseconds per transaction spent in PostgreSQL backends. */
  serverCpuMs: number;
}

function pgbenchBinary(): string {
  const found = ['17', '16', '15']
    .map((v) => `/usr/lib/postgresql/${v}/bin/pgbench`)
    .concat(['/usr/bin/pgbench', '/usr/local/bin/pgbench'])
    .find((p) => existsSync(p));
  if (!found) throw new Error('pgbench not found (install postgresql-contrib / postgresql-15)');
  return found;
}

function run(args: string[]): string {
  // Over TCP as user postgres: works from root too (the cluster trusts local connections).
  const r = spawnSync(pgbenchBinary(), args, { encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`pgbench ${args.join(' ')} failed: ${r.stderr || r.stdout}`);
  return `${r.stdout}\n${r.stderr}`;
}

const connection = (port: number) => ['-h', '127.0.0.1', '-p', String(port), '-U', 'postgres'];

/** `pgbench -i -s <scale>`: creates and fills the TPC-B tables in `database`. */
export function initPgbench(port: number, database: string, scale: number): void {
  run(['-i', '-q', '-s', String(scale), ...connection(port), database]);
}

/** `pgbench -b tpcb-like -c <clients> -j 2 -T <seconds>` against an initialised database. */
export function runPgbench(
  port: number,
  database: string,
  clients: number,
  seconds: number,
  serverCpuSeconds: () => number = () => 0,
): PgbenchRound {
  const cpuBefore = serverCpuSeconds();
  const args = ['-b', 'tpcb-like', '-c', String(clients), '-j', '2', '-T', String(seconds)];
  const out = run([...args, ...connection(port), database]);
  const tps = /tps = ([\d.]+) \(without initial connection time\)/.exec(out)?.[1];
  const latency = /latency average = ([\d.]+) ms/.exec(out)?.[1];
  const transactions = /number of transactions actually processed: (\d+)/.exec(out)?.[1];
  if (!tps) throw new Error(`Could not read pgbench's tps from:\n${out}`);
  return {
    tps: Number(tps),
    latencyMs: Number(latency ?? 0),
    transactions: Number(transactions ?? 0),
    serverCpuSeconds: serverCpuSeconds() - cpuBefore,
  };
}

export function summarisePgbench(
  scale: number,
  seconds: number,
  rounds: readonly PgbenchRound[],
): PgbenchResult {
  const transactions = rounds.reduce((s, r) => s + r.transactions, 0);
  const cpu = rounds.reduce((s, r) => s + r.serverCpuSeconds, 0);
  return {
    scale,
    rounds: rounds.length,
    transactions,
    tps: transactions / (seconds * rounds.length),
    roundTps: rounds.map((r) => r.tps),
    latencyMs:
      rounds.reduce((s, r) => s + r.latencyMs * r.transactions, 0) / Math.max(1, transactions),
    serverCpuMs: (cpu * 1000) / Math.max(1, transactions),
  };
}
