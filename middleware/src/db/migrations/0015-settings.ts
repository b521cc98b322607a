import { sql, type Kysely } from 'kysely';

/*
 * Settings (src/modules/settings): identity documents and their review, the transaction-PIN reset
 * OTP, statement attachments in the sandbox outbox, and account closure. One statement per call:
 * PGlite's extended protocol runs a single statement per query. Expand only.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  // One live transaction-PIN reset OTP per phone, replaced atomically like the sign-up and
  // security-PIN ones (0003 keeps its own index for those, which the previous release still uses).
  await sql`create unique index otps_one_per_phone_transaction_pin_reset on otps (phone_number, purpose)
    where purpose = 'transaction-pin-reset'`.execute(db);

  // Identity documents (core-banking "client identifiers"): type 32 is Proof of Residence.
  // One document per type per customer, and a document number belongs to one customer.
  await db.schema
    .createTable('identity_documents')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id'))
    .addColumn('document_type_id', 'integer', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('document_key', 'text', (c) => c.notNull())
    .addColumn('document_name', 'text', (c) => c.notNull())
    .addColumn('document_url', 'text', (c) => c.notNull())
    .addColumn('review_status', 'text', (c) =>
      c
        .notNull()
        .defaultTo('pending')
        .check(sql`review_status in ('pending', 'approved', 'rejected')`),
    )
    .addColumn('review_note', 'text')
    .addColumn('reviewed_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .execute();
  await sql`create unique index identity_documents_one_per_type on identity_documents (user_id, document_type_id)`.execute(
    db,
  );
  await sql`create unique index identity_documents_key_once on identity_documents (document_type_id, document_key)`.execute(
    db,
  );

  // Files attached to an outbox e-mail (the statement PDF), kept so a person can open them.
  await db.schema
    .createTable('outbox_attachments')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('outbox_id', 'uuid', (c) => c.notNull().references('outbox.id'))
    .addColumn('filename', 'text', (c) => c.notNull())
    .addColumn('content_type', 'text', (c) => c.notNull())
    .addColumn('bytes', 'bytea', (c) => c.notNull())
    .execute();
  await sql`create index outbox_attachments_outbox_idx on outbox_attachments (outbox_id)`.execute(
    db,
  );

  // Account closure (SPEC §9): the request is kept (reason, when); users.closed_at refuses sign-in.
  await db.schema
    .createTable('account_closures')
    .addColumn('user_id', 'uuid', (c) => c.primaryKey().references('users.id'))
    .addColumn('reason', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .execute();
  await db.schema.alterTable('users').addColumn('closed_at', 'timestamptz').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('users').dropColumn('closed_at').execute();
  await db.schema.dropTable('account_closures').execute();
  await db.schema.dropTable('outbox_attachments').execute();
  await db.schema.dropTable('identity_documents').execute();
  await sql`drop index if exists otps_one_per_phone_transaction_pin_reset`.execute(db);
}
