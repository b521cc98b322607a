/** @jest-environment node */
/* global describe, it, expect, beforeEach, afterEach */
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  createRegistryStore,
  normaliseRemote,
  publishAll,
  REMOTE_PACKAGES,
} from './registry/index.js';
import { precompressDir } from './precompress.js';
import { HOST_SHARED, hostSharedVersions } from './registry-checks.js';
import { digestFolder } from './registry-files.js';
import { corruptDatabase, writeBuild } from './registry-test-support.js';

let tmp;
let repo;
let deploy;
let stores;

/** A remote's build as Module Federation writes it: the manifest records the build's version. */
function fakeRemoteBuild(pkgDir, version, options = {}) {
  const dir = path.join(repo, pkgDir);
  const name = Object.keys(REMOTE_PACKAGES).find((n) => REMOTE_PACKAGES[n] === pkgDir);
  writeBuild(path.join(dir, 'dist'), { name, version, ...options });
  writeFileSync(path.join(dir, 'package.json'), JSON.stringify({ version }));
}

function open() {
  const store = createRegistryStore(deploy);
  stores.push(store);
  return store;
}

const as = { operator: 'test' };
const deployed = (name, version, file = 'remoteEntry.js') =>
  readFileSync(path.join(deploy, 'remotes', name, version, file), 'utf8');

beforeEach(() => {
  tmp = mkdtempSync(path.join(os.tmpdir(), 'ajo-registry-'));
  repo = path.join(tmp, 'repo');
  deploy = path.join(tmp, 'deploy');
  stores = [];
  for (const pkg of Object.values(REMOTE_PACKAGES)) fakeRemoteBuild(pkg, '0.1.0');
});
afterEach(async () => {
  for (const store of stores) await store.close();
  rmSync(tmp, { recursive: true, force: true });
});

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
      Object.keys(REMOTE_PACKAGES).sort(),
    );
    // Nothing changed: nothing is published or activated again.
    const before = (await store.read()).revision;
    await publishAll(store, repo);
    expect((await store.read()).revision).toBe(before);

    fakeRemoteBuild('mfe-wallets', '0.1.0', { content: 'rebuilt' });
    const results = await publishAll(store, repo);
    const wallets = results.find((r) => r.name === 'wallets');
    expect(wallets.version).toMatch(/^0\.1\.0-dev\.[0-9a-f]{12}$/);
    expect(wallets.digest.slice(7, 19)).toBe(wallets.version.slice(-12));
    expect((await store.document()).remotes.wallets.version).toBe(wallets.version);
    expect(deployed('wallets', '0.1.0')).toBe('// 0.1.0');
    expect(deployed('wallets', wallets.version)).toBe('// rebuilt');
  });

  it('publish-all leaves a version an operator chose live', async () => {
    const store = open();
    await publishAll(store, repo);
    await store.activate('wallets', '9.9.9', { ...as, force: true, reason: 'pinned for a test' });
    fakeRemoteBuild('mfe-wallets', '0.1.0', { content: 'rebuilt' });
    await publishAll(store, repo);
    expect((await store.read()).remotes.wallets.active).toBe('9.9.9');
  });
});

describe('activation, rollback and the history', () => {
  async function publishVersions(store, name, pkg, versions) {
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
        },
      },
    });
  });

  it('refuses an unpublished version; forcing one needs a reason, and both are in the history', async () => {
    const store = open();
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
    expect(Date.parse(entry.at)).not.toBeNaN();
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
    expect((await store.document()).remotes.wallets.version).toBe('0.1.0');
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
    expect((await store.read()).remotes.wallets.active).toBe('0.1.0');
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

  it('names remotes by container name and accepts the package spellings, nothing else', () => {
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
    ]) {
      expect(() => normaliseRemote(bad)).toThrow(/Unknown remote/);
    }
  });

  it('rejects malformed versions (no path tricks)', async () => {
    await expect(
      open().activate('wallets', '../../x', { ...as, force: true, reason: 'x' }),
    ).rejects.toThrow(/Invalid version/);
  });
});

