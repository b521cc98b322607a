import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { migrateToLatest, openDatabase, type AppDatabase } from '../db/index.js';

export type TestDatabase = AppDatabase & {
  /** PostgreSQL only: the database's URL, for processes started by the test. */
  url?: string;
  drop(): Promise<void>;
};

export interface TestDatabaseOptions {
  /** Apply every migration first (default true). */
  migrate?: boolean;
}

/**
 * A fresh, isolated database for one test file: PostgreSQL when TEST_DATABASE_URL is set (a new
 * database `test_<random>` on that server, dropped afterwards, so files run in parallel), otherwise
 * an in-memory PGlite in its worker thread. Always call `drop()` in afterAll.
 */
export async function createTestDatabase(options: TestDatabaseOptions = {}): Promise<TestDatabase> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  let database: AppDatabase;
  let databaseUrl: string | undefined;
  let cleanup: () => Promise<void> = async () => undefined;

  if (serverUrl) {
    const name = `test_${randomBytes(6).toString('hex')}`;
    await adminQuery(serverUrl, `create database ${name}`);
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    databaseUrl = url.toString();
    database = await openDatabase({ url: databaseUrl, poolMax: 5 });
    cleanup = () => adminQuery(serverUrl, `drop database if exists ${name} with (force)`);
  } else {
    database = await openDatabase({ dataDir: 'memory://' });
  }

  if (options.migrate ?? true) await migrateToLatest(database.db);
  let dropped = false;
  return {
    ...database,
    ...(databaseUrl ? { url: databaseUrl } : {}),
    async drop() {
      if (dropped) return;
      dropped = true;
      await database.close();
      await cleanup();
    },
  };
}

async function adminQuery(serverUrl: string, sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

export const testDatabaseKind = (): 'pglite' | 'postgres' =>
  process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite';
