import { sql, type Kysely } from 'kysely';

/*
 * Signed-in sessions (docs/decisions/015-sessions-ended-on-the-server.md). Each bearer token names
 * its row; a token is honoured only while the row is live, so sign-out (and later a PIN reset, for
 * the other sessions) ends it on every middleware instance. One statement per call: PGlite's
 * extended protocol runs a single statement per query. Expand only.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  // No foreign key to users: a token can outlive its account (deleted, or a test's made-up id),
  // and the row must still answer "not signed in" rather than fail.
  await db.schema
    .createTable('sessions')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('user_id', 'uuid', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('ended_at', 'timestamptz')
    .addColumn('end_reason', 'text', (c) =>
      c.check(
        sql`end_reason in ('signed-out', 'security-pin-reset', 'transaction-pin-reset', 'account-closed')`,
      ),
    )
    .execute();
  // Ending every other session of a user walks only that user's live rows.
  await sql`create index sessions_live_by_user on sessions (user_id) where ended_at is null`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('sessions').execute();
}
