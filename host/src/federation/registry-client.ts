import { readFirstLoadData, REGISTRY_DATA_ID } from '../first-load-data';
import type { RemoteRegistration } from './runtime';

/** One version of a remote: its label and the URL of its mf-manifest.json. */
export interface RemoteVersion {
  version: string;
  manifest: string;
}

/**
 * `/registry.json`, served no-cache beside the host: per remote the version this browser loads and,
 * when there is one, the version it falls back to by itself when that one fails to load or mount
 * (docs/decisions/020-last-known-good-fallback.md).
 */
export interface RegistryDocument {
  remotes: Record<string, RemoteVersion & { fallback?: RemoteVersion }>;
}

/** A remote as the host registers it: the version to load first and the one to fall back to. */
export interface RemoteChoice extends RemoteRegistration {
  version: string;
  fallback?: RemoteRegistration & { version: string };
}

/** The host is also a federation remote named `host` (its ./api, ./session, ./bus), same origin. */
export const HOST_CONTAINER: RemoteRegistration = { name: 'host', entry: '/mf-manifest.json' };

const isVersion = (value: unknown): value is RemoteVersion =>
  typeof (value as RemoteVersion | undefined)?.manifest === 'string' &&
  typeof (value as RemoteVersion).version === 'string';

export function toRemoteChoices(doc: RegistryDocument): RemoteChoice[] {
  return Object.entries(doc.remotes ?? {})
    .filter(([name, value]) => name !== HOST_CONTAINER.name && isVersion(value))
    .map(([name, value]) => {
      const choice: RemoteChoice = { name, entry: value.manifest, version: value.version };
      const fallback = value.fallback;
      if (isVersion(fallback) && fallback.manifest !== value.manifest) {
        choice.fallback = { name, entry: fallback.manifest, version: fallback.version };
      }
      return choice;
    });
}

/** This browser's document: the one inlined in the page, else `/registry.json`. */
export async function fetchRegistry(
  fetchImpl: typeof fetch = fetch,
  inlined: RegistryDocument | undefined = readFirstLoadData<RegistryDocument>(REGISTRY_DATA_ID),
): Promise<RemoteChoice[]> {
  if (inlined && typeof inlined.remotes === 'object') return toRemoteChoices(inlined);
  try {
    const res = await fetchImpl('/registry.json', { cache: 'no-cache' });
    if (!res.ok) throw new Error(`registry.json: HTTP ${res.status}`);
    return toRemoteChoices((await res.json()) as RegistryDocument);
  } catch (error) {
    // Without a registry every remote area shows the fallback; the shell itself keeps working.
    console.error('[registry] could not read /registry.json', error);
    return [];
  }
}
