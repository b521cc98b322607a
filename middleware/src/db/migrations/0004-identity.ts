import { sql, type Kysely } from 'kysely';

/*
 * Identity verification and activation (owned by src/modules/identity and src/modules/kyc).
 * One statement per call: PGlite's extended protocol runs a single statement per query.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  // A BVN consent session (the sandbox consent page's URL carries its id): single-use, 15 minutes.
  await db.schema
    .createTable('bvn_consent_sessions')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('consumed_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  // A tid: the outcome of a BVN consent or NIN lookup and, on success, the identity it returned.
  // Readable by its user until /verify-user consumes it or it expires (30 minutes).
  await db.schema
    .createTable('identity_verifications')
    .addColumn('tid', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('source', 'text', (c) => c.notNull().check(sql`source in ('bvn', 'nin')`))
    .addColumn('outcome', 'text', (c) =>
      c.notNull().check(sql`outcome in ('success', 'failed', 'cancelled')`),
    )
    .addColumn('identity', 'jsonb')
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('consumed_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex('identity_verifications_user_idx')
    .on('identity_verifications')
    .column('user_id')
    .execute();

  // SPEC §3 mifos_client_id: the core-banking client id, drawn from a sequence at activation.
  await sql`create sequence if not exists mifos_client_id_seq start with 100001`.execute(db);

  // One account per BVN and per NIN.
  await sql`create unique index users_bvn_key on users (bvn) where bvn is not null`.execute(db);
  await sql`create unique index users_nin_key on users (nin) where nin is not null`.execute(db);
  // The NIN status job's queue: only the few rows still in flight.
  await sql`create index users_nin_in_flight_idx on users (nin_verification_status, updated_at)
    where nin_verification_status in ('pending', 'processing')`.execute(db);

  await db.schema.alterTable('users').addColumn('date_of_birth', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('users').dropColumn('date_of_birth').execute();
  await sql`drop index if exists users_nin_in_flight_idx`.execute(db);
  await sql`drop index if exists users_nin_key`.execute(db);
  await sql`drop index if exists users_bvn_key`.execute(db);
  await sql`drop sequence if exists mifos_client_id_seq`.execute(db);
  await db.schema.dropTable('identity_verifications').execute();
  await db.schema.dropTable('bvn_consent_sessions').execute();
}
