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

interface FederationGlobal {
  __FEDERATION__?: { __INSTANCES__?: Array<{ options?: { name?: string } }> };
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
