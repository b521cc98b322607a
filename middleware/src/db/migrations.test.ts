import { sql, type Kysely, type Migration } from 'kysely';
import { FakeClock } from '../test-support/auth-test-kit.js';
import {
  createTestDatabase,
  testDatabaseKind,
  type TestDatabase,
} from '../test-support/test-database.js';
import { buildApp } from '../app.js';
import { loadConfig } from '../config.js';
import { appliedMigrations, migrateToLatest } from './migrate.js';
import { migrations } from './migrations/index.js';

/*
 * Expand-then-contract (docs/decisions/010-expand-then-contract-migrations.md): during a rolling
 * deploy the previous release runs against the schema the next one migrated, so a migration only
 * adds, and a release starts against a database migrated further than it knows.
 */

const names = Object.keys(migrations).sort();
const upTo = (count: number): Record<string, Migration> =>
  Object.fromEntries(names.slice(0, count).map((name) => [name, migrations[name] as Migration]));

interface Column {
  table: string;
  column: string;
  type: string;
  nullable: boolean;
  hasDefault: boolean;
}

async function columns(db: Kysely<unknown>): Promise<Map<string, Column>> {
  const { rows } = await sql<{
    table_name: string;
    column_name: string;
    data_type: string;
    is_nullable: string;
    column_default: string | null;
    is_identity: string;
  }>`
    select table_name, column_name, data_type, is_nullable, column_default, is_identity
    from information_schema.columns
    where table_schema = 'public' and table_name not like 'kysely_%'`.execute(db);
  return new Map(
    rows.map((r) => [
      `${r.table_name}.${r.column_name}`,
      {
        table: r.table_name,
        column: r.column_name,
        type: r.data_type,
        nullable: r.is_nullable === 'YES',
        hasDefault: r.column_default !== null || r.is_identity === 'YES',
      },
    ]),
  );
}

/**
 * Deliberate contractions, each removing something no release still running uses (the release
 * before the one that stopped using it is gone). Format: '<migration>: <table>.<column>'.
 */
const ALLOWED_CONTRACTIONS: string[] = [];

const silentLog = () => {
  const warnings: Array<{ obj: object; msg?: string }> = [];
  return { warnings, log: { warn: (obj: object, msg?: string) => warnings.push({ obj, msg }) } };
};

describe(`migrations on ${testDatabaseKind()}`, () => {
  // One database for the file (a PGlite boot is slow): the tests run in order on it.
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase({ migrate: false });
  });
  afterAll(() => database.drop());

  it('only expand: each migration keeps every column the previous schema had, and adds none the previous release could not insert without', async () => {
    const db = database.db as unknown as Kysely<unknown>;
    let before = await columns(db);
    const problems: string[] = [];
    for (let count = 1; count <= names.length; count++) {
      const name = names[count - 1] as string;
      // Two instances starting together: Kysely's lock lets one migrate, the other finds it done.
      await Promise.all([
        migrateToLatest(db, { migrations: upTo(count) }),
        migrateToLatest(db, { migrations: upTo(count) }),
      ]);
      const after = await columns(db);
      const tablesBefore = new Set([...before.values()].map((c) => c.table));
      for (const [key, old] of before) {
        const now = after.get(key);
        const allowed = ALLOWED_CONTRACTIONS.includes(`${name}: ${key}`);
        if (!now && !allowed) problems.push(`${name} drops or renames ${key}`);
        else if (now && now.type !== old.type && !allowed)
          problems.push(`${name} changes the type of ${key} (${old.type} → ${now.type})`);
        else if (now && old.nullable && !now.nullable && !allowed)
          problems.push(`${name} makes ${key} NOT NULL`);
      }
      for (const [key, added] of after) {
        if (before.has(key) || !tablesBefore.has(added.table)) continue;
        if (!added.nullable && !added.hasDefault)
          problems.push(`${name} adds ${key} NOT NULL without a default`);
      }
      before = after;
    }
    expect(problems).toEqual([]);
    expect(await appliedMigrations(database.db)).toEqual(names);
  });

  it('the previous release starts against the current schema: newer migrations are logged, not an error', async () => {
    const previous = upTo(names.length - 1);
    const { warnings, log } = silentLog();
    const result = await migrateToLatest(database.db, { migrations: previous, log });
    expect(result.error).toBeUndefined();
    expect(result.results).toEqual([]);
    expect(warnings).toEqual([
      {
        obj: { migrations: [names[names.length - 1]] },
        msg: 'the database has migrations from a newer release; this release runs on without them',
      },
    ]);
    // The current release still sees everything applied and nothing pending.
    expect(await appliedMigrations(database.db)).toEqual(names);
    expect((await migrateToLatest(database.db)).results).toEqual([]);
  });

  it('applies a migration merged late with an earlier number', async () => {
    const late: Record<string, Migration> = {
      ...migrations,
      '0007-late-branch': {
        async up(db) {
          await db.schema.createTable('late_branch_table').addColumn('id', 'text').execute();
        },
      },
    };
    const result = await migrateToLatest(database.db, { migrations: late });
    expect(result.results?.map((r) => [r.migrationName, r.status])).toEqual([
      ['0007-late-branch', 'Success'],
    ]);
  });

  it('names the failing migration, and applies none of it', async () => {
    const broken: Record<string, Migration> = {
      ...migrations,
      '9998-broken': {
        async up(db) {
          await db.schema.createTable('half_done').addColumn('id', 'text').execute();
          throw new Error('syntax error at "x"');
        },
      },
    };
    await expect(migrateToLatest(database.db, { migrations: broken })).rejects.toThrow(
      'Migration 9998-broken failed: syntax error at "x"',
    );
    expect(await appliedMigrations(database.db)).not.toContain('9998-broken');
    const { rows } = await sql<{ exists: boolean }>`
      select to_regclass('half_done') is not null as exists`.execute(database.db);
    expect(rows[0]?.exists).toBe(false);
  });

  it('this release serves requests on a schema a newer release extended', async () => {
    // What a next release might add: a table and a nullable column on a table we write.
    const newer: Record<string, Migration> = {
      ...migrations,
      '9999-next-release': {
        async up(db) {
          await db.schema.createTable('next_release_things').addColumn('id', 'text').execute();
          await db.schema.alterTable('users').addColumn('next_release_flag', 'text').execute();
        },
      },
    };
    await migrateToLatest(database.db, { migrations: newer });
    const { warnings, log } = silentLog();
    await migrateToLatest(database.db, { log });
    expect(warnings.map((w) => w.obj)).toEqual([
      { migrations: expect.arrayContaining(['9999-next-release']) },
    ]);

    const config = loadConfig({ SCRYPT_COST: '1024', LOG_LEVEL: 'silent' });
    const app = await buildApp({ config, database, clock: new FakeClock(), print: () => {} });
    try {
      const res = await app.inject({
        method: 'GET',
        url: '/api/auth?phone_number=2348031112222',
      });
      expect(res.json()).toEqual({ message: expect.any(String) });
      expect(res.statusCode).toBe(200);
      const outbox = await database.db
        .selectFrom('outbox')
        .select('recipient')
        .where('recipient', '=', '2348031112222')
        .execute();
      expect(outbox).toHaveLength(1);
    } finally {
      await app.close();
    }
  });
});
