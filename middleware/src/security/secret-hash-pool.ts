import { availableParallelism } from 'node:os';
import { Piscina } from 'piscina';
import { AppError, GENERIC_ERROR_MESSAGE } from '../errors.js';

/*
 * PIN hashing in worker threads of its own (docs/decisions/018-secret-hashing-off-the-shared-thread-pool.md).
 * crypto.scrypt runs on libuv's thread pool, shared with file I/O, DNS, zlib and WebCrypto: at
 * N = 2^17 (128 MiB, about a quarter of a second of one core) four sign-ins filled it and every
 * other request queued behind them, while memory grew by 128 MiB per hash in flight. Here at most
 * `threads` hashes run at once (so at most threads × 128 MiB), `queue` more wait their turn, and
 * anything beyond is refused at once with a 503 rather than held in memory for seconds.
 */
export interface SecretHashPoolOptions {
  /** Hashes computed at once (worker threads). */
  threads: number;
  /** Hashes allowed to wait for a thread; beyond it, 503. */
  queue: number;
}

/** One core of a 2-core box for hashing, the other for requests and the database; at most 4. */
export const defaultHashThreads = (cores = availableParallelism()) =>
  Math.max(1, Math.min(4, cores - 1));
export const DEFAULT_HASH_QUEUE = 64;

export interface ScryptTask {
  password: Buffer;
  salt: Buffer;
  keyLength: number;
  N: number;
  r: number;
  p: number;
  maxmem: number;
}

/** The answer when every thread is busy and the queue is full: try again shortly. */
export const hashingBusy = () =>
  new AppError(503, GENERIC_ERROR_MESSAGE, 'SECRET_HASHING_BUSY', undefined, {
    'retry-after': '1',
  });

export class SecretHashPool {
  private readonly piscina: Piscina<ScryptTask, Uint8Array>;
  /** [running now, most ever running at once], written by the worker threads. */
  private readonly counters = new Int32Array(new SharedArrayBuffer(8));
  private inFlight = 0;
  private refused = 0;

  constructor(readonly options: SecretHashPoolOptions) {
    this.piscina = new Piscina({
      filename: new URL('./secret-hash-worker.mjs', import.meta.url).href,
      minThreads: 0,
      maxThreads: options.threads,
      // A thread keeps its isolate (about 10 MB) for a minute of quiet, then leaves: an idle
      // middleware holds no hashing threads, a busy one does not restart them per sign-in.
      idleTimeout: 60_000,
      concurrentTasksPerWorker: 1,
      // Hashing threads yield the CPU to the request and database threads (Linux nice, through
      // piscina's optional @napi-rs/nice): a sign-in waits a little longer, a read does not.
      niceIncrement: 10,
      workerData: { counters: this.counters.buffer },
    });
  }

  /** scrypt off the shared thread pool; rejects with a 503 AppError when the queue is full. */
  async scrypt(task: ScryptTask): Promise<Buffer> {
    // Counted here, not by Piscina's own queue limit: until its threads have started it queues
    // every task, so its limit would depend on timing; this one does not.
    if (this.inFlight >= this.options.threads + this.options.queue) {
      this.refused += 1;
      throw hashingBusy();
    }
    this.inFlight += 1;
    try {
      return Buffer.from(await this.piscina.run(task));
    } finally {
      this.inFlight -= 1;
    }
  }

  /** For tests and the benchmark: what the pool holds and the most hashes that ever ran at once. */
  stats() {
    return {
      running: Atomics.load(this.counters, 0),
      peakRunning: Atomics.load(this.counters, 1),
      inFlight: this.inFlight,
      refused: this.refused,
      threads: this.piscina.threads.length,
    };
  }

  close(): Promise<void> {
    return this.piscina.destroy();
  }
}
