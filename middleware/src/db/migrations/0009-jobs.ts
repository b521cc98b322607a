import { sql, type Kysely } from 'kysely';

/*
 * The job queue (src/jobs, docs/decisions/011-jobs-in-the-database.md): every background task is a
 * row here, claimed by exactly one instance with FOR UPDATE SKIP LOCKED and held by a lease.
 * One statement per call: PGlite's extended protocol runs a single statement per query.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('jobs')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('payload', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    // Enqueueing the same (kind, dedupe_key) again returns the first job instead of a second one.
    .addColumn('dedupe_key', 'text')
    .addColumn('state', 'text', (c) =>
      c
        .notNull()
        .defaultTo('queued')
        .check(sql`state in ('queued', 'running', 'succeeded', 'failed', 'dead')`),
    )
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('max_attempts', 'integer', (c) => c.notNull().check(sql`max_attempts >= 1`))
    .addColumn('run_at', 'timestamptz', (c) => c.notNull())
    .addColumn('locked_by', 'text')
    .addColumn('locked_until', 'timestamptz')
    .addColumn('last_error', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull())
    .addColumn('finished_at', 'timestamptz')
    .execute();
  await db.schema
    .createIndex('jobs_dedupe_key')
    .on('jobs')
    .columns(['kind', 'dedupe_key'])
    .unique()
    .where(sql.ref('dedupe_key'), 'is not', null)
    .execute();
  // What the claim scans: waiting jobs by run_at, running ones by lease expiry.
  await db.schema
    .createIndex('jobs_due')
    .on('jobs')
    .columns(['run_at'])
    .where(sql.ref('state'), 'in', sql`('queued', 'failed')`)
    .execute();
  await db.schema
    .createIndex('jobs_leased')
    .on('jobs')
    .columns(['locked_until'])
    .where(sql.ref('state'), '=', 'running')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('jobs').execute();
}
