/** @jest-environment node */
// Mount-check verdicts in the registry database, one check per version at a time, on SQLite
// (registry-mount-verdicts-suite.ts).
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { RegistryStore } from './registry/index.js';
import { mountVerdictSuite } from './registry-mount-verdicts-suite.js';
import { openTestStore } from './registry-test-support.js';

let tmp: string;
let stores: RegistryStore[];
beforeEach(() => {
  tmp = mkdtempSync(path.join(os.tmpdir(), 'ajo-verdicts-'));
  stores = [];
});
afterEach(async () => {
  for (const store of stores) await store.close();
  rmSync(tmp, { recursive: true, force: true });
});

describe('mount-check verdicts on SQLite', () => {
  mountVerdictSuite({
    open: (mountCheck, options) => {
      const store = openTestStore(path.join(tmp, 'deploy'), { ...options, mountCheck });
      stores.push(store);
      return store;
    },
    tmp: () => tmp,
  });
});
