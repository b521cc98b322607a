/** @jest-environment node */
// Never acknowledge what is not durable, on SQLite (registry-durable-suite.ts), and the SQLite file
// replaced under a running app server: its changes are refused, not made in a file nobody reads.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { RegistryStore } from './registry/index.js';
import { durabilitySuite } from './registry-durable-suite.js';
import { app, appServerHooks, deployDir, start } from './app-test-support.js';
import { corruptDatabase, openTestStore } from './registry-test-support.js';
import type { HistoryEntry } from './registry/index.js';

let tmp: string;
let stores: RegistryStore[];
beforeEach(() => {
  tmp = mkdtempSync(path.join(os.tmpdir(), 'ajo-durable-'));
  stores = [];
});
afterEach(async () => {
  for (const store of stores) await store.close();
  rmSync(tmp, { recursive: true, force: true });
});

describe('the registry on SQLite: never acknowledges what is not durable', () => {
  durabilitySuite({
    open: () => {
      const store = openTestStore(path.join(tmp, 'deploy'));
      stores.push(store);
      return store;
    },
    tmp: () => tmp,
  });
});

describe('an app server whose registry file is replaced while it runs', () => {
  appServerHooks();

  it('refuses the change (503) instead of writing it where nobody reads; repair keeps every acknowledged change', async () => {
    await start('admin-token');
    const auth = { authorization: 'Bearer admin-token' };
    const activate = (version: string) =>
      app.inject({ method: 'PUT', url: '/_operator/registry/wallets', headers: auth, payload: { version } });
    expect((await activate('0.2.0')).statusCode).toBe(200);
    const served = (await app.inject('/registry.json')).json();

    corruptDatabase(deployDir, 'garbage');
    const refused = await activate('0.1.0');
    expect(refused.statusCode).toBe(503);
    expect(refused.json().message).toMatch(/^The registry cannot be read \(.*\)\. .*npm run registry -- repair$/);
    // Customers keep the last good registry.
    expect((await app.inject('/registry.json')).json()).toEqual(served);

    const cli = openTestStore(deployDir);
    try {
      expect(await cli.repair({ operator: 'cli:ops' })).toMatchObject({ repaired: true });
      const { remotes } = await cli.read();
      expect(remotes.wallets!.active).toBe('0.2.0');
      const history = await cli.history({ remote: 'wallets' });
      expect(history.map((h: HistoryEntry) => [h.action, h.to])).toEqual([
        ['activate', '0.2.0'],
        ['activate', '0.1.0'],
        ['publish', '0.2.0'],
        ['publish', '0.1.0'],
      ]);
    } finally {
      await cli.close();
    }
    // The app server reads the repaired file: changes are made again.
    expect((await activate('0.1.0')).statusCode).toBe(200);
  });
});
