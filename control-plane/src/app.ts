// The app server: the shell's build at /, published remotes at /remotes/<name>/<version>/, /api
// proxied to the middleware, the page and the registry documents per browser, failure beacons and
// the operator API. One Fastify plugin per concern (plugins/); this file puts them together in the
// order they must be registered. No listening here: serve.ts resolves paths and listens, tests
// inject. A new concern is one more plugin registered here.
import Fastify from 'fastify';
import {
  capConnectionsPerAddress,
  MAX_CONNECTIONS_PER_CLIENT,
  serverOptions,
} from './connection-guards.js';
import type { SERVER_TIMEOUTS } from './connection-guards.js';
import { failureBeacon } from './plugins/failure-beacon.js';
import { metricsPlugin } from './plugins/metrics.js';
import { operatorApi, parseOperators } from './operator/index.js';
import apiProxy from './plugins/api-proxy.js';
import page, { type AppConfig } from './plugins/page.js';
import registryDocuments from './plugins/registry-documents.js';
import requestId, { requestIdOptions } from './plugins/request-id.js';
import securityHeaders from './plugins/security-headers.js';
import staticFiles from './plugins/static-files.js';
import { createRegistryStore, type MountCheck } from './registry/index.js';
import { createOverrideSigner, perBrowserRegistry } from './registry-per-browser.js';

export { HSTS, PERMISSIONS_POLICY } from './plugins/security-headers.js';
export { COMPRESS_THRESHOLD_BYTES } from './plugins/static-files.js';

interface RateLimit {
  max: number;
  timeWindow: number | string;
}

export interface AppOptions {
  distDir: string;
  deployDir: string;
  appConfig: AppConfig;
  middlewareUrl?: string;
  adminToken?: string;
  operators?: { name: string; token: string }[];
  registryDatabaseUrl?: string | undefined;
  hostShared?: Record<string, string>;
  mountCheck?: MountCheck;
  /** The operator API listens on its own server (OPERATOR_PORT): not on this one. */
  operatorApiElsewhere?: boolean;
  operatorRateLimit?: RateLimit;
  beaconRateLimit?: RateLimit;
  /** Failure reports kept while the registry database is down (plugins/failure-keeper.ts). */
  failureKeep?: { limit?: number; everyMs?: number };
  trustProxy?: false | string;
  production?: boolean;
  overrideSecret?: string | undefined;
  now?: () => number;
  serverTimeouts?: Partial<typeof SERVER_TIMEOUTS>;
  maxConnectionsPerClient?: number;
  logger?: boolean | { level: string };
  /** GET /metrics on this port behind this bearer token (METRICS_TOKEN); unset: no such route. */
  metricsToken?: string | undefined;
}

export async function buildApp(o: AppOptions) {
  // Only the load balancers named in TRUST_PROXY may say who the client is (client-address.ts).
  const app = Fastify({
    logger: o.logger ?? false,
    ...requestIdOptions,
    trustProxy: o.trustProxy ?? false,
    // Request, header, keep-alive and idle timeouts; 408/431 as {message} (connection-guards.ts).
    ...serverOptions(o.serverTimeouts),
  });
  if (!o.trustProxy) {
    capConnectionsPerAddress(app.server, o.maxConnectionsPerClient ?? MAX_CONNECTIONS_PER_CLIENT);
  }
  const store = createRegistryStore(o.deployDir, {
    databaseUrl: o.registryDatabaseUrl,
    hostShared: o.hostShared,
    mountCheck: o.mountCheck,
    // The last good registry keeps remotes up; operators see why in the log.
    onUnreadable: (error) => app.log.error({ err: error }, 'registry unreadable'),
  });
  app.addHook('onClose', () => store.close());

  await app.register(requestId);
  // Before the others: its hooks count every route's answers (plugins/metrics.ts).
  await app.register(metricsPlugin, { store, token: o.metricsToken });
  await app.register(securityHeaders, { production: o.production });
  await app.register(staticFiles, { distDir: o.distDir, deployDir: o.deployDir });
  await app.register(apiProxy, { middlewareUrl: o.middlewareUrl });

  // Rollouts and testers' overrides make the document one browser's (registry-per-browser.ts).
  const signer = createOverrideSigner({ store, secret: o.overrideSecret, now: o.now });
  const perBrowser = await perBrowserRegistry(app, {
    store,
    signer,
    deployDir: o.deployDir,
    production: o.production === true,
  });
  await app.register(registryDocuments, { perBrowser });

  // Browsers report a remote version that failed them (plugins/failure-beacon.ts).
  await app.register(failureBeacon, { store, rateLimit: o.beaconRateLimit, keep: o.failureKeep });

  // With OPERATOR_PORT the operator API listens on its own (operator/index.ts buildOperatorApp).
  if (!o.operatorApiElsewhere) {
    await app.register(operatorApi, {
      store,
      operators: o.operators ?? parseOperators({ REGISTRY_ADMIN_TOKEN: o.adminToken }),
      rateLimit: o.operatorRateLimit,
      signer,
    });
  }

  await app.register(page, {
    distDir: o.distDir,
    deployDir: o.deployDir,
    appConfig: o.appConfig,
    perBrowser,
  });
  return app;
}