describe('gradual rollout', () => {
  async function rollingOut() {
    const store = open();
    for (const version of ['0.1.0', '0.2.0', '0.3.0']) {
      fakeRemoteBuild('mfe-wallets', version);
      await store.publish(repo, 'wallets', as);
    }
    await store.activate('wallets', '0.1.0', as);
    return store;
  }

  it('makes a version live for a share of browsers, changes the share, and records each step', async () => {
    const store = await rollingOut();
    expect(
      await store.rollout('wallets', '0.2.0', 10, { operator: 'ada', reason: 'canary' }),
    ).toMatchObject({ active: '0.1.0', rollout: { version: '0.2.0', percent: 10 }, changed: true });
    await store.rollout('wallets', '0.2.0', 50, as);
    const { remotes } = await store.read();
    expect(remotes.wallets).toMatchObject({
      active: '0.1.0',
      rollout: { version: '0.2.0', percent: 50 },
    });
    expect(remotes.settings?.rollout ?? null).toBeNull();
    expect(await store.rollouts()).toEqual({ wallets: { version: '0.2.0', percent: 50 } });
    // Everyone's document does not change: the app server picks per browser (registry-per-browser.mjs).
    expect((await store.document()).remotes.wallets.version).toBe('0.1.0');
    const [raised, started] = await store.history({ remote: 'wallets' });
    expect(started).toMatchObject({
      action: 'rollout',
      operator: 'ada',
      from: '0.1.0',
      to: '0.2.0',
      reason: 'canary',
      detail: '10% of browsers',
    });
    expect(raised).toMatchObject({ action: 'rollout', detail: 'from 10% to 50% of browsers' });
    // The same share again changes nothing.
    const { revision } = await store.read();
    expect(await store.rollout('wallets', '0.2.0', 50, as)).toMatchObject({ changed: false });
    expect((await store.read()).revision).toBe(revision);
  });

  it('100 % activates the version and ends the rollout; cancel ends it without changing the live version', async () => {
    const store = await rollingOut();
    await store.rollout('wallets', '0.2.0', 30, as);
    expect(await store.rollout('wallets', '0.2.0', 100, as)).toMatchObject({
      active: '0.2.0',
      previous: '0.1.0',
    });
    expect((await store.read()).remotes.wallets).toMatchObject({ active: '0.2.0', rollout: null });
    expect((await store.history({ remote: 'wallets' }))[0]).toMatchObject({
      action: 'activate',
      detail: 'ended the rollout of 0.2.0 to 30% of browsers',
    });

    await store.rollout('wallets', '0.3.0', 20, as);
    expect(await store.cancelRollout('wallets', { ...as, reason: 'errors up' })).toMatchObject({
      active: '0.2.0',
      rollout: null,
      changed: true,
    });
    expect((await store.read()).remotes.wallets).toMatchObject({ active: '0.2.0', rollout: null });
    expect((await store.history({ remote: 'wallets' }))[0]).toMatchObject({
      action: 'rollout-cancel',
      from: '0.3.0',
      to: '0.2.0',
      reason: 'errors up',
    });
    expect(await store.cancelRollout('wallets', as)).toMatchObject({ changed: false });
  });

  it('activate, rollback and activating the live version again each end the rollout', async () => {
    const store = await rollingOut();
    await store.rollout('wallets', '0.2.0', 30, as);
    await store.activate('wallets', '0.3.0', as);
    expect((await store.read()).remotes.wallets).toMatchObject({ active: '0.3.0', rollout: null });

    await store.rollout('wallets', '0.2.0', 30, as);
    expect(await store.rollback('wallets', as)).toMatchObject({ active: '0.1.0' });
    expect((await store.read()).remotes.wallets.rollout).toBeNull();
    expect((await store.history({ remote: 'wallets' }))[0]).toMatchObject({
      action: 'rollback',
      detail: 'ended the rollout of 0.2.0 to 30% of browsers',
    });

    await store.rollout('wallets', '0.2.0', 30, as);
    await store.activate('wallets', '0.1.0', as);
    expect((await store.read()).remotes.wallets).toMatchObject({ active: '0.1.0', rollout: null });
    expect((await store.history({ remote: 'wallets' }))[0]).toMatchObject({
      action: 'rollout-cancel',
    });
  });

  it('refuses a bad share, an unpublished or failing version (unless forced with a reason), and a rollout with nothing live', async () => {
    const store = await rollingOut();
    for (const percent of [0, -5, 101, 12.5, '50', null]) {
      await expect(store.rollout('wallets', '0.2.0', percent, as)).rejects.toMatchObject({
        statusCode: 400,
        message: expect.stringMatching(/whole number from 1 to 100/),
      });
    }
    await expect(store.rollout('wallets', '9.9.9', 10, as)).rejects.toMatchObject({
      statusCode: 409,
      message: expect.stringMatching(/not published/),
    });
    await expect(store.rollout('wallets', '0.1.0', 10, as)).rejects.toThrow(
      /already live for everyone/,
    );
    await expect(store.rollout('settings', '0.1.0', 10, as)).rejects.toThrow(
      /no version live for everyone/,
    );
    rmSync(path.join(deploy, 'remotes', 'wallets', '0.2.0', 'remoteEntry.js'));
    await expect(store.rollout('wallets', '0.2.0', 10, as)).rejects.toThrow(
      /entry remoteEntry\.js is missing/,
    );
    await expect(store.rollout('wallets', '0.2.0', 10, { ...as, force: true })).rejects.toThrow(
      /needs a reason/,
    );
    expect((await store.read()).remotes.wallets.rollout).toBeNull();
    await store.rollout('wallets', '0.2.0', 10, {
      ...as,
      force: true,
      reason: 'entry served by the CDN',
    });
    expect((await store.history({ remote: 'wallets' }))[0]).toMatchObject({
      action: 'rollout',
      detail: expect.stringMatching(/^10% of browsers; forced past: .*remoteEntry\.js is missing/),
    });
  });

  it('a rollout against an older revision is refused and changes nothing', async () => {
    const store = await rollingOut();
    const { revision } = await store.read();
    await store.rollout('wallets', '0.2.0', 10, { ...as, ifRevision: revision });
    await expect(
      store.rollout('wallets', '0.3.0', 20, { ...as, ifRevision: revision }),
    ).rejects.toMatchObject({ statusCode: 409 });
    await expect(
      store.cancelRollout('wallets', { ...as, ifRevision: revision }),
    ).rejects.toMatchObject({
      statusCode: 409,
    });
    expect((await store.read()).remotes.wallets.rollout).toEqual({ version: '0.2.0', percent: 10 });
  });

  it('keeps rollouts in the last good snapshot: served while the database is unreadable and restored by repair', async () => {
    const store = await rollingOut();
    await store.rollout('wallets', '0.2.0', 25, as);
    await store.close();
    corruptDatabase(deploy, 'not a database');
    const fresh = open();
    expect(await fresh.rollouts()).toEqual({ wallets: { version: '0.2.0', percent: 25 } });
    await fresh.repair(as);
    expect((await fresh.read()).remotes.wallets.rollout).toEqual({ version: '0.2.0', percent: 25 });
  });

  it('treats an invalid rollout in the live state as unreadable', async () => {
    const store = await rollingOut();
    const Database = (await import('libsql')).default;
    const db = new Database(path.join(deploy, 'registry.db'));
    db.exec(
      `UPDATE registry_revision SET state = '{"wallets":{"active":"0.1.0","trail":[],"rollout":{"version":"0.2.0","percent":100}}}'`,
    );
    db.close();
    await expect(store.read()).rejects.toMatchObject({ statusCode: 503 });
    expect(await store.rollouts()).toEqual({});
  });
});

