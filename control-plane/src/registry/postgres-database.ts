// The registry in PostgreSQL (REGISTRY_DATABASE_URL), for app servers on several machines
// (docs/decisions/019-immutable-versions-and-a-registry-database.md). The tables and statements are
// sql.ts's; the interface is database.ts's.
import type pg from 'pg';
import { readWritePool } from '../pg-read-write-pool.js';
import type { RegistryDatabase } from './database.js';
import {
  COUNT_FAILURE,
  COUNT_LOADS,
  LOADS,
  loadParams,
  FAILURES,
  failureParams,
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
  numbered,
  PG_SCHEMA,
  RESTORE_REVISION,
  SELECT_MOUNT_CHECK_LEASE,
  SELECT_MOUNT_PASS,
  SELECT_SECRET,
  versionParams,
  versionsQuery,
  withParsedFiles,
} from './sql.js';
import type { FailureCount, HistoryEntry, LoadCount, VersionRecord } from './types.js';

type Change = Parameters<RegistryDatabase['commit']>[0];

/** The pool, the tables made once (under an advisory lock: several app servers start at once), and
 * transactions in which fn answering false rolls back. */
function connection(url: string) {
  // One host or several (a failover): only the writable one is used.
  const pool = readWritePool(url, { max: 4 });
  // An idle client's error (the server restarted) must not crash the app server.
  pool.on('error', () => undefined);
  let ready: Promise<void> | null = null;
  const init = () => {
    ready ??= (async () => {
      const client = await pool.connect();
      try {
        await client.query('BEGIN');
        await client.query("SELECT pg_advisory_xact_lock(hashtext('ajo_remote_registry'))");
        await client.query(PG_SCHEMA);
        await client.query('COMMIT');
      } catch (error) {
        await client.query('ROLLBACK').catch(() => undefined);
        throw error;
      } finally {
        client.release();
      }
    })().catch((error: unknown) => {
      ready = null;
      throw error;
    });
    return ready;
  };
  const query = async (sql: string, params?: unknown[]) => {
    await init();
    return pool.query(sql, params);
  };
  async function inTransaction<T>(fn: (client: pg.PoolClient) => Promise<T>): Promise<T> {
    await init();
    const client = await pool.connect();
    try {
      await client.query('BEGIN');
      const result = await fn(client);
      await client.query(result === false ? 'ROLLBACK' : 'COMMIT');
      return result;
    } catch (error) {
      await client.query('ROLLBACK').catch(() => undefined);
      throw error;
    } finally {
      client.release();
    }
  }
  return { pool, query, inTransaction };
}

/** The mount check's verdicts and leases (sql.ts registry_mount_checks, going-live.ts). */
function mountChecks(
  query: ReturnType<typeof connection>['query'],
): Pick<
  RegistryDatabase,
  'mountPassed' | 'recordMountPass' | 'claimMountCheck' | 'mountCheckLease' | 'endMountCheck'
> {
  return {
    async mountPassed(remote, version, digest) {
      return (await query(numbered(SELECT_MOUNT_PASS), [remote, version, digest])).rows.length > 0;
    },
    async recordMountPass(remote, version, digest, at) {
      await query(numbered(INSERT_MOUNT_PASS), [remote, version, digest, at]);
    },
    async claimMountCheck(key, holder, until, now) {
      const claimed = await query(numbered(CLAIM_MOUNT_CHECK), [
        ...leaseKey(key),
        holder,
        until,
        now,
      ]);
      return claimed.rowCount === 1;
    },
    async mountCheckLease(key) {
      return (await query(numbered(SELECT_MOUNT_CHECK_LEASE), leaseKey(key))).rows[0];
    },
    async endMountCheck(key, holder, failure) {
      await (failure
        ? query(numbered(END_MOUNT_CHECK_FAILED), [
            failure.at,
            JSON.stringify(failure.problems),
            failure.at,
            ...leaseKey(key),
            holder,
          ])
        : query(numbered(END_MOUNT_CHECK_PASSED), [...leaseKey(key), holder]));
    },
  };
}

/** The compare-and-swap on the revision, the new version and the history row: all or nothing. */
async function commit(c: pg.PoolClient, { expected, state, entry, version }: Change) {
  const swapped = await c.query(
    'UPDATE registry_revision SET revision = $1, state = $2 WHERE id = 1 AND revision = $3',
    [expected + 1, JSON.stringify(state), expected],
  );
  if (swapped.rowCount !== 1) return false;
  if (version && (await c.query(numbered(INSERT_VERSION), versionParams(version))).rowCount !== 1) {
    return false;
  }
  const added = await c.query(
    numbered(INSERT_HISTORY),
    historyParams({ ...entry, revision: expected + 1 }),
  );
  if (added.rowCount !== 1) throw new Error(`history revision ${expected + 1} is taken`);
  return true;
}

export function postgresDatabase(url: string): RegistryDatabase {
  const { pool, query, inTransaction } = connection(url);
  return {
    kind: 'postgres',
    async readState() {
      return (await query('SELECT revision, state FROM registry_revision')).rows[0];
    },
    async versions(withFiles = false) {
      return ((await query(versionsQuery(withFiles))).rows as VersionRecord[]).map(withParsedFiles);
    },
    async versionFiles(remote, version) {
      const { rows } = await query(
        'SELECT files FROM registry_versions WHERE remote = $1 AND version = $2',
        [remote, version],
      );
      return rows[0] ? JSON.parse(rows[0].files) : null;
    },
    async history(remote, limit) {
      const { sql, params } = historyQuery(remote, limit, (n) => `$${n}`);
      return (await query(sql, params)).rows as HistoryEntry[];
    },
    commit: (change) => inTransaction((c) => commit(c, change)),
    async secret(name, candidate) {
      await query(numbered(INSERT_SECRET), [name, candidate]);
      return (await query(numbered(SELECT_SECRET), [name])).rows[0].value;
    },
    async countFailure(failure) {
      return (await query(numbered(COUNT_FAILURE), failureParams(failure))).rowCount === 1;
    },
    async failures() {
      return ((await query(FAILURES)).rows as FailureCount[]).map((row) => ({
        ...row,
        count: Number(row.count),
      }));
    },
    async countLoads(loads) {
      return (await query(numbered(COUNT_LOADS), loadParams(loads))).rowCount === 1;
    },
    async loads() {
      return ((await query(LOADS)).rows as LoadCount[]).map((row) => ({
        ...row,
        count: Number(row.count),
      }));
    },
    ...mountChecks(query),
    /** Fills an empty database from a snapshot (repair.ts). */
    async restore(snapshot) {
      await inTransaction(async (c) => {
        for (const v of snapshot.versions as VersionRecord[])
          await c.query(numbered(INSERT_VERSION), versionParams(v));
        for (const h of snapshot.history as HistoryEntry[])
          await c.query(numbered(INSERT_HISTORY), historyParams(h));
        await c.query(numbered(RESTORE_REVISION), [
          snapshot.revision,
          JSON.stringify(snapshot.state),
        ]);
        return true;
      });
    },
    close: () => pool.end(),
  };
}
