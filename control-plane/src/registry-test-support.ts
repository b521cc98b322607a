// Shared by the registry's tests.
import { mkdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

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
  }: {
    name: string;
    version: string;
    buildVersion?: string;
    content?: string;
    exposes?: string[];
    /** [package, requiredVersion] pairs. */
    shared?: [string, string][];
  },
) {
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(path.join(dir, 'chunks'), { recursive: true });
  const manifest = {
    name,
    metaData: { buildInfo: { buildVersion }, remoteEntry: { name: 'remoteEntry.js', path: '' } },
    exposes: exposes.map((p) => ({ path: p })),
    shared: shared.map(([sharedName, requiredVersion]) => ({ name: sharedName, requiredVersion })),
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
  { name, version, app, entry }: { name: string; version: string; app?: string; entry?: string },
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
