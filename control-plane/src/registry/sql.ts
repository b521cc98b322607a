// The registry's tables and statements, the same for its two databases (database.ts; the stores in
// sqlite-database.ts and postgres-database.ts). Where the remote registry lives
// (docs/decisions/019-immutable-versions-and-a-registry-database.md):
// an embedded SQLite file (${DEPLOY_DIR}/registry.db, libsql) by default, PostgreSQL when
// REGISTRY_DATABASE_URL is set. SQLite's file locks make one file safe for every process on the
// machine (the CLI, the build, several app servers); PostgreSQL for app servers on several machines.
//
// Three tables: one row with the revision and the live state (what each remote serves, rollouts
// included), the published versions (immutable) and the history (append-only; one row per
// revision); a fourth for secrets every app server must share (the override key). Every change
// is one transaction that compare-and-swaps the revision: a writer that read an older revision
// changes nothing and answers false, so no change is ever lost. A fifth table counts the failures
// browsers report per published version (docs/decisions/020-last-known-good-fallback.md): counters,
// not revisioned and not in the history. Others keep which versions passed the mount check and
// who is checking one now.
import type { HistoryEntry, MountCheckKey, VersionRecord } from './types.js';

/** The same tables in both databases; the triggers that keep them append-only differ. */
const TABLES = `
CREATE TABLE IF NOT EXISTS registry_revision (
  id INTEGER PRIMARY KEY CHECK (id = 1), revision INTEGER NOT NULL, state TEXT NOT NULL);
INSERT INTO registry_revision (id, revision, state) VALUES (1, 0, '{}') ON CONFLICT DO NOTHING;
CREATE TABLE IF NOT EXISTS registry_versions (
  remote TEXT NOT NULL, version TEXT NOT NULL, digest TEXT NOT NULL, files TEXT NOT NULL,
  published_at TEXT NOT NULL, published_by TEXT NOT NULL, PRIMARY KEY (remote, version));
CREATE TABLE IF NOT EXISTS registry_history (
  revision INTEGER PRIMARY KEY, at TEXT NOT NULL, operator TEXT NOT NULL, action TEXT NOT NULL,
  remote TEXT NOT NULL, from_version TEXT, to_version TEXT, reason TEXT);
CREATE TABLE IF NOT EXISTS registry_secrets (name TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS registry_failures (
  remote TEXT NOT NULL, version TEXT NOT NULL, count INTEGER NOT NULL, last_at TEXT NOT NULL,
  last_message TEXT, PRIMARY KEY (remote, version));
CREATE TABLE IF NOT EXISTS registry_loads (
  remote TEXT NOT NULL, version TEXT NOT NULL, count INTEGER NOT NULL, PRIMARY KEY (remote, version));
`;
// A version that mounted in the headless check (going-live.ts, record 022), by its digest: its
// files never change, so one pass holds for every app server of the registry. Only passes are
// kept: a check that missed its time limit on a busy machine is run again next time.
const MOUNT_CHECKS = `
CREATE TABLE IF NOT EXISTS registry_mount_checks (
  remote TEXT NOT NULL, version TEXT NOT NULL, digest TEXT NOT NULL, passed_at TEXT NOT NULL,
  PRIMARY KEY (remote, version, digest));
`;
// Who is mounting a version now, so that app servers of one registry run one check per version at
// a time (going-live.ts): a lease until a time, taken over only once it has passed (a server that
// died mid-check holds nothing for long). A failed check leaves its reasons and their time for the
// servers that were waiting for it; a new lease clears them.
const MOUNT_CHECK_LEASES = `
CREATE TABLE IF NOT EXISTS registry_mount_check_leases (
  remote TEXT NOT NULL, version TEXT NOT NULL, digest TEXT NOT NULL, holder TEXT NOT NULL,
  until_at TEXT NOT NULL, failed TEXT, failed_at TEXT, PRIMARY KEY (remote, version, digest));
`;
const LEASE_KEY = 'remote = ? AND version = ? AND digest = ?';
/** Params: remote, version, digest, holder, until, now. Changes one row when the lease was free. */
export const CLAIM_MOUNT_CHECK = `INSERT INTO registry_mount_check_leases
  (remote, version, digest, holder, until_at, failed, failed_at) VALUES (?, ?, ?, ?, ?, NULL, NULL)
  ON CONFLICT (remote, version, digest) DO UPDATE
  SET holder = excluded.holder, until_at = excluded.until_at, failed = NULL, failed_at = NULL
  WHERE registry_mount_check_leases.until_at < ?`;
