// Runs PGlite in its own thread: its queries execute synchronously inside WebAssembly, so on the
// main thread a heavy query would stall every HTTP request. Plain JS (not TS) so the very same
// file runs under tsx, jest and from dist without a loader.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { Worker, parentPort, workerData } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';

// Memory (docs/decisions/018-secret-hashing-off-the-shared-thread-pool.md, "Idle memory"): PGlite's
// own default is PostgreSQL's 128 MB of shared buffers, which our tables (a few MB per thousand
// customers) never fill but which WASM keeps once touched; 16 MB holds the hot rows. The kernel's
// page cache still serves the data folder below it.
const startParams = [...PGlite.defaultStartParams, '-c', 'shared_buffers=16MB'];

// int8 as a JS number, as the pg pool is configured (src/db/index.ts); refuse silent rounding.
const parseInt8 = (value) => {
  const n = Number(value);
  if (!Number.isSafeInteger(n)) throw new RangeError(`int8 value ${value} exceeds the safe range`);
  return n;
};

const errorFields = [
  'code',
  'detail',
  'hint',
  'severity',
  'position',
  'schema',
  'table',
  'column',
  'dataType',
  'constraint',
  'where',
  'routine',
];

function serialiseError(error) {
  const out = { name: error?.name ?? 'Error', message: String(error?.message ?? error) };
  for (const key of errorFields) if (error?.[key] !== undefined) out[key] = error[key];
  return out;
}

let db;

/**
 * initdb's WASM instance keeps about 450 MB resident after it has run, for the life of the thread
 * that ran it. A fresh data folder is therefore initialised in a short-lived thread of its own
 * (this script again, with initOnly), which takes that memory with it when it ends.
 */
function initialiseInOwnThread(dataDir) {
  return new Promise((resolve, reject) => {
    const init = new Worker(new URL(import.meta.url), { workerData: { dataDir, initOnly: true } });
    init.once('error', reject);
    init.once('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`PGlite initdb thread exited (code ${code})`)),
    );
  });
}

const isFresh = (dataDir) =>
  !dataDir.startsWith('memory://') && !existsSync(path.join(dataDir, 'PG_VERSION'));

async function handle(message) {
  switch (message.type) {
    case 'open': {
      if (isFresh(workerData.dataDir)) await initialiseInOwnThread(workerData.dataDir);
      db = new PGlite(workerData.dataDir, { parsers: { 20: parseInt8 }, startParams });
      await db.waitReady;
      return null;
    }
    case 'query': {
      const result = await db.query(message.sql, message.params, { rowMode: 'object' });
      return { rows: result.rows, affectedRows: result.affectedRows ?? 0 };
    }
    case 'exec': {
      await db.exec(message.sql);
      return null;
    }
    case 'close': {
      if (db && !db.closed) await db.close();
      return null;
    }
    default:
      throw new Error(`Unknown message type ${message.type}`);
  }
}

if (workerData.initOnly) {
  const init = new PGlite(workerData.dataDir, { startParams });
  await init.waitReady;
  await init.close();
  process.exit(0);
}

parentPort?.on('message', async (message) => {
  try {
    const result = await handle(message);
    parentPort.postMessage({ id: message.id, ok: true, result });
  } catch (error) {
    parentPort.postMessage({ id: message.id, ok: false, error: serialiseError(error) });
  }
});
