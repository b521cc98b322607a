// What a failed version of a remote supplies to the others, taken away
// (docs/decisions/045-release-safety-in-the-browser.md). A module of its own, loaded only when a
// version fails (register-apps.tsx): the first load of every page stays within its budget.
/** A shared module as the runtime keeps it: what provides it (`get`) and its loaded copy. */
interface SharedEntry {
  get?: unknown;
  from?: string;
}
/** scope -> package -> version -> entry. */
type ShareScopeMap = Record<string, Record<string, Record<string, SharedEntry>>>;

interface FederationInstanceLike {
  options?: { name?: string; shared?: Record<string, SharedEntry[] | SharedEntry> };
  shareScopeMap?: ShareScopeMap;
}

interface FederationGlobal {
  __FEDERATION__?: {
    __INSTANCES__?: FederationInstanceLike[];
    __SHARE__?: Record<string, ShareScopeMap>;
  };
}

/**
 * Takes out of every share scope in the page what a failed version of `name` provides
 * (docs/decisions/045-release-safety-in-the-browser.md): its container registered its own copies
 * of the shared packages (react, @ajo/shared/*) when it initialised, and the runtime prefers a
 * remote's copy over the shell's one not yet loaded (it compares the providers' names) and, once
 * loaded, anyone's loaded copy ('loaded-first'). Left there, the failed version would serve its
 * @ajo/shared/money-flow to payments and transfers from code whose chunks the switch below drops:
 * their screens then failed, counted against them. Its entries are found by identity (the objects
 * its instance registered, or a copy the runtime made of one carrying its `get`), never by the
 * `from` label, which the runtime rewrites to whoever loaded the module last. Answers how many it
 * removed.
 */
export function forgetSharedOf(name: string): number {
  const federationGlobal = (globalThis as FederationGlobal).__FEDERATION__;
  const failed = (federationGlobal?.__INSTANCES__ ?? []).filter((i) => i.options?.name === name);
  const provided = new Set<SharedEntry>();
  const getters = new Set<unknown>();
  for (const instance of failed) {
    for (const entries of Object.values(instance.options?.shared ?? {})) {
      for (const entry of Array.isArray(entries) ? entries : [entries]) {
        provided.add(entry);
        if (typeof entry.get === 'function') getters.add(entry.get);
      }
    }
  }
  if (!provided.size) return 0;
  const maps = new Set<ShareScopeMap>(Object.values(federationGlobal?.__SHARE__ ?? {}));
  for (const instance of federationGlobal?.__INSTANCES__ ?? []) {
    if (instance.shareScopeMap) maps.add(instance.shareScopeMap);
  }
  let removed = 0;
  for (const map of maps) {
    for (const packages of Object.values(map)) {
      for (const versions of Object.values(packages)) {
        for (const [version, entry] of Object.entries(versions)) {
          if (provided.has(entry) || getters.has(entry.get)) {
            delete versions[version];
            removed += 1;
          }
        }
      }
    }
  }
  return removed;
}
