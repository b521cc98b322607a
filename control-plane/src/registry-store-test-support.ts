// Shared by the registry store's tests (registry-store.test.ts: publishing;
// registry-activation.test.ts, registry-rollout.test.ts, registry-fallback.test.ts,
// registry-checks.test.ts): a repository with every remote built as 0.1.0 and an empty deploy
// folder, in a temporary folder removed after each test with the stores opened on it.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { REMOTES } from '@ajo/tooling/remotes';
import type { createRegistryStore} from './registry/index.js';
import { type RegistryStore } from './registry/index.js';
import { writeBuild, openTestStore } from './registry-test-support.js';

// Live bindings: each test's folders, set before it.
export let tmp: string;
export let repo: string;
export let deploy: string;
export let stores: RegistryStore[];

/** A remote's build as Module Federation writes it: the manifest records the build's version. */
export function fakeRemoteBuild(
  pkgDir: string,
  version: string,
  options: Omit<Parameters<typeof writeBuild>[1], 'name' | 'version'> = {},
) {
  const dir = path.join(repo, pkgDir);
  const name = REMOTES.find((r) => r.folder === pkgDir)?.name ?? pkgDir.replace(/^mfe-/, '');
  writeBuild(path.join(dir, 'dist'), { name, version, ...options });
  writeFileSync(path.join(dir, 'package.json'), JSON.stringify({ version }));
  writeFileSync(path.join(dir, 'remote.json'), JSON.stringify({ name }));
}

export function open(options?: Parameters<typeof createRegistryStore>[1]) {
  const store = openTestStore(deploy, options);
  stores.push(store);
  return store;
}

export const as = { operator: 'test' };
export const deployed = (name: string, version: string, file = 'remoteEntry.js') =>
  readFileSync(path.join(deploy, 'remotes', name, version, file), 'utf8');

/** Registers the set-up before each test and the clean-up after it. */
export function registryStoreHooks() {
  beforeEach(() => {
    tmp = mkdtempSync(path.join(os.tmpdir(), 'ajo-registry-'));
    repo = path.join(tmp, 'repo');
    deploy = path.join(tmp, 'deploy');
    stores = [];
    for (const { folder } of REMOTES) fakeRemoteBuild(folder, '0.1.0');
  });
  afterEach(async () => {
    for (const store of stores) await store.close();
    rmSync(tmp, { recursive: true, force: true });
  });
}
