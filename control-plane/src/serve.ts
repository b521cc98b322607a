// node control-plane/bin/serve.mjs (this file through tsx): serves the built host, the published remotes and proxies /api.
// Env: PORT (3000), HOST (127.0.0.1), DEPLOY_DIR (<repo>/.deploy), MIDDLEWARE_URL
// (http://127.0.0.1:3001), REGISTRY_OPERATORS (name:token,... each operator's own token) and
// REGISTRY_ADMIN_TOKEN (operator 'admin'; the operator API is disabled when neither is set),
// REGISTRY_DATABASE_URL (PostgreSQL for the registry; unset: ${DEPLOY_DIR}/registry.db),
// OPERATOR_RATE_LIMIT (operator requests per minute per client, 60), OPERATOR_PORT and
// OPERATOR_HOST (127.0.0.1): the operator API on its own address instead of the app's,
// API_BASE_URL (/api), ENCRYPTION_SECRET, BANK_NAME, LOG_LEVEL (info; 'silent' turns logging off),
// TRUST_PROXY (addresses/CIDRs of load balancers in front; unset: this server is the edge),
// REGISTRY_OVERRIDE_SECRET (32+ characters: the key that signs testers' overrides; unset: a key kept
// in the registry database, shared by every app server of that registry).
// BEACON_RATE_LIMIT (failure reports from browsers per minute per client, 20).
// METRICS_PORT and METRICS_HOST (127.0.0.1): the Prometheus metrics on a port of their own;
// METRICS_TOKEN (16+ characters): GET /metrics on PORT with `Authorization: Bearer <token>`.
// Neither set: no metrics endpoint.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApp } from './app.js';
import { parseAppTrustProxy } from './client-address.js';
import { buildOperatorApp, parseOperators, type Operator } from './operator/index.js';
import { startMetricsServer } from './metrics-server.js';
import { liveChecks } from './registry-checks.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const repoRoot = path.resolve(here, '../..');
// Same development default as the middleware's config (it refuses it in production mode).
const DEV_ENCRYPTION_SECRET = 'ajo-wallet-local-sandbox-envelope-secret';

if (process.env.NODE_ENV === 'production' && !process.env.ENCRYPTION_SECRET) {
  process.stderr.write('ENCRYPTION_SECRET must be set in production mode\n');
  process.exit(1);
}

let trustProxy: false | string;
let operators: Operator[];
let operatorPort: number | null = null;
let metricsPort: number | null = null;
const metricsToken = process.env.METRICS_TOKEN || undefined;
try {
  trustProxy = parseAppTrustProxy(process.env.TRUST_PROXY);
  operators = parseOperators(process.env);
  const secret = process.env.REGISTRY_OVERRIDE_SECRET;
  if (secret !== undefined && secret !== '' && secret.length < 32) {
    throw new Error('REGISTRY_OVERRIDE_SECRET must be 32 characters or more');
  }
  if (process.env.OPERATOR_PORT) {
    operatorPort = Number(process.env.OPERATOR_PORT);
    if (!Number.isInteger(operatorPort) || operatorPort < 1 || operatorPort > 65535) {
      throw new Error('OPERATOR_PORT must be a port number');
    }
  }
  if (process.env.METRICS_PORT) {
    metricsPort = Number(process.env.METRICS_PORT);
    if (!Number.isInteger(metricsPort) || metricsPort < 1 || metricsPort > 65535) {
      throw new Error('METRICS_PORT must be a port number');
    }
  }
  // Same rule as the middleware's METRICS_TOKEN: a short token is guessed.
  if (metricsToken !== undefined && metricsToken.length < 16) {
    throw new Error('METRICS_TOKEN must be at least 16 characters long');
  }
} catch (error) {
  process.stderr.write(`${(error as Error).message}\n`);
  process.exit(1);
}

const logger =
  process.env.LOG_LEVEL === 'silent' ? false : { level: process.env.LOG_LEVEL ?? 'info' };
// The registry and the operator API: in the app server, or on OPERATOR_PORT by themselves.
const registry = {
  trustProxy,
  logger,
  deployDir: path.resolve(process.env.DEPLOY_DIR ?? path.join(repoRoot, '.deploy')),
  operators,
  registryDatabaseUrl: process.env.REGISTRY_DATABASE_URL || undefined,
  ...liveChecks(path.join(repoRoot, 'host')),
  operatorRateLimit: { max: Number(process.env.OPERATOR_RATE_LIMIT) || 60, timeWindow: '1 minute' },
  operatorApiElsewhere: operatorPort !== null,
  overrideSecret: process.env.REGISTRY_OVERRIDE_SECRET || undefined,
};

const app = await buildApp({
  ...registry,
  production: process.env.NODE_ENV === 'production',
  metricsToken,
  beaconRateLimit: { max: Number(process.env.BEACON_RATE_LIMIT) || 20, timeWindow: '1 minute' },
  distDir: path.join(repoRoot, 'host', 'dist'),
  middlewareUrl: process.env.MIDDLEWARE_URL ?? 'http://127.0.0.1:3001',
  appConfig: {
    apiBaseUrl: process.env.API_BASE_URL ?? '/api',
    encryptionSecret: process.env.ENCRYPTION_SECRET ?? DEV_ENCRYPTION_SECRET,
    bankName: process.env.BANK_NAME ?? 'Ajo Microfinance Bank',
    bankLicence: process.env.BANK_LICENCE ?? 'Licensed by the Central Bank of Nigeria',
    androidStoreUrl:
      process.env.ANDROID_STORE_URL ?? 'https://play.google.com/store/apps/details?id=ng.ajowallet',
    iosStoreUrl:
      process.env.IOS_STORE_URL ?? 'https://apps.apple.com/ng/app/ajo-wallet/id6450000001',
  },
});

const port = Number(process.env.PORT ?? 3000);
const host = process.env.HOST ?? '127.0.0.1';
await app.listen({ port, host });
const servers: { close(): Promise<unknown> }[] = [app];
if (metricsPort !== null) {
  const metricsHost = process.env.METRICS_HOST ?? '127.0.0.1';
  const metricsServer = await startMetricsServer(app.metrics, {
    port: metricsPort,
    host: metricsHost,
  });
  servers.push(metricsServer);
  app.log.info(`Metrics listening at http://${metricsHost}:${metricsServer.port}`);
}
if (operatorPort !== null) {
  const operatorApp = await buildOperatorApp(registry);
  await operatorApp.listen({ port: operatorPort, host: process.env.OPERATOR_HOST ?? '127.0.0.1' });
  servers.push(operatorApp);
}
if (!operators.length)
  app.log.info('Operator endpoint disabled (REGISTRY_OPERATORS and REGISTRY_ADMIN_TOKEN unset)');

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    Promise.all(servers.map((s) => s.close())).then(() => process.exit(0));
  });
}
