import { existsSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Kysely } from 'kysely';
import { openDatabase, type Database } from '../db/index.js';
import { findPackageRoot } from '../package-root.js';

/*
 * A PostgreSQL cluster of a test's own (scripts/pg-cluster.mjs), for the tests that stop and start
 * the database under running middleware processes.
 */

/** Where scripts/pg-cluster.mjs looks for pg_ctl. */
export const havePostgres = [
  ...['17', '16', '15'].map((v) => `/usr/lib/postgresql/${v}/bin/pg_ctl`),
  '/usr/local/bin/pg_ctl',
  '/usr/bin/pg_ctl',
].some((bin) => existsSync(bin));

export interface Cluster {
  url: string;
  dir: string;
  port: number;
  stop(): void;
}
export interface ClusterScript {
  startThrowawayCluster(prefix: string, options: { durable: boolean }): Promise<Cluster>;
  startCluster(dir: string, port: number, options: { durable: boolean }): Promise<unknown>;
  stopCluster(dir: string, mode?: string): void;
}

export async function loadClusterScript(): Promise<ClusterScript> {
  const script = path.join(findPackageRoot(), '..', 'scripts', 'pg-cluster.mjs');
  return (await import(pathToFileURL(script).href)) as ClusterScript;
}

/** Runs `run` on a connection of the test's own to the cluster at `url` (two at most), then closes it. */
export async function withDatabase<T>(
  url: string,
  run: (db: Kysely<Database>) => Promise<T>,
): Promise<T> {
  const own = await openDatabase({ url, poolMax: 2 });
  try {
    return await run(own.db);
  } finally {
    await own.close();
  }
}
