// The registry in an embedded SQLite file (${DEPLOY_DIR}/registry.db, libsql), the default
// (docs/decisions/019-immutable-versions-and-a-registry-database.md): SQLite's file locks make one
// file safe for every process on the machine (the CLI, the build, several app servers). The tables
// and statements are sql.ts's; the interface is database.ts's.
import { mkdirSync, statSync } from 'node:fs';
import path from 'node:path';
import Database from 'libsql';
import type { RegistryDatabase } from './database.js';
import {
  COUNT_FAILURE,
  COUNT_LOADS,
  LOADS,
  loadParams,
  FAILURES,
  failureParams,
  HISTORY_DETAIL,
  historyParams,
  historyQuery,
  INSERT_HISTORY,
  CLAIM_MOUNT_CHECK,
  END_MOUNT_CHECK_FAILED,
  END_MOUNT_CHECK_PASSED,
  INSERT_MOUNT_PASS,
  INSERT_SECRET,
  INSERT_VERSION,
  leaseKey,
  plain,
  RESTORE_REVISION,
  SELECT_MOUNT_CHECK_LEASE,
  SELECT_MOUNT_PASS,
  SELECT_SECRET,
  SQLITE_SCHEMA,
  versionParams,
  versionsQuery,
  withParsedFiles,
} from './sql.js';
import type {
  FailureCount,
  HistoryEntry,
  LiveState,
  LoadCount,
  MountCheckLease,
  VersionRecord,
} from './types.js';

type Handle = InstanceType<typeof Database>;

/** Runs fn in a write transaction; fn answering false rolls it back. */
function sqliteTransaction<T>(d: Handle, fn: () => T): T {
  d.exec('BEGIN IMMEDIATE');
  try {
    const result = fn();
    d.exec(result === false ? 'ROLLBACK' : 'COMMIT');
    return result;
  } catch (error) {
    if (d.inTransaction) d.exec('ROLLBACK');
    throw error;
  }
}

/** Opens the file with the registry's tables (made or brought up to date). */
function openFile(file: string): Handle {
  mkdirSync(path.dirname(file), { recursive: true });
  const handle = new Database(file);
  try {
    // Several processes share the file: wait for a writer instead of failing at once.
    handle.exec('PRAGMA busy_timeout = 10000');
    handle.exec('PRAGMA journal_mode = WAL');
    handle.exec(SQLITE_SCHEMA);
    const columns = handle.prepare('PRAGMA table_info(registry_history)').all() as {
      name: string;
    }[];
    if (!columns.some((c) => c.name === 'detail')) {
      try {
        handle.exec(HISTORY_DETAIL);
      } catch (error) {
        // Another process added it between the two statements.
        if (!/duplicate column/i.test((error as Error).message)) throw error;
      }
    }
  } catch (error) {
    handle.close();
    throw error;
  }
  return handle;
}

/** One handle, opened on first use; a failed call drops it, so the next one opens the file again
 * (after a repair). */
function connection(file: string) {
  let db: Handle | null = null;
  /** The file the handle has open (device and inode), to tell when it was replaced. */
  let opened: string | null = null;
  const identity = () => {
    const { dev, ino } = statSync(file);
    return `${dev}:${ino}`;
  };
  function close() {
    try {
      db?.close();
    } catch {
      // already unusable
    }
    db = null;
    opened = null;
  }
  function withHandle<T>(fn: (d: Handle) => T): T {
    try {
      if (!db) {
        db = openFile(file);
        opened = identity();
      }
      return fn(db);
    } catch (error) {
      close();
      throw error;
    }
  }
  /** Throws (and drops the handle) when the file at `file` is not the one the handle has open. */
  function verify() {
    withHandle(() => {
      let now: string;
      try {
        now = identity();
      } catch {
        throw new Error(`${path.basename(file)} is gone`);
      }
      if (now !== opened) throw new Error(`${path.basename(file)} was replaced while it was open`);
    });
  }
  return { withHandle, close, verify };
}

type Change = Parameters<RegistryDatabase['commit']>[0];

/** The mount check's verdicts and leases (sql.ts registry_mount_checks, going-live.ts). */
function mountChecks(
  withHandle: <T>(fn: (d: Handle) => T) => T,
): Pick<
  RegistryDatabase,
  'mountPassed' | 'recordMountPass' | 'claimMountCheck' | 'mountCheckLease' | 'endMountCheck'
