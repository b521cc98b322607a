// The one interface of the registry's two databases: an embedded SQLite file by default
// (sqlite-database.ts), PostgreSQL with REGISTRY_DATABASE_URL (postgres-database.ts), the same
// tables and statements in both (sql.ts). Every change is one compare-and-swap on the revision:
// `commit` answers false when another writer got there first, and nothing changed.
import path from 'node:path';
import { postgresDatabase } from './postgres-database.js';
import { sqliteDatabase } from './sqlite-database.js';
import type {
  FailureCount,
  HistoryEntry,
  LiveState,
  LoadCount,
  MountCheckKey,
  MountCheckLease,
  Snapshot,
  VersionRecord,
} from './types.js';

export interface RegistryDatabase {
  kind: 'sqlite' | 'postgres';
  /** The SQLite file (SQLite only): `repair` moves a broken one aside. */
  file?: string;
  readState(): Promise<{ revision: number | string; state: string } | undefined>;
  versions(withFiles?: boolean): Promise<VersionRecord[]>;
  versionFiles(remote: string, version: string): Promise<unknown>;
  history(remote?: string, limit?: number): Promise<HistoryEntry[]>;
  commit(change: {
    expected: number;
    state: LiveState;
    entry: HistoryEntry;
    version?: VersionRecord;
  }): Promise<boolean>;
  /** The value stored under `name`, storing `candidate` when there is none (the first one wins). */
  secret(name: string, candidate: string): Promise<string>;
  /** Counts a failure of a published version; false (and no row) for any other version. */
  countFailure(failure: {
    remote: string;
    version: string;
    at: string;
    message: string;
  }): Promise<boolean>;
  failures(): Promise<FailureCount[]>;
  /** Whether this build (by digest) of a version passed the mount check (sql.ts registry_mount_checks). */
  mountPassed(remote: string, version: string, digest: string): Promise<boolean>;
  recordMountPass(remote: string, version: string, digest: string, at: string): Promise<void>;
  /** Takes the lease on checking this build until `until` when nobody holds it at `now` (ISO times). */
  claimMountCheck(key: MountCheckKey, holder: string, until: string, now: string): Promise<boolean>;
  mountCheckLease(key: MountCheckKey): Promise<MountCheckLease | undefined>;
  /** Gives the lease back: with the check's reasons when it failed (kept for those who waited). */
  endMountCheck(
    key: MountCheckKey,
    holder: string,
    failure: { problems: string[]; at: string } | null,
  ): Promise<void>;
  /** Adds `count` loads of a published version; false (and no row) for any other version. */
  countLoads(loads: LoadCount): Promise<boolean>;
  loads(): Promise<LoadCount[]>;
  restore(snapshot: Snapshot): Promise<void>;
  /**
   * Throws when what this process writes is no longer what every other process reads (SQLite: the
   * file was replaced or removed since it was opened, so a change would land in a file nobody
   * else sees); the next call opens what is there now.
   */
  verify?(): Promise<void>;
  close(): Promise<void>;
}

/** SQLite at ${deployDir}/registry.db unless a PostgreSQL URL is given. */
export function openRegistryDatabase(o: {
  deployDir: string;
  databaseUrl?: string | undefined;
}): RegistryDatabase {
  if (o.databaseUrl) return postgresDatabase(o.databaseUrl);
  return sqliteDatabase(path.join(o.deployDir, 'registry.db'));
}