describe('override records and their key', () => {
  it('records an issued override with its expiry after the same checks as activate', async () => {
    const store = open();
    await store.publish(repo, 'wallets', as);
    const until = new Date('2030-01-01T10:00:00Z');
    await expect(store.recordOverride('wallets', '9.9.9', until, as)).rejects.toThrow(
      /not published/,
    );
    expect(
      await store.recordOverride('wallets', '0.1.0', until, { operator: 'ada', reason: 'QA' }),
    ).toMatchObject({ changed: true });
    expect((await store.history())[0]).toMatchObject({
      action: 'override-issued',
      operator: 'ada',
      remote: 'wallets',
      to: '0.1.0',
      reason: 'QA',
      detail: 'valid until 2030-01-01T10:00:00.000Z',
    });
  });

  it('adds the detail column to a registry made before it existed', async () => {
    mkdirSync(deploy, { recursive: true });
    const Database = (await import('libsql')).default;
    const db = new Database(path.join(deploy, 'registry.db'));
    db.exec(`CREATE TABLE registry_history (
      revision INTEGER PRIMARY KEY, at TEXT NOT NULL, operator TEXT NOT NULL, action TEXT NOT NULL,
      remote TEXT NOT NULL, from_version TEXT, to_version TEXT, reason TEXT);
      INSERT INTO registry_history VALUES (1, '2026-01-01T00:00:00.000Z', 'old', 'repair', '*', NULL, NULL, NULL);
      CREATE TABLE registry_revision (id INTEGER PRIMARY KEY CHECK (id = 1), revision INTEGER NOT NULL, state TEXT NOT NULL);
      INSERT INTO registry_revision VALUES (1, 1, '{}');`);
    db.close();
    const store = open();
    await store.publish(repo, 'wallets', { ...as, activate: true });
    const history = await store.history();
    expect(history.at(-1)).toMatchObject({ operator: 'old', detail: null });
    expect(history[0]).toMatchObject({ action: 'activate', to: '0.1.0' });
  });

  it('keeps one override key for every process of the registry', async () => {
    const key = await open().overrideSecret();
    expect(key).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(await open().overrideSecret()).toBe(key);
  });
});

