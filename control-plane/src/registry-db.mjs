// Where the remote registry lives (docs/decisions/019-immutable-versions-and-a-registry-database.md):
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
// not revisioned and not in the history.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import Database from 'libsql';
import { readWritePool } from './pg-read-write-pool.mjs';

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
`;
// Added after the first registries were made: a rollout's percentage, an override's expiry.
const HISTORY_DETAIL = 'ALTER TABLE registry_history ADD COLUMN detail TEXT';

const SQLITE_SCHEMA = `${TABLES}
CREATE TRIGGER IF NOT EXISTS registry_history_append_only BEFORE UPDATE ON registry_history
  BEGIN SELECT RAISE(ABORT, 'registry_history is append-only'); END;
CREATE TRIGGER IF NOT EXISTS registry_history_no_delete BEFORE DELETE ON registry_history
  BEGIN SELECT RAISE(ABORT, 'registry_history is append-only'); END;
CREATE TRIGGER IF NOT EXISTS registry_versions_immutable BEFORE UPDATE ON registry_versions
  BEGIN SELECT RAISE(ABORT, 'registry_versions are immutable'); END;
CREATE TRIGGER IF NOT EXISTS registry_versions_no_delete BEFORE DELETE ON registry_versions
  BEGIN SELECT RAISE(ABORT, 'registry_versions are immutable'); END;
`;

const PG_SCHEMA = `${TABLES}
${HISTORY_DETAIL.replace('ADD COLUMN', 'ADD COLUMN IF NOT EXISTS')};
CREATE OR REPLACE FUNCTION registry_refuse_change() RETURNS trigger LANGUAGE plpgsql AS $$
  BEGIN RAISE EXCEPTION '% is append-only', TG_TABLE_NAME; END $$;
CREATE OR REPLACE TRIGGER registry_history_append_only BEFORE UPDATE OR DELETE ON registry_history
  FOR EACH ROW EXECUTE FUNCTION registry_refuse_change();
CREATE OR REPLACE TRIGGER registry_versions_immutable BEFORE UPDATE OR DELETE ON registry_versions
  FOR EACH ROW EXECUTE FUNCTION registry_refuse_change();
