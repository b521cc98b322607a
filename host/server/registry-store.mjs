// The remote registry: which versions of each remote are published and which one is active
// (ARCHITECTURE: operators switch or roll back a remote without rebuilding anything).
// One module for the CLI (registry-cli.mjs) and the operator HTTP endpoint (app.mjs).
// State: ${DEPLOY_DIR}/registry.json = { remotes: { <name>: { active, previous?, versions: [...] } } }
import {
  cpSync,
  existsSync,
  mkdirSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';
import { REMOTES, remoteFolder, remotePackage } from '@ajo/tooling/remotes';
import { precompressDir } from './precompress.mjs';

/** Federation name -> package folder, from the list of remotes (@ajo/tooling/remotes). */
export const REMOTE_PACKAGES = Object.fromEntries(REMOTES.map((r) => [r.name, remoteFolder(r)]));

export class RegistryError extends Error {
  constructor(message, statusCode = 400) {
    super(message);
    this.statusCode = statusCode;
  }
}

/**
 * Accepts a remote's name ('public_pages'), its folder ('mfe-public-pages'), its package
 * ('@ajo/mfe-public-pages') or the name with dashes ('public-pages'); answers the name.
 */
export function normaliseRemote(input) {
  const text = String(input ?? '');
  const remote = REMOTES.find((r) =>
    [r.name, remoteFolder(r), remotePackage(r), r.name.replace(/_/g, '-')].includes(text),
  );
  if (!remote) {
    throw new RegistryError(
      `Unknown remote '${input}'. Known: ${REMOTES.map((r) => r.name).join(', ')}`,
      404,
    );
  }
  return remote.name;
}

const VERSION = /^\d+\.\d+\.\d+(?:-[0-9A-Za-z.-]+)?$/;

export function createRegistryStore(deployDir) {
  const statePath = path.join(deployDir, 'registry.json');
  const versionDir = (name, version) => path.join(deployDir, 'remotes', name, version);

  function read() {
    if (!existsSync(statePath)) return { remotes: {} };
    const parsed = JSON.parse(readFileSync(statePath, 'utf8'));
    return { remotes: parsed?.remotes ?? {} };
  }

  function write(state) {
    mkdirSync(deployDir, { recursive: true });
    // Write then rename: a reader never sees half a file.
    const tmp = `${statePath}.${process.pid}.${Date.now()}.tmp`;
    writeFileSync(tmp, `${JSON.stringify(state, null, 2)}\n`);
    renameSync(tmp, statePath);
  }

  function entry(state, name) {
    state.remotes[name] ??= { active: null, versions: [] };
    return state.remotes[name];
  }

  function isPublished(name, version) {
    return existsSync(path.join(versionDir(name, version), 'mf-manifest.json'));
  }

  return {
    statePath,
    read,
    isPublished,

    /**
     * Copies <repo>/<package>/dist to remotes/<name>/<version>/ (version from its package.json) and
     * writes the .br/.gz variant of each text file there (precompress.mjs).
     */
    publish(repoRoot, remote, { activate = false } = {}) {
      const name = normaliseRemote(remote);
      const pkgDir = path.join(repoRoot, REMOTE_PACKAGES[name]);
      const { version } = JSON.parse(readFileSync(path.join(pkgDir, 'package.json'), 'utf8'));
      const dist = path.join(pkgDir, 'dist');
      if (!existsSync(path.join(dist, 'mf-manifest.json'))) {
        throw new RegistryError(
          `${REMOTE_PACKAGES[name]}/dist has no mf-manifest.json: build it first`,
        );
      }
      const target = versionDir(name, version);
      rmSync(target, { recursive: true, force: true });
      mkdirSync(path.dirname(target), { recursive: true });
      cpSync(dist, target, { recursive: true });
      precompressDir(target);
      const state = read();
      const e = entry(state, name);
      if (!e.versions.includes(version)) e.versions.push(version);
      write(state);
      if (activate) return this.activate(name, version);
      return { name, version, active: e.active };
    },

    /** Makes `version` active; refuses a version that is not published unless force. */
    activate(remote, version, { force = false } = {}) {
      const name = normaliseRemote(remote);
      if (typeof version !== 'string' || !VERSION.test(version)) {
        throw new RegistryError(`Invalid version '${version}'`);
      }
      if (!force && !isPublished(name, version)) {
        throw new RegistryError(
          `${name}@${version} is not published (use --force to activate anyway)`,
          409,
        );
      }
      const state = read();
      const e = entry(state, name);
      if (e.active !== version) {
        if (e.active) e.previous = e.active;
        e.active = version;
      }
      if (!e.versions.includes(version)) e.versions.push(version);
      write(state);
      return { name, version, active: e.active, previous: e.previous ?? null };
    },

    /** Swaps back to the previously active version. */
    rollback(remote) {
      const name = normaliseRemote(remote);
      const state = read();
      const e = state.remotes[name];
      if (!e?.previous)
        throw new RegistryError(`${name} has no previous version to roll back to`, 409);
      const back = e.previous;
      e.previous = e.active;
      e.active = back;
      write(state);
      return { name, active: e.active, previous: e.previous };
    },

    /** The document browsers read as /registry.json: active versions only. */
    document() {
      const state = read();
      const remotes = {};
      for (const [name, e] of Object.entries(state.remotes)) {
        if (!e?.active) continue;
        remotes[name] = {
          version: e.active,
          manifest: `/remotes/${name}/${e.active}/mf-manifest.json`,
        };
      }
      return { remotes };
    },
  };
}

/** Publishes every remote's dist; activates the published version where nothing is active yet. */
export function publishAll(store, repoRoot, log = () => undefined) {
  const results = [];
  for (const name of Object.keys(REMOTE_PACKAGES)) {
    const published = store.publish(repoRoot, name);
    const current = store.read().remotes[name]?.active;
    const result = current ? published : store.activate(name, published.version);
    log(
      `${name}@${published.version} published${current ? ` (active stays ${current})` : ', active'}`,
    );
    results.push(result);
  }
  return results;
}
