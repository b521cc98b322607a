import path from 'node:path';
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import { findPackageRoot } from '../package-root.js';
import { lockDataFolder } from './folder-lock.js';
import { PgliteWorkerDialect } from './pglite-dialect.js';
import { createReadWritePool } from './postgres-pool.js';
import type { Database } from './schema.js';

export type { Database } from './schema.js';
export { DatabaseError } from './pglite-client.js';
export { FolderInUseError } from './folder-lock.js';
export {
  isDatabaseUnavailable,
  isTransientConflict,
  NoWritableDatabaseError,
  ReadOnlyHostError,
  splitHostUrls,
} from './postgres-pool.js';
export { appliedMigrations, migrateToLatest, type MigrateOptions } from './migrate.js';

export interface DbLogger {
  info(obj: object, msg?: string): void;
  warn?(obj: object, msg?: string): void;
  error(obj: object, msg?: string): void;
}

/** A PostgreSQL pool's use, read by the metrics (src/plugins/metrics.ts). */
export interface PoolStats {
  total: number;
  idle: number;
  /** Queries waiting for a connection: above 0 for long, the pool is too small. */
  waiting: number;
  max: number;
}

export interface AppDatabase {
  db: Kysely<Database>;
  kind: 'pglite' | 'postgres';
  /** PostgreSQL only: PGlite has one connection and no pool. */
  poolStats?: () => PoolStats;
  close(): Promise<void>;
}

export interface OpenDatabaseOptions {
  /**
   * PostgreSQL connection string, one host or several (`postgres://u@h1:5432,h2:5432/db`: only
   * the host that accepts writes is used); when absent, embedded PGlite is used.
   */
  url?: string;
  /** PGlite data folder, or 'memory://' for a throwaway database. */
  dataDir?: string;
  /** PostgreSQL pool size (default 10). */
  poolMax?: number;
  /** PostgreSQL: opening one connection, per host (default 5 s). */
  connectTimeoutMs?: number;
  /** PostgreSQL statement_timeout (default 30 s). */
  statementTimeoutMs?: number;
  /** PostgreSQL idle_in_transaction_session_timeout (default 60 s). */
  idleInTransactionTimeoutMs?: number;
  /** PGlite: how long a query waits for the single connection before failing (default 60 s). */
  pgliteAcquireTimeoutMs?: number;
  log?: DbLogger;
}

const packageRoot = findPackageRoot();
/** `<repo>/.data/pglite`, the same from src and from dist. */
export const defaultDataDir = path.resolve(packageRoot, '..', '.data', 'pglite');

// pg returns int8 as a string by default; PGlite returns a number. Align both on a safe number.
function parseInt8(value: string): number {
  const n = Number(value);
  if (!Number.isSafeInteger(n)) throw new RangeError(`int8 value ${value} exceeds the safe range`);
  return n;
}

export async function openDatabase(opts: OpenDatabaseOptions = {}): Promise<AppDatabase> {
  if (opts.url) {
    const pool = createReadWritePool({
      url: opts.url,
      max: opts.poolMax ?? 10,
      connectTimeoutMs: opts.connectTimeoutMs ?? 5000,
      statementTimeoutMs: opts.statementTimeoutMs ?? 30_000,
      idleInTransactionTimeoutMs: opts.idleInTransactionTimeoutMs ?? 60_000,
      types: {
        getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
          oid === 20
            ? parseInt8
            : pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
      },
      ...(opts.log?.warn ? { log: { warn: opts.log.warn.bind(opts.log) } } : {}),
    });
    pool.on('error', (error) => opts.log?.error({ err: error }, 'idle PostgreSQL client error'));
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    opts.log?.info({ kind: 'postgres' }, 'database: PostgreSQL');
    const max = opts.poolMax ?? 10;
    const poolStats = (): PoolStats => ({
      total: pool.totalCount,
      idle: pool.idleCount,
      waiting: pool.waitingCount,
      max,
    });
    return { db, kind: 'postgres', poolStats, close: () => db.destroy() };
  }

  const dataDir = opts.dataDir ?? defaultDataDir;
  const inMemory = dataDir.startsWith('memory://');
  const release = inMemory ? () => undefined : lockDataFolder(dataDir);
  const db = new Kysely<Database>({
    dialect: new PgliteWorkerDialect(
      inMemory ? dataDir : path.resolve(dataDir),
      opts.pgliteAcquireTimeoutMs,
    ),
  });
  try {
    // Kysely initialises the driver lazily; do it now so a broken folder fails at start.
    await db.selectNoFrom((eb) => eb.val(1).as('one')).execute();
  } catch (error) {
    await db.destroy().catch(() => undefined);
    release();
    throw error;
  }
  opts.log?.info({ kind: 'pglite', dataDir }, 'database: embedded PGlite');
  let closed = false;
  return {
    db,
    kind: 'pglite',
    async close() {
      if (closed) return;
      closed = true;
      try {
        await db.destroy();
      } finally {
        release();
      }
    },
  };
}
