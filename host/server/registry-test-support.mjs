// Shared by the registry's tests.
import { mkdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/**
 * Replaces ${dir}/registry.db by `text` (a new file renamed into place, the WAL files gone): a handle
 * the test closed but the library has not yet let go of cannot write its pages over it.
 */
export function corruptDatabase(dir, text) {
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
  dir,
  { name, version, buildVersion = version, content = version, exposes = ['./app'], shared = [] },
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
