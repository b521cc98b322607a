/** @jest-environment node */
// The registry store: publishing immutable, content-addressed versions (the other concerns:
// registry-activation, registry-rollout, registry-fallback and registry-checks tests).
import { existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { REMOTES } from '@ajo/tooling/remotes';
import { publishAll } from './registry/index.js';
import { precompressDir } from './precompress.js';
import { digestFolder } from './registry-files.js';

import {
  as,
  deploy,
  deployed,
  fakeRemoteBuild,
  open,
  registryStoreHooks,
  repo,
} from './registry-store-test-support.js';

registryStoreHooks();

describe('publishing: immutable, content-addressed versions', () => {
  it('publishes a remote dist under remotes/<name>/<version>/ with its digests, without activating it', async () => {
    const store = open();
    const result = await store.publish(repo, 'wallets', as);
    const expected = digestFolder(path.join(repo, 'mfe-wallets', 'dist'));
    expect(result).toMatchObject({ name: 'wallets', version: '0.1.0', published: true });
    expect(result.digest).toBe(expected.digest);
    expect(result.digest).toMatch(/^sha256:[0-9a-f]{64}$/);
    expect(deployed('wallets', '0.1.0')).toBe('// 0.1.0');
    expect(await store.versionFiles('wallets', '0.1.0')).toEqual(expected.files);
    // The .br/.gz variants the app server sends are part of the version (too-small files get none).
    expect(Object.keys(expected.files)).toEqual([
      'chunks/1.0a1b2c3d.js',
      'mf-manifest.json',
      'mf-manifest.json.br',
      'mf-manifest.json.gz',
      'remoteEntry.js',
    ]);
    const { remotes } = await store.read();
    expect(remotes.wallets).toMatchObject({
      active: null,
      versions: [{ version: '0.1.0', digest: expected.digest, publishedBy: 'test' }],
    });
    expect(await store.document()).toEqual({ remotes: {} });
  });

  it('publishing the same content again is a no-op, recorded once', async () => {
    const store = open();
    await store.publish(repo, 'wallets', as);
    const again = await store.publish(repo, 'wallets', as);
    expect(again).toMatchObject({ version: '0.1.0', published: false });
    const history = await store.history({ remote: 'wallets' });
    expect(history.filter((h) => h.action === 'publish')).toHaveLength(1);
  });

  it('refuses the same version with other content and leaves the published files alone', async () => {
    const store = open();
    await store.publish(repo, 'wallets', { ...as, activate: true });
    fakeRemoteBuild('mfe-wallets', '0.1.0', { content: 'changed' });
    await expect(store.publish(repo, 'wallets', as)).rejects.toMatchObject({
      statusCode: 409,
      message: expect.stringMatching(/already published with other content.*raise the version/),
    });
    expect(deployed('wallets', '0.1.0')).toBe('// 0.1.0');
    expect(deployed('wallets', '0.1.0', 'chunks/1.0a1b2c3d.js')).toBe('chunk 0.1.0');
  });

  it('refuses a version folder already on disk with other content even without a record', async () => {
    const folder = path.join(deploy, 'remotes', 'wallets', '0.1.0');
    mkdirSync(folder, { recursive: true });
    writeFileSync(path.join(folder, 'remoteEntry.js'), 'someone else');
    await expect(open().publish(repo, 'wallets', as)).rejects.toMatchObject({ statusCode: 409 });
    expect(deployed('wallets', '0.1.0')).toBe('someone else');
  });

  it('adopts a folder left by a publish that stopped before its record (same content)', async () => {
    const dist = path.join(repo, 'mfe-wallets', 'dist');
    const folder = path.join(deploy, 'remotes', 'wallets', '0.1.0');
    mkdirSync(path.dirname(folder), { recursive: true });
    const { cpSync } = await import('node:fs');
    // What that publish had placed: the build with its compressed variants.
    precompressDir(dist);
    cpSync(dist, folder, { recursive: true });
    const result = await open().publish(repo, 'wallets', as);
    expect(result).toMatchObject({ version: '0.1.0', published: true });
  });

  it('refuses a build whose own version is not the version it would be published as', async () => {
    fakeRemoteBuild('mfe-wallets', '0.2.0', { buildVersion: '0.1.0' });
    await expect(open().publish(repo, 'wallets', as)).rejects.toThrow(
      /says version 0\.1\.0, not 0\.2\.0: build it again/,
    );
    writeFileSync(path.join(repo, 'mfe-wallets', 'dist', 'mf-manifest.json'), '{}');
    await expect(open().publish(repo, 'wallets', as)).rejects.toThrow(/records no version/);
    expect(existsSync(path.join(deploy, 'remotes', 'wallets', '0.2.0'))).toBe(false);
  });

  it('refuses to publish a remote that is not built', async () => {
    rmSync(path.join(repo, 'mfe-payments', 'dist'), { recursive: true });
    await expect(open().publish(repo, 'payments', as)).rejects.toThrow(/build it first/);
  });

  it('publish-all: activates every remote the first time; a rebuild goes live under a dev label without touching the live folder', async () => {
    const store = open();
    await publishAll(store, repo);
    expect(Object.keys((await store.document()).remotes).sort()).toEqual(
      REMOTES.map((r) => r.name).sort(),
    );
    // Nothing changed: nothing is published or activated again.
    const before = (await store.read()).revision;
    await publishAll(store, repo);
    expect((await store.read()).revision).toBe(before);

    fakeRemoteBuild('mfe-wallets', '0.1.0', { content: 'rebuilt' });
    const results = await publishAll(store, repo);
    const wallets = results.find((r) => r.name === 'wallets');
    expect(wallets!.version).toMatch(/^0\.1\.0-dev\.[0-9a-f]{12}$/);
    expect(wallets!.digest.slice(7, 19)).toBe(wallets!.version.slice(-12));
    expect((await store.document()).remotes.wallets!.version).toBe(wallets!.version);
    expect(deployed('wallets', '0.1.0')).toBe('// 0.1.0');
    expect(deployed('wallets', wallets!.version)).toBe('// rebuilt');
  });

  it('publish-all leaves a version an operator chose live', async () => {
    const store = open();
    await publishAll(store, repo);
    await store.activate('wallets', '9.9.9', { ...as, force: true, reason: 'pinned for a test' });
    fakeRemoteBuild('mfe-wallets', '0.1.0', { content: 'rebuilt' });
    await publishAll(store, repo);
    expect((await store.read()).remotes.wallets!.active).toBe('9.9.9');
  });

  it('publish-all makes a raised version live when the build made the live one live', async () => {
    const store = open();
    await publishAll(store, repo);
    fakeRemoteBuild('mfe-payments', '0.2.0');
    const results = await publishAll(store, repo);
    expect(results.find((r) => r.name === 'payments')).toMatchObject({
      version: '0.2.0',
      active: '0.2.0',
    });
    // An operator's rollback is a choice the next build keeps.
    await store.rollback('payments', as);
    fakeRemoteBuild('mfe-payments', '0.3.0');
    await publishAll(store, repo);
    expect((await store.read()).remotes.payments!.active).toBe('0.1.0');
  });
});
