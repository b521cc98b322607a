// Shared by the registry's tests.
import { mkdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { REMOTES } from '@ajo/tooling/remotes';
import { createRegistryStore } from './registry/index.js';
import type { Contributions, RegistryDocument, RegistryStore } from './registry/index.js';

/**
 * What a test build contributes: the workspace remote's own declaration when there is one of that
 * name (its remote.json), else one route of its own.
 */
export function contributionsFor(name: string): Contributions {
  const remote = REMOTES.find((r) => r.name === name);
  if (remote) {
    const { name: _name, folder: _folder, ...contributes } = remote;
    return contributes;
  }
  return { routes: [{ path: `/${name.replace(/_/g, '-')}`, label: name, access: 'public' }] };
}

/**
 * A registry document with every workspace remote live as `version`, each contributing its own
 * declaration; `extra` adds or replaces remotes' contributions.
 */
export function documentOf(
  extra: Record<string, Contributions | null> = {},
  version = '1.0.0',
): RegistryDocument {
  const names = new Set([...REMOTES.map((r) => r.name), ...Object.keys(extra)]);
  const remotes: RegistryDocument['remotes'] = {};
  for (const name of names) {
    const contributes = name in extra ? extra[name] : contributionsFor(name);
    if (!contributes) continue;
    remotes[name] = {
      version,
      manifest: `/remotes/${name}/${version}/mf-manifest.json`,
      contributes,
    };
  }
  return { remotes };
}

/**
 * Replaces ${dir}/registry.db by `text` (a new file renamed into place, the WAL files gone): a handle
 * the test closed but the library has not yet let go of cannot write its pages over it.
 */
export function corruptDatabase(dir: string, text: string) {
  writeFileSync(path.join(dir, 'registry.db.new'), text);
  renameSync(path.join(dir, 'registry.db.new'), path.join(dir, 'registry.db'));
  for (const suffix of ['-wal', '-shm'])
    rmSync(path.join(dir, `registry.db${suffix}`), { force: true });
}

/**
 * A remote's build as Module Federation writes it into `dir`: the manifest names the container, its
 * entry and the build's version, exposes ./app and lists what it shares.
 */
export function writeBuild(
  dir: string,
  {
    name,
    version,
    buildVersion = version,
    content = version,
    exposes = ['./app'],
    shared = [],
    contributes = contributionsFor(name),
  }: {
    name: string;
    version: string;
    buildVersion?: string;
    content?: string;
    exposes?: string[];
    /** [package, requiredVersion] pairs. */
    shared?: [string, string][];
    /** What the build declares (null: a build from before remotes declared their routes). */
    contributes?: Contributions | null;
  },
) {
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(path.join(dir, 'chunks'), { recursive: true });
  const manifest = {
    name,
    metaData: { buildInfo: { buildVersion }, remoteEntry: { name: 'remoteEntry.js', path: '' } },
    exposes: exposes.map((p) => ({ path: p })),
    shared: shared.map(([sharedName, requiredVersion]) => ({ name: sharedName, requiredVersion })),
    ...(contributes ? { contributes } : {}),
  };
  writeFileSync(path.join(dir, 'mf-manifest.json'), JSON.stringify(manifest));
  writeFileSync(path.join(dir, 'remoteEntry.js'), `// ${content}`);
  writeFileSync(path.join(dir, 'chunks', '1.0a1b2c3d.js'), `chunk ${content}`);
}

/**
 * A remote's container written by hand (what a build emits, reduced to the federation protocol):
 * `app` is the source of an expression evaluated in the page for `./app` (it sees `shareScope`, the
 * host's shared modules); `entry` replaces the whole entry script.
 */
export function writeContainer(
  dir: string,
  {
    name,
    version,
    app,
    entry,
    contributes = contributionsFor(name),
  }: { name: string; version: string; app?: string; entry?: string; contributes?: Contributions },
) {
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  const manifest = {
    id: name,
    name,
    metaData: {
      name,
      type: 'app',
      buildInfo: { buildVersion: version, buildName: `@ajo/${name}` },
      remoteEntry: { name: 'remoteEntry.js', path: '', type: 'global' },
      types: { path: '', name: '', zip: '', api: '' },
      globalName: name,
      pluginVersion: '2.9.2',
      publicPath: 'auto',
    },
    shared: [],
    remotes: [],
    exposes: [
      {
        id: `${name}:app`,
        name: 'app',
        path: './app',
        assets: { js: { sync: [], async: [] }, css: { sync: [], async: [] } },
      },
    ],
    contributes,
  };
  writeFileSync(path.join(dir, 'mf-manifest.json'), JSON.stringify(manifest));
  writeFileSync(
    path.join(dir, 'remoteEntry.js'),
    entry ??
      `var ${name} = (function () {
  var shareScope = {};
  return {
    init: function (scope) { shareScope = scope; },
    get: function (id) {
      if (id !== './app') return Promise.reject(new Error('no ' + id));
      return Promise.resolve(function () { return (${app}); });
    },
  };
})();`,
  );
}

/** Renders with the host's React and react-dom/client from the share scope the page gave. */
export const RENDERS = `{
  bootstrap: function () { return Promise.resolve(); },
  mount: function (props) {
    var React = shareScope.react['18.3.1'].lib();
    var client = shareScope['react-dom/client']['18.3.1'].lib();
    var root = client.createRoot(props.domElement);
    window.__root = root;
    root.render(React.createElement('h1', null, 'Welcome to Ajo'));
    return new Promise(function (resolve) { setTimeout(resolve, 0); });
  },
  unmount: function () { window.__root.unmount(); return Promise.resolve(); },
}`;

/**
 * A store whose publishing adds a remote it does not know yet as a new remote, as the monorepo's
 * build does (publishAll): for tests about something else than adding remotes, which have their
 * own (registry-new-remote.test.ts).
 */
export function addingRemotes<S extends RegistryStore>(store: S): S {
  const known = async (name: unknown) =>
    Object.hasOwn((await store.read()).remotes, String(name).replace(/^mfe-/, '').replace(/-/g, '_'));
  const { publish, publishFolder } = store;
  return Object.assign(store, {
    publish: async (repoRoot: string, remote: unknown, options = {}) =>
      publish(repoRoot, remote, { newRemote: !(await known(remote)), ...options }),
    publishFolder: async (remote: unknown, dist: string, version: unknown, options = {}) =>
      publishFolder(remote, dist, version, { newRemote: !(await known(remote)), ...options }),
  });
}

/** createRegistryStore for tests: adds remotes as it publishes them (addingRemotes). */
export const openTestStore = (...args: Parameters<typeof createRegistryStore>) =>
  addingRemotes(createRegistryStore(...args));
