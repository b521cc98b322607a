// eslint-disable-next-line @typescript-eslint/triple-slash-reference -- the ambient host/* types travel with the loader into every remote's program
/// <reference path="./host-modules.d.ts" />
// A remote's handle on the host's federated modules (host/api, host/bus, host/session; host README).
// The shell registers the `host` container with its runtime; a remote container has its own runtime
// instance (named after the remote by its build), so it registers the same entry there before
// loading. The container evaluates each exposed module once, so the remote gets the very instances
// the shell uses (docs/architecture.md "Known traps"). Compiled into each remote, never shared:
// `registered` is this remote's own state (docs/decisions/005-remote-kit-compiled-in.md).
import type { ModuleFederation } from '@module-federation/enhanced/runtime';
import type * as HostApi from 'host/api';
import type * as HostBus from 'host/bus';
import type * as HostSession from 'host/session';

export type { ApiClient, ApiError, AppConfig, RequestOptions } from 'host/api';
export type { Session } from 'host/session';

/**
 * webpack's module require function, on which the federation build plugin sets up the container's
 * runtime (@module-federation/webpack-bundler-runtime: `federation.instance`).
 */
declare const __webpack_require__: { federation?: { instance?: ModuleFederation } } | undefined;

/** Same entry as the shell's HOST_CONTAINER (host/src/federation/registry-client.ts). */
export const HOST_ENTRY = '/mf-manifest.json';

let registered = false;

/** The federation instance of the container this code is compiled into. */
function containerInstance(): ModuleFederation {
  const instance =
    typeof __webpack_require__ === 'undefined'
      ? undefined
      : __webpack_require__.federation?.instance;
  if (!instance) {
    throw new Error(
      '@ajo/remote-kit: not inside a federation container (see @ajo/tooling/webpack)',
    );
  }
  return instance;
}

async function load<T>(id: string): Promise<T> {
  const mf = containerInstance();
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