/** The parameters naming a lease's row, in LEASE_KEY's order. */
export const leaseKey = (key: MountCheckKey) => [key.remote, key.version, key.digest];
export const SELECT_MOUNT_CHECK_LEASE = `SELECT holder, until_at AS "until", failed, failed_at AS "failedAt"
  FROM registry_mount_check_leases WHERE ${LEASE_KEY}`;
/** Params: remote, version, digest, holder. A pass is in registry_mount_checks: the lease goes. */
export const END_MOUNT_CHECK_PASSED = `DELETE FROM registry_mount_check_leases WHERE ${LEASE_KEY} AND holder = ?`;
/** Params: until (now: free), failed (JSON), failed_at, remote, version, digest, holder. */
export const END_MOUNT_CHECK_FAILED = `UPDATE registry_mount_check_leases
  SET until_at = ?, failed = ?, failed_at = ? WHERE ${LEASE_KEY} AND holder = ?`;
export const INSERT_MOUNT_PASS =
  'INSERT INTO registry_mount_checks (remote, version, digest, passed_at) VALUES (?, ?, ?, ?) ON CONFLICT DO NOTHING';
export const SELECT_MOUNT_PASS =
  'SELECT passed_at AS "passedAt" FROM registry_mount_checks WHERE remote = ? AND version = ? AND digest = ?';
// Added after the first registries were made: a rollout's percentage, an override's expiry.
export const HISTORY_DETAIL = 'ALTER TABLE registry_history ADD COLUMN detail TEXT';

export const SQLITE_SCHEMA = `${TABLES}${MOUNT_CHECKS}${MOUNT_CHECK_LEASES}
CREATE TRIGGER IF NOT EXISTS registry_history_append_only BEFORE UPDATE ON registry_history
  BEGIN SELECT RAISE(ABORT, 'registry_history is append-only'); END;
CREATE TRIGGER IF NOT EXISTS registry_history_no_delete BEFORE DELETE ON registry_history
  BEGIN SELECT RAISE(ABORT, 'registry_history is append-only'); END;
CREATE TRIGGER IF NOT EXISTS registry_versions_immutable BEFORE UPDATE ON registry_versions
  BEGIN SELECT RAISE(ABORT, 'registry_versions are immutable'); END;
CREATE TRIGGER IF NOT EXISTS registry_versions_no_delete BEFORE DELETE ON registry_versions
  BEGIN SELECT RAISE(ABORT, 'registry_versions are immutable'); END;
`;

export const PG_SCHEMA = `${TABLES}${MOUNT_CHECKS}${MOUNT_CHECK_LEASES}
${HISTORY_DETAIL.replace('ADD COLUMN', 'ADD COLUMN IF NOT EXISTS')};
CREATE OR REPLACE FUNCTION registry_refuse_change() RETURNS trigger LANGUAGE plpgsql AS $$
  BEGIN RAISE EXCEPTION '% is append-only', TG_TABLE_NAME; END $$;
CREATE OR REPLACE TRIGGER registry_history_append_only BEFORE UPDATE OR DELETE ON registry_history
  FOR EACH ROW EXECUTE FUNCTION registry_refuse_change();
CREATE OR REPLACE TRIGGER registry_versions_immutable BEFORE UPDATE OR DELETE ON registry_versions
  FOR EACH ROW EXECUTE FUNCTION registry_refuse_change();
`;

const VERSION_COLUMNS = `remote, version, digest, published_at AS "publishedAt", published_by AS "publishedBy"`;
export const versionsQuery = (withFiles: boolean) =>
  `SELECT ${VERSION_COLUMNS}${withFiles ? ', files' : ''} FROM registry_versions ORDER BY published_at, remote, version`;
const HISTORY_COLUMNS = `revision, at, operator, action, remote, from_version AS "from", to_version AS "to", reason, detail`;

export function historyQuery(
  remote: string | undefined,
  limit: number | undefined,
  placeholder: (n: number) => string,
) {
  const where = remote ? `WHERE remote = ${placeholder(1)}` : '';
  const params: string[] = remote ? [remote] : [];
  const limitClause = limit ? ` LIMIT ${Number(limit)}` : '';
  return {
    sql: `SELECT ${HISTORY_COLUMNS} FROM registry_history ${where} ORDER BY revision DESC${limitClause}`,
    params,
  };
}

