// This remote's handle on the host's federated modules (host/api, host/bus, host/session; host
// README). The shell registers the `host` container with the runtime; a remote container has its own
// runtime instance, so it registers the same entry before loading. The container evaluates each
// exposed module once, so the remote gets the very instances the shell uses (ARCHITECTURE "Known traps").
import { createInstance, getInstance } from '@module-federation/enhanced/runtime';
import type * as HostApi from 'host/api';
import type * as HostBus from 'host/bus';
import type * as HostSession from 'host/session';

/** Same entry as the shell's HOST_CONTAINER (host/src/federation/registry-client.ts). */
const HOST_ENTRY = '/mf-manifest.json';

let registered = false;

async function load<T>(id: string): Promise<T> {
  const mf = getInstance() ?? createInstance({ name: 'wallets', remotes: [] });
  if (!registered) {
    mf.registerRemotes([{ name: 'host', entry: HOST_ENTRY }]);
    registered = true;
  }
  const mod = await mf.loadRemote<T>(id);
  if (!mod) throw new Error(`${id} did not load`);
  return mod;
}

export const loadHostApi = () => load<typeof HostApi>('host/api');
export const loadHostBus = () => load<typeof HostBus>('host/bus');
export const loadHostSession = () => load<typeof HostSession>('host/session');