> {
  return {
    async mountPassed(remote, version, digest) {
      return withHandle((d) => !!d.prepare(SELECT_MOUNT_PASS).get(remote, version, digest));
    },
    async recordMountPass(remote, version, digest, at) {
      withHandle((d) => d.prepare(INSERT_MOUNT_PASS).run(remote, version, digest, at));
    },
    async claimMountCheck(key, holder, until, now) {
      return withHandle(
        (d) => d.prepare(CLAIM_MOUNT_CHECK).run(...leaseKey(key), holder, until, now).changes === 1,
      );
    },
    async mountCheckLease(key) {
      const row = withHandle((d) => d.prepare(SELECT_MOUNT_CHECK_LEASE).get(...leaseKey(key)));
      return row ? (plain(row) as MountCheckLease) : undefined;
    },
    async endMountCheck(key, holder, failure) {
      withHandle((d) =>
        failure
          ? d
              .prepare(END_MOUNT_CHECK_FAILED)
              .run(
                failure.at,
                JSON.stringify(failure.problems),
                failure.at,
                ...leaseKey(key),
                holder,
              )
          : d.prepare(END_MOUNT_CHECK_PASSED).run(...leaseKey(key), holder),
      );
    },
  };
}

/** The compare-and-swap on the revision, the new version and the history row: all or nothing. */
function commit(d: Handle, { expected, state, entry, version }: Change): boolean {
  return sqliteTransaction(d, () => {
    const swapped = d
      .prepare('UPDATE registry_revision SET revision = ?, state = ? WHERE id = 1 AND revision = ?')
      .run(expected + 1, JSON.stringify(state satisfies LiveState), expected);
    if (swapped.changes !== 1) return false;
    if (version && d.prepare(INSERT_VERSION).run(...versionParams(version)).changes !== 1) {
      return false;
    }
    const added = d
      .prepare(INSERT_HISTORY)
      .run(...historyParams({ ...entry, revision: expected + 1 }));
    if (added.changes !== 1) throw new Error(`history revision ${expected + 1} is taken`);
    return true;
  });
}

export function sqliteDatabase(file: string): RegistryDatabase {
  const { withHandle, close, verify } = connection(file);
  return {
    kind: 'sqlite',
    file,
    async readState() {
      return withHandle((d) =>
        plain(
          d.prepare('SELECT revision, state FROM registry_revision').get() as
            { revision: number; state: string } | undefined,
        ),
      );
    },
    async versions(withFiles = false) {
      return withHandle((d) => d.prepare(versionsQuery(withFiles)).all() as VersionRecord[]).map(
        withParsedFiles,
      );
    },
    async versionFiles(remote, version) {
      const row = withHandle(
        (d) =>
          d
            .prepare('SELECT files FROM registry_versions WHERE remote = ? AND version = ?')
            .get(remote, version) as { files: string } | undefined,
      );
      return row ? JSON.parse(row.files) : null;
    },
    async history(remote, limit) {
      const { sql, params } = historyQuery(remote, limit, () => '?');
      return withHandle((d) => d.prepare(sql).all(...params) as HistoryEntry[]).map(
        (row) => plain(row) as HistoryEntry,
      );
    },
    commit: async (change) => withHandle((d) => commit(d, change)),
    /** The value stored under `name`, `candidate` stored first when there is none yet. */
    async secret(name, candidate) {
      return withHandle((d) => {
        d.prepare(INSERT_SECRET).run(name, candidate);
        return (d.prepare(SELECT_SECRET).get(name) as { value: string }).value;
      });
    },
    async countFailure(failure) {
      return withHandle(
        (d) => d.prepare(COUNT_FAILURE).run(...failureParams(failure)).changes === 1,
      );
    },
    async failures() {
      return withHandle((d) => d.prepare(FAILURES).all() as FailureCount[]).map((row) => ({
        ...(plain(row) as FailureCount),
        count: Number(row.count),
      }));
    },
    ...mountChecks(withHandle),
    async countLoads(loads) {
      return withHandle((d) => d.prepare(COUNT_LOADS).run(...loadParams(loads)).changes === 1);
    },
    async loads() {
      return withHandle((d) => d.prepare(LOADS).all() as LoadCount[]).map((row) => ({
        ...(plain(row) as LoadCount),
        count: Number(row.count),
      }));
    },
    /** Fills an empty database from a snapshot (repair.ts). */
    async restore(snapshot) {
      withHandle((d) =>
        sqliteTransaction(d, () => {
          for (const v of snapshot.versions as VersionRecord[])
            d.prepare(INSERT_VERSION).run(...versionParams(v));
          for (const h of snapshot.history as HistoryEntry[])
            d.prepare(INSERT_HISTORY).run(...historyParams(h));
          d.prepare(RESTORE_REVISION).run(snapshot.revision, JSON.stringify(snapshot.state));
          return true;
        }),
      );
    },
    verify: async () => verify(),
    close: async () => close(),
  };
}
