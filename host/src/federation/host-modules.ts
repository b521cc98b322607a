// The shell reaches its own exposed modules through the federation runtime, exactly as remotes do,
// so the page holds one instance of each (docs/architecture.md "Known traps", webpack#17575).
import type * as HostApi from 'host/api';
import type * as HostBus from 'host/bus';
import type * as HostSession from 'host/session';
import { loadFederated } from './runtime';

async function load<T>(id: string): Promise<T> {
  const mod = await loadFederated<T>(id);
  if (!mod) throw new Error(`${id} did not load`);
  return mod;
}

export const loadHostBus = () => load<typeof HostBus>('host/bus');
export const loadHostSession = () => load<typeof HostSession>('host/session');
export const loadHostApi = () => load<typeof HostApi>('host/api');
