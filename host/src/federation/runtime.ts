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
  mf.registerRemotes(remotes);
}

export function loadFederated<T>(id: string): Promise<T | null> {
  return federation().loadRemote<T>(id);
}
