// What a version must pass before it goes live (docs/decisions/019-immutable-versions-and-a-registry-database.md):
// its manifest and entry are there and readable, its files are still the ones digested at publish,
// it is the container of the remote it is published for, it exposes ./app (the single-spa
// lifecycles the shell mounts), and what it needs from the shared singletons is what the host gives.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import semver from 'semver';
import { createMountCheck } from './mount-check.js';
import { digestFolder } from './registry-files.js';

/** The parts of a build's mf-manifest.json the checks read (anything may be missing). */
interface BuiltManifest {
  name?: string;
  metaData?: { remoteEntry?: { name?: string; path?: string } };
  exposes?: ({ path?: string } | null)[];
  shared?: ({ name?: string; requiredVersion?: unknown } | null)[];
}

/** The packages the host shares with every remote (@ajo/tooling/webpack sharedSingletons). */
export const HOST_SHARED = ['react', 'react-dom', 'react-router-dom', 'rxjs', '@ajo/shared'];

/**
 * The versions the host provides: those installed for the host's build (the lockfile's, so the ones
 * bundled into host/dist). `hostDir` is the host package's folder.
 */
export function hostSharedVersions(hostDir: string): Record<string, string> {
  const provided: Record<string, string> = {};
  for (const name of HOST_SHARED) {
    try {
      const pkg = JSON.parse(
        readFileSync(path.join(hostDir, 'node_modules', name, 'package.json'), 'utf8'),
      );
      provided[name] = pkg.version;
    } catch {
      // not installed next to the host: the check names it as unknown
    }
  }
  return provided;
}

/** 'react-dom/client' -> 'react-dom'; '@ajo/shared/ui' -> '@ajo/shared'. */
function packageOf(request: string) {
  const parts = request.split('/');
  return request.startsWith('@') ? parts.slice(0, 2).join('/') : (parts[0] ?? '');
}

/**
 * Reasons `dir` may not go live as `name` (empty: it may).
 */
export function activationProblems({
  dir,
  name,
  digest,
  hostShared,
}: {
  dir: string;
  name: string;
  digest?: string | undefined;
  hostShared?: Record<string, string> | undefined;
}): string[] {
  const manifestPath = path.join(dir, 'mf-manifest.json');
  let manifest: BuiltManifest | null;
  try {
    manifest = JSON.parse(readFileSync(manifestPath, 'utf8'));
  } catch {
    return [
      existsSync(manifestPath)
        ? 'its mf-manifest.json cannot be read'
        : 'it has no mf-manifest.json',
    ];
  }
  const problems: string[] = [];
  if (digest) {
    try {
      if (digestFolder(dir).digest !== digest)
        problems.push('its files changed since it was published');
    } catch {
      problems.push('its files cannot be read');
    }
  }
  const entry = manifest?.metaData?.remoteEntry;
  const entryFile = entry?.name ? path.join(dir, entry.path ?? '', entry.name) : null;
  if (!entryFile || !existsSync(entryFile)) {
    problems.push(`its entry ${entry?.name ?? '(none named in the manifest)'} is missing`);
  }
  if (manifest?.name !== name) {
    problems.push(
      `it is the build of '${manifest?.name ?? 'an unnamed container'}', not of '${name}'`,
    );
  }
  const exposes = Array.isArray(manifest?.exposes) ? manifest.exposes : [];
  if (!exposes.some((e) => e?.path === './app')) problems.push('it does not expose ./app');
  for (const shared of Array.isArray(manifest?.shared) ? manifest.shared : []) {
    const pkg = packageOf(String(shared?.name ?? ''));
    const wanted = shared?.requiredVersion;
    if (!HOST_SHARED.includes(pkg) || typeof wanted !== 'string' || !hostShared) continue;
    const provided = hostShared[pkg];
    if (!provided) {
      problems.push(
        `it needs ${shared?.name} ${wanted}, and the host's version of ${pkg} is unknown`,
      );
    } else if (!semver.satisfies(provided, wanted, { includePrerelease: true })) {
      problems.push(`it needs ${shared?.name} ${wanted}, and the host provides ${provided}`);
    }
  }
  return problems;
}

/**
 * Every check before a version goes live, for createRegistryStore: the shared versions the host
 * provides and the headless mount smoke test. The app server, the operator server, the CLI and the
 * build all take them from here, so none of them can leave one out.
 */
export function liveChecks(hostDir: string) {
  return { hostShared: hostSharedVersions(hostDir), mountCheck: createMountCheck({ hostDir }) };
}
