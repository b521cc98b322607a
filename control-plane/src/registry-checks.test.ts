/** @jest-environment node */
// The registry store: the checks before a version goes live, and a corrupted registry.
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

import { HOST_SHARED, hostSharedVersions } from './registry-checks.js';
import { corruptDatabase, openTestStore } from './registry-test-support.js';

import {
  as,
  deploy,
  fakeRemoteBuild,
  open,
  registryStoreHooks,
  repo,
  stores,
} from './registry-store-test-support.js';

registryStoreHooks();

describe('checks before a version goes live', () => {
  const HOST = {
    react: '18.3.1',
    'react-dom': '18.3.1',
    'react-router-dom': '6.30.6',
    rxjs: '7.8.2',
    '@ajo/shared': '0.1.0',
  };
  const openChecked = () => {
    const store = openTestStore(deploy, { hostShared: HOST });
    stores.push(store);
    return store;
  };

  it('takes the host versions from what is installed for the host build', () => {
    const provided = hostSharedVersions(path.join(__dirname, '..', '..', 'host'));
    expect(Object.keys(provided).sort()).toEqual([...HOST_SHARED].sort());
    expect(provided.react).toMatch(/^18\./);
  });

  it.each([
    ['does not expose ./app', { exposes: ['./other'] }, /does not expose \.\/app/],
    [
      'is the build of another remote',
      { name: 'payments' },
      /build of 'payments', not of 'wallets'/,
    ],
    [
      'needs a React the host does not provide',
      {
        shared: [
          ['react', '^19.0.0'],
          ['react-dom/client', '^19.0.0'],
          ['rxjs', '^7.8.0'],
        ],
      },
      /needs react \^19\.0\.0, and the host provides 18\.3\.1; it needs react-dom\/client \^19\.0\.0, and the host provides 18\.3\.1 \(force/,
    ],
  ] as [string, { exposes?: string[]; name?: string; shared?: [string, string][] }, RegExp][])(
    'refuses a version that %s, unless forced with a reason',
    async (_what, build, reason) => {
      const store = openChecked();
      await store.publish(repo, 'wallets', { ...as, activate: true });
      fakeRemoteBuild('mfe-wallets', '0.2.0', { name: 'wallets', ...build });
      await store.publish(repo, 'wallets', as);
      await expect(store.activate('wallets', '0.2.0', as)).rejects.toMatchObject({
        statusCode: 409,
        message: expect.stringMatching(reason),
      });
      expect((await store.read()).remotes.wallets!.active).toBe('0.1.0');
      await store.activate('wallets', '0.2.0', {
        ...as,
        force: true,
        reason: 'known issue, fixed by a flag',
      });
      const [entry] = await store.history({ remote: 'wallets' });
      expect(entry).toMatchObject({ action: 'force', to: '0.2.0' });
      // The operator's reason, then what the force went past.
      expect(entry!.reason).toMatch(/^known issue, fixed by a flag \(forced past: /);
      expect(entry!.reason).toMatch(new RegExp(reason.source.replace(' \\(force', '')));
    },
  );

  it('accepts shared requirements the host meets', async () => {
    const store = openChecked();
    fakeRemoteBuild('mfe-wallets', '0.1.0', {
      shared: [
        ['react', '^18.3.1'],
        ['react-router-dom', '^6.30.1'],
        ['@ajo/shared/ui', '^0.1.0'],
      ],
    });
    expect(await store.publish(repo, 'wallets', { ...as, activate: true })).toMatchObject({
      active: '0.1.0',
      changed: true,
    });
  });

  it('refuses a version whose entry is gone or whose files changed since publish, also as a rollback target', async () => {
    const store = openChecked();
    await store.publish(repo, 'wallets', { ...as, activate: true });
    fakeRemoteBuild('mfe-wallets', '0.2.0');
    await store.publish(repo, 'wallets', { ...as, activate: true });
    const old = path.join(deploy, 'remotes', 'wallets', '0.1.0');
    writeFileSync(path.join(old, 'chunks', '1.0a1b2c3d.js'), 'tampered');
    await expect(store.rollback('wallets', as)).rejects.toThrow(
      /wallets@0\.1\.0 cannot go live: its files changed since it was published/,
    );
    rmSync(path.join(old, 'remoteEntry.js'));
    await expect(store.rollback('wallets', { ...as, to: '0.1.0' })).rejects.toThrow(
      /its entry remoteEntry\.js is missing/,
    );
    rmSync(path.join(old, 'mf-manifest.json'));
    await expect(store.activate('wallets', '0.1.0', as)).rejects.toThrow(
      /it has no mf-manifest\.json/,
    );
    expect((await store.read()).remotes.wallets!.active).toBe('0.2.0');
  });
});

describe('a corrupted registry', () => {
  it('keeps serving the last good registry, and repair restores it from the snapshot with its history', async () => {
    const server = open();
    await server.publish(repo, 'wallets', { ...as, activate: true });
    await server.publish(repo, 'settings', { ...as, activate: true });
    const good = await server.document();
    const goodHistory = await server.history();
    await server.close();
    corruptDatabase(deploy, 'this is not a database');

    // The same process (its last good read) and a fresh one (the snapshot) both keep remotes up.
    expect(await server.document()).toEqual(good);
    const fresh = open();
    expect(await fresh.document()).toEqual(good);
    await expect(fresh.read()).rejects.toMatchObject({
      statusCode: 503,
      message: expect.stringMatching(/cannot be read.*npm run registry -- repair/),
    });
    await expect(fresh.activate('wallets', '0.1.0', as)).rejects.toMatchObject({ statusCode: 503 });

    const repaired = await fresh.repair(as);
    expect(repaired).toMatchObject({ repaired: true, restoredRevision: goodHistory.length });
    expect(readFileSync(String(repaired.movedTo), 'utf8')).toBe('this is not a database');
    expect(await fresh.document()).toEqual(good);
    const history = await fresh.history();
    expect(history[0]).toMatchObject({ action: 'repair', operator: 'test' });
    expect(history.slice(1)).toEqual(goodHistory);
    // And the server's store reads the repaired file again by itself.
    expect((await server.read()).revision).toBe(goodHistory.length + 1);
    expect(await fresh.repair(as)).toMatchObject({ repaired: false });
  });

  it('treats a live state that names an unknown remote as unreadable', async () => {
    const store = open();
    await store.publish(repo, 'wallets', { ...as, activate: true });
    const Database = (await import('libsql')).default;
    const db = new Database(path.join(deploy, 'registry.db'));
    db.exec(`UPDATE registry_revision SET state = '{"__proto__":{"active":"1.0.0","trail":[]}}'`);
    db.close();
    await expect(store.read()).rejects.toMatchObject({ statusCode: 503 });
    expect((await store.document()).remotes.wallets!.version).toBe('0.1.0');
  });
});
