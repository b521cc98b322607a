// What the app server inlined into index.html for this browser (control-plane/src/first-load.ts): its
// registry document and the runtime config, read here instead of fetched one after the other before
// the first screen (docs/decisions/023-the-first-screen-in-three-round-trips.md). A page without
// them (a static host, an older app server) fetches /registry.json and /app-config.json as before.

/** The ids the app server writes (control-plane/src/first-load.ts names the same). */
export const REGISTRY_DATA_ID = 'ajo-registry';
export const APP_CONFIG_DATA_ID = 'ajo-app-config';

/** The JSON of the page's data element `id`; undefined when absent or unreadable (then fetched). */
export function readFirstLoadData<T>(
  id: string,
  doc: Document | undefined = globalThis.document,
): T | undefined {
  const text = doc?.getElementById(id)?.textContent;
  try {
    return text ? (JSON.parse(text) as T) : undefined;
  } catch {
    return undefined;
  }
}
