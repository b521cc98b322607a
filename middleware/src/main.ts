import { buildApp } from './app.js';
import { ConfigError, loadConfig, type Config } from './config.js';
import {
  isDatabaseUnavailable,
  migrateToLatest,
  openDatabase,
  type AppDatabase,
} from './db/index.js';
import { waitForDatabase } from './db/wait-for-database.js';
import { startMetricsServer } from './http/metrics-server.js';
import { collectDefaultMetrics } from 'prom-client';

/** config → database → migrations → listen; SIGINT/SIGTERM → finish in-flight requests → close. */
async function main(): Promise<void> {
  let config: Config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }

  const log = {
    info: (obj: object, msg?: string) => console.log(`${msg}: ${JSON.stringify(obj)}`),
    warn: (obj: object, msg?: string) => console.warn(`${msg}: ${JSON.stringify(obj)}`),
    error: (obj: object, msg?: string) => console.error(`${msg}: ${JSON.stringify(obj)}`),
  };
  let database: AppDatabase;
  try {
    database = await openDatabase({
      url: config.database.url,
      dataDir: config.database.pgliteDir,
      poolMax: config.database.poolMax,
      connectTimeoutMs: config.database.connectTimeoutSeconds * 1000,
      statementTimeoutMs: config.database.statementTimeoutSeconds * 1000,
      idleInTransactionTimeoutMs: config.database.idleInTransactionTimeoutSeconds * 1000,
      log,
    });
    // A PostgreSQL that is down, starting or read-only (a failover under way) is waited for with
    // back-off rather than exiting: a restart loop would only start again into the same wait.
    await waitForDatabase(() => migrateToLatest(database.db, { log }), {
      isTransient: isDatabaseUnavailable,
      onRetry: (error, delayMs) =>
        log.warn(
          { err: { message: (error as Error).message }, retryInMs: delayMs },
          'database not available yet; waiting',
        ),
    });
  } catch (error) {
    console.error(`Could not start the database: ${(error as Error).message}`);
    process.exit(1);
  }

  const app = await buildApp({ config, database });
  // Process metrics (CPU, memory, event-loop delay, handles) beside the API's own.
  collectDefaultMetrics({ register: app.metrics, prefix: 'ajo_middleware_' });
  let metricsServer: Awaited<ReturnType<typeof startMetricsServer>> | undefined;
  app.log.info(
    { database: database.kind, providers: config.providers, node: process.versions.node },
    'middleware starting',
  );
  if (database.kind === 'pglite') {
    app.log.info(
      { dataDir: config.database.pgliteDir },
      'embedded PGlite: commits survive a process crash, not a machine crash (no fsync); use PostgreSQL (DATABASE_URL) in production',
    );
  }

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down: finishing in-flight requests');
    const timer = setTimeout(() => {
      app.log.error('shutdown timed out; exiting');
      process.exit(1);
    }, config.shutdownTimeoutSeconds * 1000);
    timer.unref();
    try {
      // Closing the app stops the job poller too, after the jobs in hand finish.
      await app.close();
      await metricsServer?.close();
      await database.close();
      process.exit(0);
    } catch (err) {
      app.log.error({ err }, 'error during shutdown');
      process.exit(1);
    }
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  try {
    await app.listen({ host: config.host, port: config.port });
    if (config.metrics.port) {
      metricsServer = await startMetricsServer(app.metrics, {
        host: config.metrics.host,
        port: config.metrics.port,
      });
      app.log.info({ host: config.metrics.host, port: metricsServer.port }, 'metrics listening');
    }
    app.jobs.start();
  } catch (err) {
    app.log.error({ err }, 'could not listen');
    await database.close();
    process.exit(1);
  }
}

void main();
