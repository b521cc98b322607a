import path from 'node:path';
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import { findPackageRoot } from '../package-root.js';
import { lockDataFolder } from './folder-lock.js';
import { PgliteWorkerDialect } from './pglite-dialect.js';
import type { Database } from './schema.js';

export type { Database } from './schema.js';
export { DatabaseError } from './pglite-client.js';
export { FolderInUseError } from './folder-lock.js';
export { appliedMigrations, migrateToLatest, type MigrateOptions } from './migrate.js';

export interface DbLogger {
  info(obj: object, msg?: string): void;
  error(obj: object, msg?: string): void;
}

export interface AppDatabase {
  db: Kysely<Database>;
  kind: 'pglite' | 'postgres';
  close(): Promise<void>;
}

export interface OpenDatabaseOptions {
  /** PostgreSQL connection string; when absent, embedded PGlite is used. */
  url?: string;
  /** PGlite data folder, or 'memory://' for a throwaway database. */
  dataDir?: string;
  /** PostgreSQL pool size (default 10). */
  poolMax?: number;
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
    const pool = new pg.Pool({
      connectionString: opts.url,
      max: opts.poolMax ?? 10,
      types: {
        getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
          oid === 20
            ? parseInt8
            : pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
      },
    });
    pool.on('error', (error) => opts.log?.error({ err: error }, 'idle PostgreSQL client error'));
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    opts.log?.info({ kind: 'postgres' }, 'database: PostgreSQL');
    return { db, kind: 'postgres', close: () => db.destroy() };
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
