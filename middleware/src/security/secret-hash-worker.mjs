// One scrypt at a time per thread of the secret-hash pool (src/security/secret-hash-pool.ts). Run
// synchronously here, on this worker's own thread: crypto.scrypt would hand it to libuv's shared
// pool, which is the very queue this pool exists to keep free. Plain JS (not TS) so the same file
// runs under tsx, jest and from dist without a loader.
import { scryptSync } from 'node:crypto';
import { workerData } from 'node:worker_threads';

// [running now, most ever running at once], shared by every thread of the pool.
const counters = new Int32Array(workerData.counters);

export default function scrypt({ password, salt, keyLength, N, r, p, maxmem }) {
  const running = Atomics.add(counters, 0, 1) + 1;
  for (let peak = Atomics.load(counters, 1); running > peak; peak = Atomics.load(counters, 1)) {
    if (Atomics.compareExchange(counters, 1, peak, running) === peak) break;
  }
  try {
    return scryptSync(password, salt, keyLength, { N, r, p, maxmem });
  } finally {
    Atomics.sub(counters, 0, 1);
  }
}
