/** @jest-environment node */
/* global describe, it, expect, beforeEach, afterEach */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  createRegistryStore,
  normaliseRemote,
  publishAll,
  REMOTE_PACKAGES,
} from './registry-store.mjs';

let tmp;
let repo;
let deploy;

function fakeRemoteBuild(pkgDir, version) {
  const dir = path.join(repo, pkgDir);
  mkdirSync(path.join(dir, 'dist'), { recursive: true });
  writeFileSync(path.join(dir, 'package.json'), JSON.stringify({ version }));
  writeFileSync(path.join(dir, 'dist', 'mf-manifest.json'), JSON.stringify({ version }));
  writeFileSync(path.join(dir, 'dist', 'remoteEntry.js'), `// ${version}`);
}

beforeEach(() => {
  tmp = mkdtempSync(path.join(os.tmpdir(), 'ajo-registry-'));
  repo = path.join(tmp, 'repo');
  deploy = path.join(tmp, 'deploy');
  for (const pkg of Object.values(REMOTE_PACKAGES)) fakeRemoteBuild(pkg, '0.1.0');
});
afterEach(() => rmSync(tmp, { recursive: true, force: true }));

describe('registry store', () => {
  it('publishes a remote dist under remotes/<name>/<version>/ without activating it', () => {
    const store = createRegistryStore(deploy);
    const result = store.publish(repo, 'wallets');
    expect(result).toMatchObject({ name: 'wallets', version: '0.1.0', active: null });
    expect(readFileSync(path.join(deploy, 'remotes/wallets/0.1.0/remoteEntry.js'), 'utf8')).toBe(
      '// 0.1.0',
    );
    expect(store.document()).toEqual({ remotes: {} });
  });

  it('activates a published version and serves it in the registry document', () => {
    const store = createRegistryStore(deploy);
    store.publish(repo, 'mfe-public-pages', { activate: true });
    expect(store.document()).toEqual({
      remotes: {
        public_pages: {
          version: '0.1.0',
          manifest: '/remotes/public_pages/0.1.0/mf-manifest.json',
        },
      },
    });
  });

  it('refuses to activate a version that is not published unless forced', () => {
    const store = createRegistryStore(deploy);
    expect(() => store.activate('wallets', '9.9.9')).toThrow(/not published/);
    expect(store.activate('wallets', '9.9.9', { force: true })).toMatchObject({ active: '9.9.9' });
  });

  it('rolls back to the previous version and can roll forward again', () => {
    const store = createRegistryStore(deploy);
    store.publish(repo, 'wallets', { activate: true });
    fakeRemoteBuild('mfe-wallets', '0.2.0');
    store.publish(repo, 'wallets', { activate: true });
    expect(store.read().remotes.wallets).toEqual({
      active: '0.2.0',
      previous: '0.1.0',
      versions: ['0.1.0', '0.2.0'],
    });
    expect(store.rollback('wallets')).toMatchObject({ active: '0.1.0', previous: '0.2.0' });
    expect(store.document().remotes.wallets.version).toBe('0.1.0');
    expect(store.rollback('wallets')).toMatchObject({ active: '0.2.0' });
  });

  it('refuses a rollback with no previous version', () => {
    const store = createRegistryStore(deploy);
    store.publish(repo, 'settings', { activate: true });
    expect(() => store.rollback('settings')).toThrow(/no previous version/);
  });

  it('refuses to publish a remote that is not built', () => {
    rmSync(path.join(repo, 'mfe-payments', 'dist'), { recursive: true });
    expect(() => createRegistryStore(deploy).publish(repo, 'payments')).toThrow(/build it first/);
  });

  it('publish-all activates every remote the first time and leaves active versions alone later', () => {
    const store = createRegistryStore(deploy);
    publishAll(store, repo);
    expect(Object.keys(store.document().remotes).sort()).toEqual(
      Object.keys(REMOTE_PACKAGES).sort(),
    );
    store.activate('wallets', '9.9.9', { force: true });
    publishAll(store, repo);
    expect(store.read().remotes.wallets.active).toBe('9.9.9');
  });

  it('names remotes by container name and accepts the package spellings', () => {
    expect(normaliseRemote('mfe-public-pages')).toBe('public_pages');
    expect(normaliseRemote('public-pages')).toBe('public_pages');
    expect(normaliseRemote('@ajo/mfe-wallets')).toBe('wallets');
    expect(normaliseRemote('wallets')).toBe('wallets');
    expect(() => normaliseRemote('../etc')).toThrow(/Unknown remote/);
    expect(() => normaliseRemote('mfe-')).toThrow(/Unknown remote/);
  });

  it('rejects malformed versions (no path tricks)', () => {
    expect(() =>
      createRegistryStore(deploy).activate('wallets', '../../x', { force: true }),
    ).toThrow(/Invalid version/);
  });
});
