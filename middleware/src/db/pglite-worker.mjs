// Runs PGlite in its own thread: its queries execute synchronously inside WebAssembly, so on the
// main thread a heavy query would stall every HTTP request. Plain JS (not TS) so the very same
// file runs under tsx, jest and from dist without a loader.
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';

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

async function handle(message) {
  switch (message.type) {
    case 'open': {
      db = new PGlite(workerData.dataDir, { parsers: { 20: parseInt8 } });
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

parentPort.on('message', async (message) => {
  try {
    const result = await handle(message);
    parentPort.postMessage({ id: message.id, ok: true, result });
  } catch (error) {
    parentPort.postMessage({ id: message.id, ok: false, error: serialiseError(error) });
  }
});
