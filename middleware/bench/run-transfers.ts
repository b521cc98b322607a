import { performance } from 'node:perf_hooks';
import type { Kysely } from 'kysely';
import type { Database } from '../src/db/schema.js';
import { createLedger } from '../src/ledger/index.js';
import { processCpuSeconds } from './cpu.js';

export interface TransferRunOptions {
  wallets: number;
  callers: number;
  seconds: number;
  maxTransfers: number;
}

/** One timed run: raw latencies, so several rounds can be merged before taking percentiles. */
export interface TransferRound {
  latencies: number[];
  failures: number;
  seconds: number;
  clientCpuSeconds: number;
  serverCpuSeconds: number;
}

export interface TransferRunResult {
  rounds: number;
  transfers: number;
  failures: number;
  seconds: number;
  tps: number;
  /** Transfers per second of each round, to show the spread. */
  roundTps: number[];
  p50ms: number;
  p99ms: number;
  meanMs: number;
  /** CPU milliseconds per transfer spent in this Node process (client, and PGlite's worker). */
  clientCpuMs: number;
  /** CPU milliseconds per transfer spent in PostgreSQL backends (0 for PGlite). */
  serverCpuMs: number;
}

/**
 * Opens `wallets` customer wallets and funds them in one multi-leg entry; the returned `run`
 * lets `callers` concurrent loops call ledger.transfer() between random distinct wallets until
 * the time or the transfer budget runs out. Latency is per call, as a route would see it (pool
 * wait included).
 */
export async function prepareTransfers(
  db: Kysely<Database>,
  wallets: number,
  /** CPU seconds of the database server so far (PostgreSQL); PGlite runs in-process: 0. */
  serverCpuSeconds: () => number = () => 0,
) {
  const ledger = createLedger(db);
  await ledger.ensureSystemAccounts();
  const ids: string[] = [];
  for (let i = 0; i < wallets; i++) {
    ids.push((await ledger.openAccount({ type: 'customer_wallet', name: `Bench ${i}` })).id);
  }
  const seed = 1_000_000_00; // ₦1,000,000 each: no transfer fails for lack of funds
  await ledger.post({
    reference: 'bench-seed',
    type: 'funding',
    narration: 'Benchmark seed',
    postings: [
      { account: 'bank_settlement', debitKobo: seed * ids.length },
      ...ids.map((account) => ({ account, creditKobo: seed })),
    ],
  });
  const pick = () => ids[Math.floor(Math.random() * ids.length)] ?? '';
  let round = 0;

  async function run(opts: Omit<TransferRunOptions, 'wallets'>): Promise<TransferRound> {
    round++;
    const latencies: number[] = [];
    let failures = 0;
    let issued = 0;
    const cpuBefore = { client: processCpuSeconds(), server: serverCpuSeconds() };
    const started = performance.now();
    const deadline = started + opts.seconds * 1000;

    async function caller(n: number): Promise<void> {
      while (performance.now() < deadline && issued < opts.maxTransfers) {
        const seq = issued++;
        const from = pick();
        let to = pick();
        while (to === from) to = pick();
        const t0 = performance.now();
        try {
          await ledger.transfer({
            from,
            to,
            amountKobo: 1 + Math.floor(Math.random() * 100_000),
            reference: `bench-${round}-${n}-${seq}`,
            type: 'intra-outward',
            narration: 'Benchmark transfer',
          });
          latencies.push(performance.now() - t0);
        } catch {
          failures++;
        }
      }
    }

    await Promise.all(Array.from({ length: opts.callers }, (_, n) => caller(n)));
    return {
      latencies,
      failures,
      seconds: (performance.now() - started) / 1000,
      clientCpuSeconds: processCpuSeconds() - cpuBefore.client,
      serverCpuSeconds: serverCpuSeconds() - cpuBefore.server,
    };
  }

  /** Cached balances must equal the postings after the load. */
  async function verify(): Promise<void> {
    const reconciliation = await ledger.reconcile();
    if (reconciliation.mismatches.length > 0 || reconciliation.totalBalanceKobo !== 0) {
      throw new Error(`Ledger does not reconcile after the run: ${JSON.stringify(reconciliation)}`);
    }
  }

  return { run, verify };
}

export function summarise(rounds: readonly TransferRound[]): TransferRunResult {
  const latencies = rounds.flatMap((r) => r.latencies).sort((a, b) => a - b);
  const count = latencies.length;
  const seconds = rounds.reduce((s, r) => s + r.seconds, 0);
  const at = (q: number) => latencies[Math.min(count - 1, Math.floor(q * count))] ?? 0;
  const perTransfer = (cpuSeconds: number) => (cpuSeconds * 1000) / Math.max(1, count);
  return {
    rounds: rounds.length,
    transfers: count,
    failures: rounds.reduce((s, r) => s + r.failures, 0),
    seconds,
    tps: count / seconds,
    roundTps: rounds.map((r) => r.latencies.length / r.seconds),
    p50ms: at(0.5),
    p99ms: at(0.99),
    meanMs: latencies.reduce((a, b) => a + b, 0) / Math.max(1, count),
    clientCpuMs: perTransfer(rounds.reduce((s, r) => s + r.clientCpuSeconds, 0)),
    serverCpuMs: perTransfer(rounds.reduce((s, r) => s + r.serverCpuSeconds, 0)),
  };
}
