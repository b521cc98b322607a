import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { buildApp, type AppDeps } from '../app.js';
import { loadConfig, type Config } from '../config.js';
import { createTestDatabase, type TestDatabase } from './test-database.js';

export interface TestApp {
  app: FastifyInstance;
  database: TestDatabase;
  config: Config;
  /** Every log line written so far, as text. */
  logs(): string;
  /** Lines the sandbox providers printed. */
  printed: string[];
  close(): Promise<void>;
}

/**
 * The app on a fresh test database, with a cheap scrypt cost, a temp storage folder and captured
 * logs. `env` overrides configuration variables; `deps` overrides dependencies.
 */
export async function createTestApp(
  env: Record<string, string> = {},
  deps: Partial<Omit<AppDeps, 'config' | 'database'>> = {},
): Promise<TestApp> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'ajo-mw-test-'));
  const config = loadConfig({ SCRYPT_COST: '1024', LOG_LEVEL: 'info', DATA_DIR: dataDir, ...env });
  const database = await createTestDatabase();
  const chunks: string[] = [];
  const logStream = new Writable({
    write(chunk, _encoding, callback) {
      chunks.push(chunk.toString());
      callback();
    },
  });
  const printed: string[] = [];
  const app = await buildApp({
    config,
    database,
    logStream,
    print: (line) => printed.push(line),
    ...deps,
  });
  return {
    app,
    database,
    config,
    logs: () => chunks.join(''),
    printed,
    async close() {
      await app.close();
      await database.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
