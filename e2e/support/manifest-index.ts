// The federation manifests of every build the app server publishes, read the same way the bundle
// report reads them (support/bundle/attribution.mjs), so a chunk is identified by what its build
// says it holds, never by its file name.
import path from 'node:path';
import { loadManifestIndex } from './bundle/attribution.mjs';
import { findFiles } from './bundle/sizes.mjs';
import { deploySourceDir, repoRoot } from './paths';

export function manifestIndex(): ReturnType<typeof loadManifestIndex> {
  const folders = [deploySourceDir, path.join(repoRoot, 'host', 'dist')];
  const files = folders.flatMap((dir) => [
    ...findFiles(dir, 'mf-manifest.json'),
    ...findFiles(dir, 'mf-manifest-stats.json'),
  ]);
  return loadManifestIndex(files);
}
