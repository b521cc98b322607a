import type { RemoteRegistration } from './runtime';

/** `/registry.json`, served no-cache beside the host: remote name -> active version -> manifest URL. */
export interface RegistryDocument {
  remotes: Record<string, { version: string; manifest: string }>;
}

/** The host is also a federation remote named `host` (its ./api, ./session, ./bus), same origin. */
export const HOST_CONTAINER: RemoteRegistration = { name: 'host', entry: '/mf-manifest.json' };

export function toRegistrations(doc: RegistryDocument): RemoteRegistration[] {
  const remotes = Object.entries(doc.remotes ?? {})
    .filter(([, value]) => typeof value?.manifest === 'string')
    .map(([name, value]) => ({ name, entry: value.manifest }));
  return remotes.filter((remote) => remote.name !== HOST_CONTAINER.name);
}

export async function fetchRegistry(
  fetchImpl: typeof fetch = fetch,
): Promise<RemoteRegistration[]> {
  try {
    const res = await fetchImpl('/registry.json', { cache: 'no-cache' });
    if (!res.ok) throw new Error(`registry.json: HTTP ${res.status}`);
    return toRegistrations((await res.json()) as RegistryDocument);
  } catch (error) {
    // Without a registry every remote area shows the fallback; the shell itself keeps working.
    console.error('[registry] could not read /registry.json', error);
    return [];
  }
}
