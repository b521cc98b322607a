/** @jest-environment node */
// The registry store: activation, rollback, the history and the names of remotes.
import { contributionsFor } from './registry-test-support.js';
import path from 'node:path';
import { normaliseRemote } from './registry/index.js';

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

describe('activation, rollback and the history', () => {
  async function publishVersions(
    store: RegistryStore,
    name: string,
    pkg: string,
    versions: string[],
  ) {
    for (const version of versions) {
      fakeRemoteBuild(pkg, version);
      await store.publish(repo, name, as);
    }
  }

  it('activates a published version and serves it in the registry document', async () => {
    const store = open();
    await store.publish(repo, 'mfe-public-pages', { ...as, activate: true });
    expect(await store.document()).toEqual({
      remotes: {
        public_pages: {
          version: '0.1.0',
          manifest: '/remotes/public_pages/0.1.0/mf-manifest.json',
          contributes: contributionsFor('public_pages'),
        },
      },
    });
  });

  it('refuses an unpublished version; forcing one needs a reason, and both are in the history', async () => {
    const store = open();
    // A remote exists once a version of it is published: forcing names a version, not a remote.
    await expect(
      store.activate('wallets', '9.9.9', { operator: 'ada', force: true, reason: 'hotfix' }),
    ).rejects.toMatchObject({ statusCode: 404, message: expect.stringMatching(/Unknown remote/) });
    await store.publish(repo, 'wallets', as);
    await expect(store.activate('wallets', '9.9.9', as)).rejects.toThrow(/not published/);
    await expect(store.activate('wallets', '9.9.9', { ...as, force: true })).rejects.toThrow(
      /needs a reason/,
    );
    expect(
      await store.activate('wallets', '9.9.9', { operator: 'ada', force: true, reason: 'hotfix' }),
    ).toMatchObject({ active: '9.9.9', changed: true });
    const [entry] = await store.history({ remote: 'wallets' });
    expect(entry).toMatchObject({
      action: 'force',
      operator: 'ada',
      from: null,
      to: '9.9.9',
      // What the force went past is kept beside the operator's reason.
      reason: 'hotfix (forced past: not published)',
    });
    expect(Date.parse(entry!.at)).not.toBeNaN();
  });

  it('steps back through what was live, never toggling forward again', async () => {
    const store = open();
    await publishVersions(store, 'wallets', 'mfe-wallets', ['0.1.0', '0.2.0', '0.3.0']);
    for (const v of ['0.1.0', '0.2.0', '0.3.0']) await store.activate('wallets', v, as);
    expect(await store.rollback('wallets', as)).toMatchObject({
      active: '0.2.0',
      previous: '0.3.0',
    });
    expect(await store.rollback('wallets', as)).toMatchObject({
      active: '0.1.0',
      previous: '0.2.0',
    });
    await expect(store.rollback('wallets', as)).rejects.toThrow(/no earlier version/);
    expect((await store.document()).remotes.wallets!.version).toBe('0.1.0');
  });

  it('rolls back to any published version, and a step back then undoes that', async () => {
    const store = open();
    await publishVersions(store, 'wallets', 'mfe-wallets', ['0.1.0', '0.2.0', '0.3.0']);
    for (const v of ['0.1.0', '0.2.0', '0.3.0']) await store.activate('wallets', v, as);
    expect(
      await store.rollback('wallets', { operator: 'bola', to: '0.1.0', reason: 'payments broke' }),
    ).toMatchObject({ active: '0.1.0', previous: '0.3.0' });
    await expect(store.rollback('wallets', { ...as, to: '0.9.0' })).rejects.toThrow(
      /not published/,
    );
    expect(await store.rollback('wallets', as)).toMatchObject({ active: '0.3.0' });
    const history = await store.history({ remote: 'wallets' });
    expect(history.slice(0, 2)).toMatchObject([
      { action: 'rollback', from: '0.1.0', to: '0.3.0' },
      {
        action: 'rollback',
        operator: 'bola',
        from: '0.3.0',
        to: '0.1.0',
        reason: 'payments broke',
      },
    ]);
    // One row per revision, newest first, no gaps: nothing was changed without a record.
    const all = await store.history();
    expect(all.map((h) => h.revision)).toEqual(
      Array.from({ length: all.length }, (_, i) => all.length - i),
    );
    expect((await store.read()).revision).toBe(all.length);
  });

  it('a change made against an older revision is refused and changes nothing', async () => {
    const store = open();
    await publishVersions(store, 'wallets', 'mfe-wallets', ['0.1.0', '0.2.0']);
    const { revision } = await store.read();
    await store.activate('wallets', '0.1.0', { ...as, ifRevision: revision });
    await expect(
      store.activate('wallets', '0.2.0', { ...as, ifRevision: revision }),
    ).rejects.toMatchObject({
      statusCode: 409,
      message: expect.stringMatching(/registry changed/),
    });
    expect((await store.read()).remotes.wallets!.active).toBe('0.1.0');
    expect((await store.read()).revision).toBe(revision + 1);
  });

  it('the history cannot be rewritten, even by hand in the database', async () => {
    const store = open();
    await store.publish(repo, 'wallets', as);
    const Database = (await import('libsql')).default;
    const db = new Database(path.join(deploy, 'registry.db'));
    try {
      expect(() => db.exec("UPDATE registry_history SET operator = 'someone'")).toThrow(
        /append-only/,
      );
      expect(() => db.exec('DELETE FROM registry_history')).toThrow(/append-only/);
      expect(() => db.exec("UPDATE registry_versions SET digest = 'x'")).toThrow(/immutable/);
    } finally {
      db.close();
    }
  });

  it('names remotes by container name and accepts the package spellings, no other form', () => {
    expect(normaliseRemote('mfe-public-pages')).toBe('public_pages');
    expect(normaliseRemote('public-pages')).toBe('public_pages');
    expect(normaliseRemote('@ajo/mfe-wallets')).toBe('wallets');
    expect(normaliseRemote('wallets')).toBe('wallets');
    for (const bad of [
      '../etc',
      'mfe-',
      '__proto__',
      'constructor',
      'toString',
      'hasOwnProperty',
      'host',
      'Wallets',
      'a',
    ]) {
      expect(() => normaliseRemote(bad)).toThrow(/Invalid remote name/);
    }
    // A well-formed name is any remote's: whether it exists is the registry's to say.
    expect(normaliseRemote('mfe-cards')).toBe('cards');
  });

  it('rejects malformed versions (no path tricks)', async () => {
    await expect(
      open().activate('wallets', '../../x', { ...as, force: true, reason: 'x' }),
    ).rejects.toThrow(/Invalid version/);
  });
});
