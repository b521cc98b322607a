import { sql, type Kysely } from 'kysely';

/*
 * The money area (src/money): client references (Idempotency-Key) and step-up OTP challenges, and
 * the client reference of a card checkout session. One statement per call: PGlite's extended
 * protocol runs a single statement per query. Expand only: nothing existing changes meaning.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  // One row per user + route + client reference. 'processing' rows are claims with a lease (a
  // crashed instance's claim is taken over once the lease ends); 'completed' rows hold the answer
  // replayed to a repeat of the call.
  await db.schema
    .createTable('client_references')
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('route', 'text', (c) => c.notNull())
    .addColumn('key', 'text', (c) => c.notNull())
    .addColumn('request_hash', 'text', (c) => c.notNull())
    .addColumn('state', 'text', (c) => c.notNull().check(sql`state in ('processing', 'completed')`))
    .addColumn('claim_token', 'uuid')
    .addColumn('lease_until', 'timestamptz')
    .addColumn('response_status', 'integer')
    .addColumn('response_body', 'jsonb')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('completed_at', 'timestamptz')
    .addPrimaryKeyConstraint('client_references_pk', ['user_id', 'route', 'key'])
    .execute();

  // The step-up OTP of one money call: bound to user + route + client reference (the body is part
  // of the hashed input), one live code per call, 10 minutes, 5 tries.
  await db.schema
    .createTable('step_up_challenges')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('route', 'text', (c) => c.notNull())
    .addColumn('client_reference', 'text', (c) => c.notNull())
    .addColumn('otp_hash', 'text', (c) => c.notNull())
    .addColumn('channel', 'text', (c) => c.notNull().check(sql`channel in ('phone', 'email')`))
    .addColumn('recipient', 'text', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('consumed_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('step_up_challenges_call', ['user_id', 'route', 'client_reference'])
    .execute();

  // A bank-to-wallet call's client reference on its checkout session: a call run again after a
  // crash finds the session it already opened instead of opening a second one.
  await db.schema.alterTable('checkout_sessions').addColumn('client_reference', 'text').execute();
  await sql`create unique index checkout_sessions_client_reference on checkout_sessions
    (user_id, client_reference) where client_reference is not null`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index if exists checkout_sessions_client_reference`.execute(db);
  await db.schema.alterTable('checkout_sessions').dropColumn('client_reference').execute();
  await db.schema.dropTable('step_up_challenges').execute();
  await db.schema.dropTable('client_references').execute();
}