describe('the last known good version browsers fall back to', () => {
  const manifest = (v) => `/remotes/wallets/${v}/mf-manifest.json`;

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
    });
    await store.activate('wallets', '0.2.0', as);
    await store.activate('wallets', '0.3.0', as);
    expect((await store.document()).remotes.wallets).toEqual({
      version: '0.3.0',
      manifest: manifest('0.3.0'),
      fallback: { version: '0.2.0', manifest: manifest('0.2.0') },
    });

    // A version forced live without being published is never a fallback, nor the live version again.
    await store.activate('wallets', '9.9.9', { ...as, force: true, reason: 'test' });
    await store.activate('wallets', '0.3.0', as);
    await store.activate('wallets', '9.9.8', { ...as, force: true, reason: 'test' });
    expect((await store.document()).remotes.wallets.fallback).toEqual({
      version: '0.3.0',
      manifest: manifest('0.3.0'),
    });
    // Files that are gone are skipped: the next good one back.
    rmSync(path.join(deploy, 'remotes', 'wallets', '0.3.0'), { recursive: true });
    expect((await store.document()).remotes.wallets.fallback).toEqual({
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
    expect(good.remotes.wallets.fallback.version).toBe('0.1.0');
    await server.close();
    corruptDatabase(deploy, 'this is not a database');
    expect(await open().document()).toEqual(good);
  });
});

describe('failures reported by browsers', () => {
  async function published(store) {
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
    expect(Date.parse(failures[1].lastAt)).not.toBeNaN();
    // Not part of the revisioned registry: no revision, no history row.
    expect((await store.history()).map((h) => h.action)).toEqual(['publish', 'publish']);
  });

  it('refuses what is not a failure of a published version and makes no row', async () => {
    const store = open();
    await published(store);
    const bad = [
      [{ remote: '__proto__', version: '0.1.0', phase: 'load' }, /Unknown remote/],
      [{ remote: 'wallets', version: '9.9.9', phase: 'load' }, /not a published version/],
      [{ remote: 'wallets', version: '../0.1.0', phase: 'load' }, /Invalid version/],
      [{ remote: 'wallets', version: '0.1.0', phase: 'boot' }, /phase/],
      [{ remote: 'wallets', version: '0.1.0', phase: 'load', message: 'x'.repeat(201) }, /200/],
      [{ remote: 'wallets', version: '0.1.0', phase: 'load', message: 42 }, /text/],
    ];
    for (const [failure, message] of bad) {
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
    expect((await store.failures())[0].count).toBe(40);
  });
});

describe('checks before a version goes live', () => {
  const HOST = {
    react: '18.3.1',
    'react-dom': '18.3.1',
    'react-router-dom': '6.30.6',
    rxjs: '7.8.2',
    '@ajo/shared': '0.1.0',
  };
  const openChecked = () => {
    const store = createRegistryStore(deploy, { hostShared: HOST });
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
  ])('refuses a version that %s, unless forced with a reason', async (_what, build, reason) => {
    const store = openChecked();
    await store.publish(repo, 'wallets', { ...as, activate: true });
    fakeRemoteBuild('mfe-wallets', '0.2.0', { name: 'wallets', ...build });
    await store.publish(repo, 'wallets', as);
    await expect(store.activate('wallets', '0.2.0', as)).rejects.toMatchObject({
      statusCode: 409,
      message: expect.stringMatching(reason),
    });
    expect((await store.read()).remotes.wallets.active).toBe('0.1.0');
    await store.activate('wallets', '0.2.0', {
      ...as,
      force: true,
      reason: 'known issue, fixed by a flag',
    });
    const [entry] = await store.history({ remote: 'wallets' });
    expect(entry).toMatchObject({ action: 'force', to: '0.2.0' });
    // The operator's reason, then what the force went past.
    expect(entry.reason).toMatch(/^known issue, fixed by a flag \(forced past: /);
    expect(entry.reason).toMatch(new RegExp(reason.source.replace(' \\(force', '')));
  });

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
    expect((await store.read()).remotes.wallets.active).toBe('0.2.0');
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
    expect(readFileSync(repaired.movedTo, 'utf8')).toBe('this is not a database');
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
    expect((await store.document()).remotes.wallets.version).toBe('0.1.0');
  });
});
