// The shell's handle on the Module Federation runtime. Remotes are registered at run time from the
// registry document (ARCHITECTURE: no remote URL is compiled into the host bundle).
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

/** ARCHITECTURE "Known traps": log a remote that fails to load; the caller shows the fallback. */
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

/**
 * Points `remote.name` at another version for the rest of this tab
 * (docs/decisions/020-last-known-good-fallback.md): `force` makes the runtime forget the version it
 * had (its container, its manifest, the shared modules only it used), so the next loadRemote
 * fetches the new one. Every version of a remote shares webpack's chunk list `webpackChunk<name>`
 * (output.uniqueName is the federation name, @ajo/tooling/webpack): it is started afresh, or the new
 * version's runtime would take the chunks the failed version already loaded for its own.
 */
export function switchRemoteVersion(remote: RemoteRegistration): void {
  delete (globalThis as Record<string, unknown>)[`webpackChunk${remote.name}`];
  federation().registerRemotes([{ name: remote.name, entry: remote.entry }], { force: true });
}

export function loadFederated<T>(id: string): Promise<T | null> {
  return federation().loadRemote<T>(id);
}
