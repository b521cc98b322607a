/** @jest-environment node */
// The registry store: the last known good version browsers fall back to, and the failures
// browsers report.
import { contributionsFor } from './registry-test-support.js';
import { rmSync } from 'node:fs';
import path from 'node:path';
import { corruptDatabase } from './registry-test-support.js';

import {
  as,
  deploy,
  fakeRemoteBuild,
  open,
  registryStoreHooks,
  repo,
} from './registry-store-test-support.js';
import type { RegistryStore } from './registry/index.js';

registryStoreHooks();

describe('the last known good version browsers fall back to', () => {
  const manifest = (v: string) => `/remotes/wallets/${v}/mf-manifest.json`;

  it('is the newest version on the trail that is still published and still on disk', async () => {
    const store = open();
    for (const version of ['0.1.0', '0.2.0', '0.3.0']) {
      fakeRemoteBuild('mfe-wallets', version);
      await store.publish(repo, 'wallets', as);
    }
    await store.activate('wallets', '0.1.0', as);
    // Nothing was live before: no fallback.
    expect((await store.document()).remotes.wallets).toEqual({
      version: '0.1.0',
      manifest: manifest('0.1.0'),
      contributes: contributionsFor('wallets'),
    });
    await store.activate('wallets', '0.2.0', as);
    await store.activate('wallets', '0.3.0', as);
    expect((await store.document()).remotes.wallets).toEqual({
      version: '0.3.0',
      manifest: manifest('0.3.0'),
      contributes: contributionsFor('wallets'),
      fallback: { version: '0.2.0', manifest: manifest('0.2.0') },
    });

    // A version forced live without being published is never a fallback, nor the live version again.
    await store.activate('wallets', '9.9.9', { ...as, force: true, reason: 'test' });
    await store.activate('wallets', '0.3.0', as);
    await store.activate('wallets', '9.9.8', { ...as, force: true, reason: 'test' });
    expect((await store.document()).remotes.wallets!.fallback).toEqual({
      version: '0.3.0',
      manifest: manifest('0.3.0'),
    });
    // Files that are gone are skipped: the next good one back.
    rmSync(path.join(deploy, 'remotes', 'wallets', '0.3.0'), { recursive: true });
    expect((await store.document()).remotes.wallets!.fallback).toEqual({
      version: '0.2.0',
      manifest: manifest('0.2.0'),
    });
  });

  it('is still given while the database cannot be read', async () => {
    const server = open();
    for (const version of ['0.1.0', '0.2.0']) {
      fakeRemoteBuild('mfe-wallets', version);
      await server.publish(repo, 'wallets', { ...as, activate: true });
    }
    const good = await server.document();
    expect(good.remotes.wallets!.fallback!.version).toBe('0.1.0');
    await server.close();
    corruptDatabase(deploy, 'this is not a database');
    expect(await open().document()).toEqual(good);
  });
});

describe('failures reported by browsers', () => {
  async function published(store: RegistryStore) {
    for (const version of ['0.1.0', '0.2.0']) {
      fakeRemoteBuild('mfe-wallets', version);
      await store.publish(repo, 'wallets', as);
    }
  }

  it('counts per remote and version with the last time and message', async () => {
    const store = open();
    await published(store);
    await store.countFailure({ remote: 'wallets', version: '0.1.0', phase: 'load' });
    await store.countFailure({
      remote: 'mfe-wallets',
      version: '0.2.0',
      phase: 'load',
      message: 'a',
    });
    await store.countFailure({
      remote: 'wallets',
      version: '0.2.0',
      phase: 'mount',
      message: 'mount\nthrew\u0007 ',
    });
    const failures = await store.failures();
    expect(failures).toEqual([
      {
        remote: 'wallets',
        version: '0.1.0',
        count: 1,
        lastAt: expect.any(String),
        lastMessage: 'load',
      },
      {
        remote: 'wallets',
        version: '0.2.0',
        count: 2,
        lastAt: expect.any(String),
        lastMessage: 'mount: mount threw',
      },
    ]);
    expect(Date.parse(failures[1]!.lastAt)).not.toBeNaN();
    // Not part of the revisioned registry: no revision, no history row.
    expect((await store.history()).map((h) => h.action)).toEqual(['publish', 'publish']);
  });

  it('refuses what is not a failure of a published version and makes no row', async () => {
    const store = open();
    await published(store);
    const bad = [
      [{ remote: '__proto__', version: '0.1.0', phase: 'load' }, /Invalid remote name/],
      [{ remote: 'wallets', version: '9.9.9', phase: 'load' }, /not a published version/],
      [{ remote: 'wallets', version: '../0.1.0', phase: 'load' }, /Invalid version/],
      [{ remote: 'wallets', version: '0.1.0', phase: 'boot' }, /phase/],
      [{ remote: 'wallets', version: '0.1.0', phase: 'load', message: 'x'.repeat(201) }, /200/],
      [{ remote: 'wallets', version: '0.1.0', phase: 'load', message: 42 }, /text/],
    ];
    for (const [failure, message] of bad as [
      Parameters<RegistryStore['countFailure']>[0],
      RegExp,
    ][]) {
      await expect(store.countFailure(failure)).rejects.toThrow(message);
    }
    expect(await store.failures()).toEqual([]);
  });

  it('loses no count when many browsers report at once', async () => {
    const store = open();
    await published(store);
    const other = open();
    await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        (i % 2 ? store : other).countFailure({
          remote: 'wallets',
          version: '0.1.0',
          phase: 'load',
        }),
      ),
    );
    expect((await store.failures())[0]!.count).toBe(40);
  });
});
