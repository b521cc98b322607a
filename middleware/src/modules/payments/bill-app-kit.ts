import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../app.js';
import type { Config } from '../../config.js';
import type { BillAggregator } from '../../providers/bill-aggregator/index.js';
import { createProviders } from '../../providers/index.js';
import type { FakeClock } from '../../test-support/auth-test-kit.js';
import type { TestApp } from '../../test-support/test-app.js';
import type { TestDatabase } from '../../test-support/test-database.js';

/** What the apps of one recovery test share: the database, the clock, the config, the log. */
export interface SharedAppParts {
  database: () => TestDatabase;
  clock: FakeClock;
  config: Config;
  logs: string[];
}

/**
 * An app on the shared database whose bill aggregator `wrap` may change (an answer lost, a vend
 * cut off, an instance stopping), in the `t` shape the kits take. Several can run at once on the
 * same database, as instances do (the recovery tests).
 */
export async function appWithAggregator(
  parts: SharedAppParts,
  wrap: (real: BillAggregator) => BillAggregator = (real) => real,
): Promise<TestApp> {
  const { clock, config, logs } = parts;
  const database = parts.database();
  const providers = createProviders(
    config,
    database.db,
    () => undefined,
    () => clock.now(),
  );
  const app: FastifyInstance = await buildApp({
    config,
    database,
    clock,
    providers: { ...providers, billAggregator: wrap(providers.billAggregator) },
    logStream: new Writable({
      write(chunk, _encoding, done) {
        logs.push(String(chunk));
        done();
      },
    }),
  });
  return {
    app,
    database,
    config,
    logs: () => logs.join(''),
    printed: [],
    close: () => app.close(),
  } as TestApp;
}
