// The files a first screen loads, read from the containers' manifests and the shell's build
// (docs/decisions/023-the-first-screen-in-three-round-trips.md): first-load.ts hints them.
import { readFile } from 'node:fs/promises';
import path from 'node:path';

/** Written by the shell's build (host/webpack.config.cjs): the shell's chunks per first screen. */
export const SHELL_CHUNKS_FILE = 'first-load.json';

/** The host container is built beside the shell (host/webpack.config.cjs, registry-client.ts). */
export const HOST_MANIFEST = '/mf-manifest.json';
export const js = (file: string) => file.endsWith('.js');
export const css = (file: string) => file.endsWith('.css');

/** The parts of an MF 2 manifest the hints read. */
interface Assets {
  js?: { sync?: string[]; async?: string[] };
  css?: { sync?: string[]; async?: string[] };
}
export interface Manifest {
  metaData?: { remoteEntry?: { name?: unknown; path?: string } };
  exposes?: { name?: string; path?: string; assets?: Assets }[];
}
/** The shell's chunks per first screen (SHELL_CHUNKS_FILE). */
export type ShellChunks = Record<string, string[] | undefined>;

export type ManifestAt = (url: string) => Promise<Manifest | null>;

/** Reads manifests and the shell's chunks, each once while it is there. */
export function createManifestReader({
  distDir,
  deployDir,
}: {
  distDir: string;
  deployDir: string;
}) {
  // Published versions never change (registry/publishing.ts), nor does a built shell: read once each.
  const manifests = new Map<string, Promise<Manifest | null>>();
  const readJson = <T>(file: string): Promise<T | null> =>
    readFile(file, 'utf8')
      .then((text) => JSON.parse(text) as T)
      .catch(() => null);
  const fileOf = (url: string | undefined) => {
    // The host container beside the shell, or a published remote's own manifest under deployDir
    // (the registry writes these URLs).
    if (url === HOST_MANIFEST) return path.join(distDir, 'mf-manifest.json');
    const match = /^\/remotes\/([a-z_]+)\/([^/]+)\/mf-manifest\.json$/.exec(url ?? '');
    if (!match || match[2]!.includes('..')) return null;
    return path.join(deployDir, 'remotes', match[1]!, match[2]!, 'mf-manifest.json');
  };
  const manifestAt: ManifestAt = (url) => {
    const file = fileOf(url);
    if (!file) return Promise.resolve(null);
    if (!manifests.has(url)) {
      const pending = readJson<Manifest>(file);
      manifests.set(url, pending);
      // A version not there yet may be published later: only what was read is kept.
      void pending.then((manifest) => manifest ?? manifests.delete(url));
    }
    return manifests.get(url)!;
  };
  let shell: Promise<ShellChunks> | null = null;
  const shellChunks = () => {
    shell ??= readJson<ShellChunks>(path.join(distDir, SHELL_CHUNKS_FILE)).then((value) => {
      if (!value) shell = null;
      return value ?? {};
    });
    return shell;
  };
  return { manifestAt, shellChunks };
}

/**
 * What a container's first screen loads, from its manifest (MF 2 resolves the manifest's files
 * against the manifest's own folder when publicPath is 'auto'): the manifest itself (fetched), the
 * remote entry and the sync chunks of `exposes` (script tags; `withAsync`: their async chunks too,
 * but for those host/api loads only when a call needs them)
 * and their sync stylesheets (the shell's webpack runtime links them).
 */
export async function containerFiles(
  manifestAt: ManifestAt,
  manifestUrl: string,
  exposes: string[],
  withAsync = false,
) {
  const manifest = await manifestAt(manifestUrl);
  // An async chunk that is also an async chunk of host/api is one the client loads later, on
  // its own (the cipher: host/src/api/client.ts), never for the first screen's user fetch.
  const later = new Set(
    (manifest?.exposes ?? []).find((expose) => expose.name === 'api')?.assets?.js?.async ?? [],
  );
  const base = manifestUrl.slice(0, manifestUrl.lastIndexOf('/') + 1);
  const fetches = [manifestUrl];
  const scripts: string[] = [];
  const styles: string[] = [];
  const entry = manifest?.metaData?.remoteEntry;
  if (!manifest || typeof entry?.name !== 'string') return { fetches, scripts, styles };
  scripts.push(`${base}${entry.path ? `${entry.path.replace(/\/$/, '')}/` : ''}${entry.name}`);
  for (const expose of manifest.exposes ?? []) {
    if (!exposes.includes(expose.name ?? String(expose.path).replace(/^\.\//, ''))) continue;
    scripts.push(...(expose.assets?.js?.sync ?? []).filter(js).map((file) => `${base}${file}`));
    styles.push(...(expose.assets?.css?.sync ?? []).filter(css).map((file) => `${base}${file}`));
    if (withAsync) {
      scripts.push(
        ...(expose.assets?.js?.async ?? [])
          .filter((file) => js(file) && !later.has(file))
          .map((file) => `${base}${file}`),
      );
    }
  }
  return { fetches, scripts, styles };
}
