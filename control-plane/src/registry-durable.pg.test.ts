/** @jest-environment node */
// Never acknowledge what is not durable, on PostgreSQL (registry-durable-suite.ts): run by
// `npm run test:pg` with TEST_DATABASE_URL.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { RegistryStore } from './registry/index.js';
import { durabilitySuite } from './registry-durable-suite.js';
import { openTestStore } from './registry-test-support.js';

const url = process.env.TEST_DATABASE_URL;
let tmp: string;
let stores: RegistryStore[];

beforeEach(async () => {
  if (!url) throw new Error('registry-durable.pg.test.ts needs TEST_DATABASE_URL');
  tmp = mkdtempSync(path.join(os.tmpdir(), 'ajo-durable-pg-'));
  stores = [];
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(
      'DROP TABLE IF EXISTS registry_failures, registry_history, registry_versions, registry_revision, registry_secrets, registry_mount_checks',
    );
  } finally {
    await client.end();
  }
});
afterEach(async () => {
  for (const store of stores) await store.close();
  rmSync(tmp, { recursive: true, force: true });
});

describe('the registry on PostgreSQL: never acknowledges what is not durable', () => {
  durabilitySuite({
    open: () => {
      const store = openTestStore(path.join(tmp, 'deploy'), { databaseUrl: url });
      stores.push(store);
      return store;
    },
    tmp: () => tmp,
  });
});
