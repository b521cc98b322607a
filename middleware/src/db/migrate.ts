import { Migrator, sql, type Kysely, type Migration, type MigrationResultSet } from 'kysely';
import { migrations as releaseMigrations } from './migrations/index.js';

export interface MigrationLogger {
  warn(obj: object, msg?: string): void;
}

export interface MigrateOptions {
  /** The migrations this release knows (default: src/db/migrations/index.ts). */
  migrations?: Record<string, Migration>;
  log?: MigrationLogger;
}

const MIGRATION_TABLE = 'kysely_migration';

/** Names of the migrations already applied to this database (none on a fresh one). */
export async function appliedMigrations<DB>(database: Kysely<DB>): Promise<string[]> {
  const db = database as unknown as Kysely<unknown>;
  const { rows } = await sql<{ exists: boolean }>`
    select to_regclass(${MIGRATION_TABLE}) is not null as exists`.execute(db);
  if (!rows[0]?.exists) return [];
  const applied = await sql<{ name: string }>`
    select name from ${sql.table(MIGRATION_TABLE)} order by name`.execute(db);
  return applied.rows.map((r) => r.name);
}

/**
 * A migration a newer release applied and this one does not know: it stands in for it in the list
 * handed to Kysely (whose Migrator stops with "previously executed migration … is missing"), and can
 * never run, since only already-applied names get one.
 */
function appliedByNewerRelease(name: string): Migration {
  return {
    up: () => Promise.reject(new Error(`Migration ${name} belongs to a newer release`)),
  };
}

/**
 * Applies every pending migration; safe on every start and from several instances at once (Kysely
 * takes a lock in the database). Expand-then-contract (docs/decisions/010-expand-then-contract-migrations.md):
 * a database that a newer release already migrated further is fine; its extra migrations are logged
 * and left alone, so a rolling deploy or a rollback starts without touching the database.
 * Migrations apply in name order, and a missing earlier one (a branch merged late) still applies.
 * Throws on failure.
 */
export async function migrateToLatest<DB>(
  database: Kysely<DB>,
  options: MigrateOptions = {},
): Promise<MigrationResultSet> {
  const db = database as unknown as Kysely<unknown>;
  const known = options.migrations ?? releaseMigrations;
  // A newer instance can migrate between our read and Kysely's: then read again.
  for (let attempt = 1; ; attempt++) {
    const unknown = (await appliedMigrations(db)).filter((name) => !(name in known));
    if (unknown.length > 0) {
      options.log?.warn(
        { migrations: unknown },
        'the database has migrations from a newer release; this release runs on without them',
      );
    }
    const list = { ...known };
    for (const name of unknown) list[name] = appliedByNewerRelease(name);
    const migrator = new Migrator({
      db,
      provider: { getMigrations: async () => list },
      allowUnorderedMigrations: true,
    });
    const result = await migrator.migrateToLatest();
    if (!result.error) return result;
    const reason = result.error instanceof Error ? result.error.message : String(result.error);
    if (attempt < 3 && reason.includes('previously executed migration')) continue;
    const failed = result.results?.find((r) => r.status === 'Error');
    throw new Error(`Migration ${failed ? `${failed.migrationName} ` : ''}failed: ${reason}`, {
      cause: result.error,
    });
  }
}