`;

const VERSION_COLUMNS = `remote, version, digest, published_at AS "publishedAt", published_by AS "publishedBy"`;
const versionsQuery = (withFiles) =>
  `SELECT ${VERSION_COLUMNS}${withFiles ? ', files' : ''} FROM registry_versions ORDER BY published_at, remote, version`;
const HISTORY_COLUMNS = `revision, at, operator, action, remote, from_version AS "from", to_version AS "to", reason, detail`;

function historyQuery(remote, limit, placeholder) {
  const where = remote ? `WHERE remote = ${placeholder(1)}` : '';
  const params = remote ? [remote] : [];
  const limitClause = limit ? ` LIMIT ${Number(limit)}` : '';
  return {
    sql: `SELECT ${HISTORY_COLUMNS} FROM registry_history ${where} ORDER BY revision DESC${limitClause}`,
    params,
  };
}

// Written with ? and numbered ($1...) for PostgreSQL. ON CONFLICT DO NOTHING: a version published by
// another writer in between makes the commit answer false (the caller retries and sees it).
const INSERT_VERSION =
  'INSERT INTO registry_versions (remote, version, digest, files, published_at, published_by) VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT DO NOTHING';
const INSERT_HISTORY =
  'INSERT INTO registry_history (revision, at, operator, action, remote, from_version, to_version, reason, detail) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT DO NOTHING';
// The first writer's value wins; every process then reads the same one.
const INSERT_SECRET =
  'INSERT INTO registry_secrets (name, value) VALUES (?, ?) ON CONFLICT DO NOTHING';
const SELECT_SECRET = 'SELECT value FROM registry_secrets WHERE name = ?';
// Counts a failure of a published version only: the check and the count are one statement, so a
// report never makes a row for a version that is not in registry_versions.
const COUNT_FAILURE = `INSERT INTO registry_failures (remote, version, count, last_at, last_message)
  SELECT ?, ?, 1, ?, ? WHERE EXISTS (SELECT 1 FROM registry_versions WHERE remote = ? AND version = ?)
  ON CONFLICT (remote, version) DO UPDATE SET count = registry_failures.count + 1,
    last_at = excluded.last_at, last_message = excluded.last_message`;
const failureParams = (f) => [f.remote, f.version, f.at, f.message, f.remote, f.version];
const FAILURES = `SELECT remote, version, count, last_at AS "lastAt", last_message AS "lastMessage"
  FROM registry_failures ORDER BY remote, version`;
// Never behind the history: the next change's revision must be a new one.
const RESTORE_REVISION =
  'UPDATE registry_revision SET revision = (SELECT MAX(r) FROM (SELECT CAST(? AS INTEGER) AS r UNION ALL SELECT COALESCE(MAX(revision), 0) FROM registry_history) AS candidates), state = ? WHERE id = 1';
const numbered = (sql) => {
  let n = 0;
  return sql.replace(/\?/g, () => `$${(n += 1)}`);
};
const versionParams = (v) => [
  v.remote,
  v.version,
  v.digest,
  JSON.stringify(v.files),
  v.publishedAt,
  v.publishedBy,
];
const historyParams = (h) => [
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

/** Runs fn in a write transaction; fn answering false rolls it back. */
function sqliteTransaction(d, fn) {
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

/** libsql adds a _metadata field to every row. */
const plain = (row) => {
  if (!row) return row;
  const { _metadata, ...rest } = row;
  return rest;
};

const withParsedFiles = (row) => {
  const version = plain(row);
  if (typeof version.files === 'string') version.files = JSON.parse(version.files);
  return version;
};

function sqliteDatabase(file) {
  let db = null;
  function open() {
    if (db) return db;
    mkdirSync(path.dirname(file), { recursive: true });
    const handle = new Database(file);
    try {
      // Several processes share the file: wait for a writer instead of failing at once.
      handle.exec('PRAGMA busy_timeout = 10000');
      handle.exec('PRAGMA journal_mode = WAL');
      handle.exec(SQLITE_SCHEMA);
      const columns = handle.prepare('PRAGMA table_info(registry_history)').all();
      if (!columns.some((c) => c.name === 'detail')) {
        try {
          handle.exec(HISTORY_DETAIL);
        } catch (error) {
          // Another process added it between the two statements.
          if (!/duplicate column/i.test(error.message)) throw error;
        }
      }
    } catch (error) {
      handle.close();
      throw error;
    }
    db = handle;
    return db;
  }
  // A failed call drops the handle, so the next one opens the file again (after a repair).
  function use(fn) {
    try {
      return fn(open());
    } catch (error) {
      close();
      throw error;
    }
  }
  function close() {
    try {
      db?.close();
    } catch {
      // already unusable
    }
    db = null;
  }
  return {
    kind: 'sqlite',
    file,
    async readState() {
      return use((d) => plain(d.prepare('SELECT revision, state FROM registry_revision').get()));
    },
    async versions(withFiles = false) {
      return use((d) => d.prepare(versionsQuery(withFiles)).all()).map(withParsedFiles);
    },
    async versionFiles(remote, version) {
      const row = use((d) =>
        d
          .prepare('SELECT files FROM registry_versions WHERE remote = ? AND version = ?')
          .get(remote, version),
      );
      return row ? JSON.parse(row.files) : null;
    },
    async history(remote, limit) {
      const { sql, params } = historyQuery(remote, limit, () => '?');
      return use((d) => d.prepare(sql).all(...params)).map(plain);
    },
    async commit({ expected, state, entry, version }) {
      return use((d) =>
        sqliteTransaction(d, () => {
          const swapped = d
            .prepare(
              'UPDATE registry_revision SET revision = ?, state = ? WHERE id = 1 AND revision = ?',
            )
            .run(expected + 1, JSON.stringify(state), expected);
          if (swapped.changes !== 1) return false;
          if (version && d.prepare(INSERT_VERSION).run(...versionParams(version)).changes !== 1) {
            return false;
          }
          const added = d
            .prepare(INSERT_HISTORY)
            .run(...historyParams({ ...entry, revision: expected + 1 }));
          if (added.changes !== 1) throw new Error(`history revision ${expected + 1} is taken`);
          return true;
        }),
      );
    },
    /** The value stored under `name`, `candidate` stored first when there is none yet. */
    async secret(name, candidate) {
      return use((d) => {
        d.prepare(INSERT_SECRET).run(name, candidate);
        return d.prepare(SELECT_SECRET).get(name).value;
      });
    },
    async countFailure(failure) {
      return use((d) => d.prepare(COUNT_FAILURE).run(...failureParams(failure)).changes === 1);
    },
    async failures() {
      return use((d) => d.prepare(FAILURES).all()).map((row) => ({
        ...plain(row),
        count: Number(row.count),
      }));
    },
    /** Fills an empty database from a snapshot (registry/repair.ts). */
    async restore(snapshot) {
      return use((d) =>
        sqliteTransaction(d, () => {
          for (const v of snapshot.versions) d.prepare(INSERT_VERSION).run(...versionParams(v));
          for (const h of snapshot.history) d.prepare(INSERT_HISTORY).run(...historyParams(h));
          d.prepare(RESTORE_REVISION).run(snapshot.revision, JSON.stringify(snapshot.state));
          return true;
        }),
      );
    },
    close: async () => close(),
  };
}

function postgresDatabase(url) {
  // One host or several (a failover): only the writable one is used.
  const pool = readWritePool(url, { max: 4 });
  // An idle client's error (the server restarted) must not crash the app server.
  pool.on('error', () => undefined);
  let ready = null;
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
    })().catch((error) => {
      ready = null;
      throw error;
    });
    return ready;
  };
  const query = async (sql, params) => {
    await init();
    return pool.query(sql, params);
  };
  async function inTransaction(fn) {
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
  return {
    kind: 'postgres',
    async readState() {
      return (await query('SELECT revision, state FROM registry_revision')).rows[0];
    },
    async versions(withFiles = false) {
      return (await query(versionsQuery(withFiles))).rows.map(withParsedFiles);
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
      return (await query(sql, params)).rows;
    },
    async commit({ expected, state, entry, version }) {
      return inTransaction(async (c) => {
        const swapped = await c.query(
          'UPDATE registry_revision SET revision = $1, state = $2 WHERE id = 1 AND revision = $3',
          [expected + 1, JSON.stringify(state), expected],
        );
        if (swapped.rowCount !== 1) return false;
        if (
          version &&
          (await c.query(numbered(INSERT_VERSION), versionParams(version))).rowCount !== 1
        ) {
          return false;
        }
        const added = await c.query(
          numbered(INSERT_HISTORY),
          historyParams({ ...entry, revision: expected + 1 }),
        );
        if (added.rowCount !== 1) throw new Error(`history revision ${expected + 1} is taken`);
        return true;
      });
    },
    async secret(name, candidate) {
      await query(numbered(INSERT_SECRET), [name, candidate]);
      return (await query(numbered(SELECT_SECRET), [name])).rows[0].value;
    },
    async countFailure(failure) {
      return (await query(numbered(COUNT_FAILURE), failureParams(failure))).rowCount === 1;
    },
    async failures() {
      return (await query(FAILURES)).rows.map((row) => ({ ...row, count: Number(row.count) }));
    },
    async restore(snapshot) {
      await inTransaction(async (c) => {
        for (const v of snapshot.versions)
          await c.query(numbered(INSERT_VERSION), versionParams(v));
        for (const h of snapshot.history) await c.query(numbered(INSERT_HISTORY), historyParams(h));
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

/** SQLite at ${deployDir}/registry.db unless a PostgreSQL URL is given. */
export function openRegistryDatabase({ deployDir, databaseUrl }) {
  if (databaseUrl) return postgresDatabase(databaseUrl);
  return sqliteDatabase(path.join(deployDir, 'registry.db'));
}
