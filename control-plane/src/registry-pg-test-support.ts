// Shared by the registry's PostgreSQL tests (*.pg.test.ts, run by `npm run test:pg`): every table
// the registry creates, dropped before each test so each starts from an empty registry, and the
// stores those tests open on TEST_DATABASE_URL.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { RegistryStore, RegistryStoreOptions } from './registry/index.js';
import { openTestStore } from './registry-test-support.js';

/** Every table of the registry (registry/sql.ts), the ones that refer to others first. */
export const REGISTRY_TABLES = [
  'registry_loads',
  'registry_mount_checks',
  'registry_mount_check_leases',
  'registry_failures',
  'registry_history',
  'registry_versions',
  'registry_revision',
  'registry_secrets',
];

/** Drops the registry's tables in the database at `url`. */
export async function emptyRegistry(url: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(`DROP TABLE IF EXISTS ${REGISTRY_TABLES.join(', ')}`);
  } finally {
    await client.end();
  }
}

/**
 * Registers the set-up and clean-up of a PostgreSQL registry test named `file`: an empty registry
 * and a temporary deploy folder before each test, its stores closed after. Answers how to open a
 * store there and where the folder is.
 */
export function postgresRegistry(file: string) {
  const url = process.env.TEST_DATABASE_URL;
  let tmp = '';
  let stores: RegistryStore[] = [];
  beforeEach(async () => {
    if (!url) throw new Error(`${file} needs TEST_DATABASE_URL`);
    tmp = mkdtempSync(path.join(os.tmpdir(), 'ajo-registry-pg-'));
    stores = [];
    await emptyRegistry(url);
  });
  afterEach(async () => {
    for (const store of stores) await store.close();
    rmSync(tmp, { recursive: true, force: true });
  });
  return {
    open: (options: Omit<RegistryStoreOptions, 'databaseUrl'> = {}) => {
      const store = openTestStore(path.join(tmp, 'deploy'), { ...options, databaseUrl: url });
      stores.push(store);
      return store;
    },
    tmp: () => tmp,
  };
}
