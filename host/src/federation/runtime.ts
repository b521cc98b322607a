// The shell's handle on the Module Federation runtime. Remotes are registered at run time from the
// registry document (docs/architecture.md "Micro-frontends": no remote URL is compiled into the
// host bundle).
import {
  createInstance,
  getInstance,
  type ModuleFederation,
  type ModuleFederationRuntimePlugin,
} from '@module-federation/enhanced/runtime';

let instance: ModuleFederation | null = null;

export function federation(): ModuleFederation {
  // The build plugin creates the instance; createInstance is the fallback (tests, odd loaders).
  instance ??= getInstance() ?? createInstance({ name: 'ajo_shell', remotes: [] });
  return instance;
}

/**
 * docs/architecture.md "Known traps": log a remote that fails to load; the caller shows the
 * fallback.
 */
export const errorLoadRemotePlugin = (): ModuleFederationRuntimePlugin => ({
  name: 'ajo-error-load-remote',
  errorLoadRemote(args) {
    console.error(`[federation] could not load ${args.id} (${args.lifecycle})`, args.error);
    return undefined;
  },
});

export interface RemoteRegistration {
  name: string;
  entry: string;
}

let pluginRegistered = false;

export function registerRemotes(remotes: RemoteRegistration[]): void {
  const mf = federation();
  if (!pluginRegistered) {
    mf.registerPlugins([errorLoadRemotePlugin()]);
    pluginRegistered = true;
  }
  // Only what the runtime knows about: the registry's version labels stay with the host.
  mf.registerRemotes(remotes.map(({ name, entry }) => ({ name, entry })));
}

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

/**
 * Points `remote.name` at another version for the rest of this tab
 * (docs/decisions/020-last-known-good-fallback.md). What the failed version left behind would be
 * taken up by the new one, all keyed by the remote's name, which every version shares:
 * - `force` makes the runtime forget the remote (its container global, its manifest), so the next
 *   loadRemote fetches the new entry;
 * - the runtime instance the failed container created is dropped: a container's init reuses an
 *   instance of its name, so the new version would share it with the failed one (the runtime's own
 *   clean-up looks for it under the manifest's version and misses it);
 * - webpack's chunk list `webpackChunk<name>` and any chunk script still in flight
 *   (`data-webpack="<name>:chunk-<id>"`; output.uniqueName is the federation name,
 *   @ajo/tooling/webpack) are dropped, or the new version's webpack runtime would take the chunks
 *   the failed version loaded (same chunk ids) for its own: the good version then mounted the
 *   broken code.
 * What it cannot clear (the failed version's own webpack runtime and its pending shared-module
 * requests) can still fail the new version; register-apps.tsx then loads it on a fresh page.
 */
export function switchRemoteVersion(remote: RemoteRegistration): void {
  forgetSharedOf(remote.name);
  federation().registerRemotes([{ name: remote.name, entry: remote.entry }], { force: true });
  const instances = (globalThis as FederationGlobal).__FEDERATION__?.__INSTANCES__ ?? [];
  for (let i = instances.length - 1; i >= 0; i -= 1) {
    if (instances[i]?.options?.name === remote.name) instances.splice(i, 1);
  }
  delete (globalThis as Record<string, unknown>)[`webpackChunk${remote.name}`];
  for (const script of document.querySelectorAll(`script[data-webpack^="${remote.name}:"]`)) {
    script.remove();
  }
}

export function loadFederated<T>(id: string): Promise<T | null> {
  return federation().loadRemote<T>(id);
}