// Written with ? and numbered ($1...) for PostgreSQL. ON CONFLICT DO NOTHING: a version published by
// another writer in between makes the commit answer false (the caller retries and sees it).
export const INSERT_VERSION =
  'INSERT INTO registry_versions (remote, version, digest, files, published_at, published_by) VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT DO NOTHING';
export const INSERT_HISTORY =
  'INSERT INTO registry_history (revision, at, operator, action, remote, from_version, to_version, reason, detail) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT DO NOTHING';
// The first writer's value wins; every process then reads the same one.
export const INSERT_SECRET =
  'INSERT INTO registry_secrets (name, value) VALUES (?, ?) ON CONFLICT DO NOTHING';
export const SELECT_SECRET = 'SELECT value FROM registry_secrets WHERE name = ?';
/** A failure a browser reported, as countFailure takes it. */
export interface FailureReport {
  remote: string;
  version: string;
  at: string;
  message: string;
}

// Counts a failure of a published version only: the check and the count are one statement, so a
// report never makes a row for a version that is not in registry_versions.
export const COUNT_FAILURE = `INSERT INTO registry_failures (remote, version, count, last_at, last_message)
  SELECT ?, ?, 1, ?, ? WHERE EXISTS (SELECT 1 FROM registry_versions WHERE remote = ? AND version = ?)
  ON CONFLICT (remote, version) DO UPDATE SET count = registry_failures.count + 1,
    last_at = excluded.last_at, last_message = excluded.last_message`;
export const failureParams = (f: FailureReport) => [
  f.remote,
  f.version,
  f.at,
  f.message,
  f.remote,
  f.version,
];
export const FAILURES = `SELECT remote, version, count, last_at AS "lastAt", last_message AS "lastMessage"
  FROM registry_failures ORDER BY remote, version`;
// Loads per published version (registry/auto-stop.ts): browsers given that version, added in
// batches; like the failures, a counter beside the registry, one statement that checks and counts.
export const COUNT_LOADS = `INSERT INTO registry_loads (remote, version, count)
  SELECT ?, ?, CAST(? AS INTEGER) WHERE EXISTS (SELECT 1 FROM registry_versions WHERE remote = ? AND version = ?)
  ON CONFLICT (remote, version) DO UPDATE SET count = registry_loads.count + excluded.count`;
export const loadParams = (l: { remote: string; version: string; count: number }) => [
  l.remote,
  l.version,
  l.count,
  l.remote,
  l.version,
];
export const LOADS = 'SELECT remote, version, count FROM registry_loads ORDER BY remote, version';
// Never behind the history: the next change's revision must be a new one.
export const RESTORE_REVISION =
  'UPDATE registry_revision SET revision = (SELECT MAX(r) FROM (SELECT CAST(? AS INTEGER) AS r UNION ALL SELECT COALESCE(MAX(revision), 0) FROM registry_history) AS candidates), state = ? WHERE id = 1';
/** The statement with PostgreSQL's numbered placeholders ($1...) for its `?`s. */
export const numbered = (sql: string) => {
  let n = 0;
  return sql.replace(/\?/g, () => `$${(n += 1)}`);
};
export const versionParams = (v: VersionRecord) => [
  v.remote,
  v.version,
  v.digest,
  JSON.stringify(v.files),
  v.publishedAt,
  v.publishedBy,
];
export const historyParams = (h: HistoryEntry) => [
  h.revision,
  h.at,
  h.operator,
  h.action,
  h.remote,
  h.from ?? null,
  h.to ?? null,
  h.reason ?? null,
  h.detail ?? null,
];

/** libsql adds a _metadata field to every row. */
export const plain = <T extends object>(row: T | undefined): T | undefined => {
  if (!row) return row;
  const { _metadata, ...rest } = row as T & { _metadata?: unknown };
  return rest as T;
};

/** A version row with its files parsed (they are stored as JSON text). */
export const withParsedFiles = (row: VersionRecord): VersionRecord => {
  const version = plain(row) as VersionRecord;
  if (typeof version.files === 'string') version.files = JSON.parse(version.files);
  return version;
};
