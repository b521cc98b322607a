import type { Contributions } from '@ajo/tooling/contributions';
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
 * (docs/decisions/020-last-known-good-fallback.md), and what the chosen version contributes (its
 * routes, sidebar entries, home page: docs/decisions/038-remotes-declare-their-routes.md); `winners`
 * the remote an operator chose for a path two remotes declare.
 */
export interface RegistryDocument {
  remotes: Record<
    string,
    RemoteVersion & { fallback?: RemoteVersion; contributes?: Contributions }
  >;
  winners?: Record<string, string>;
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

const isDocument = (value: unknown): value is RegistryDocument => {
  const remotes = (value as RegistryDocument | null | undefined)?.remotes;
  return typeof remotes === 'object' && remotes !== null && !Array.isArray(remotes);
};

/** The document the app server inlined in this page, if it did (synchronous: no request). */
export function inlinedRegistry(
  inlined: unknown = readFirstLoadData<RegistryDocument>(REGISTRY_DATA_ID),
): RegistryDocument | undefined {
  return isDocument(inlined) ? inlined : undefined;
}

/** This browser's document: the one inlined in the page, else `/registry.json`. */
export async function fetchRegistryDocument(
  fetchImpl: typeof fetch = fetch,
  inlined: RegistryDocument | undefined = inlinedRegistry(),
): Promise<RegistryDocument> {
  if (isDocument(inlined)) return inlined;
  try {
    const res = await fetchImpl('/registry.json', { cache: 'no-cache' });
    if (!res.ok) throw new Error(`registry.json: HTTP ${res.status}`);
    const document: unknown = await res.json();
    if (!isDocument(document)) throw new Error('registry.json: not a registry document');
    return document;
  } catch (error) {
    // Without a registry the shell knows no remote and no route but its own /login: the page shows
    // the error fallback (layout/shell-app.tsx); the sign-in keeps working.
    console.error('[registry] could not read /registry.json', error);
    return { remotes: {} };
  }
}

/** The choices of this browser's document (fetchRegistryDocument). */
export async function fetchRegistry(
  fetchImpl: typeof fetch = fetch,
  inlined: RegistryDocument | undefined = inlinedRegistry(),
): Promise<RemoteChoice[]> {
  return toRemoteChoices(await fetchRegistryDocument(fetchImpl, inlined));
}
