import { sql, type Kysely } from 'kysely';

/*
 * Complaints about a transaction (src/modules/disputes, docs/decisions/034-complaints-with-a-clock.md):
 * one row per complaint with its tracking number and promised date, its timeline, and the column
 * that pauses a customer's outgoing money while a "not authorised by me" complaint is open. Expand
 * only: two new tables and a nullable column on users.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('disputes')
    .ifNotExists()
    .addColumn('tracking_number', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    // The ledger entry's reference, as the history shows it.
    .addColumn('reference', 'text', (c) => c.notNull())
    .addColumn('category', 'text', (c) =>
      c
        .notNull()
        .check(
          sql`category in ('money_not_arrived', 'wrong_amount', 'not_authorised', 'bill_not_delivered', 'other')`,
        ),
    )
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('attachment_url', 'text')
    .addColumn('status', 'text', (c) =>
      c
        .notNull()
        .defaultTo('received')
        .check(sql`status in ('received', 'investigating', 'resolved')`),
    )
    .addColumn('outcome', 'text', (c) => c.check(sql`outcome in ('refunded', 'declined')`))
    .addColumn('outcome_reason', 'text')
    // The reversal entry that refunded it (its ledger reference), shown in the history.
    .addColumn('refund_reference', 'text')
    .addColumn('auto_opened', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('respond_by', 'timestamptz', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull())
    .execute();
  // One open complaint per customer and transaction: a second report (or the auto-opener racing
  // the customer) finds the first.
  await sql`create unique index if not exists disputes_one_open_per_transaction
    on disputes (user_id, reference) where status <> 'resolved'`.execute(db);
  await sql`create index if not exists disputes_by_user on disputes (user_id, created_at desc)`.execute(
    db,
  );
  await sql`create index if not exists disputes_by_reference on disputes (reference)`.execute(db);

  await db.schema
    .createTable('dispute_events')
    .ifNotExists()
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('tracking_number', 'text', (c) =>
      c.notNull().references('disputes.tracking_number').onDelete('cascade'),
    )
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('outcome', 'text')
    .addColumn('note', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .execute();
  await sql`create index if not exists dispute_events_by_dispute
    on dispute_events (tracking_number, id)`.execute(db);

  // The tracking number of the "not authorised by me" complaint that paused outgoing money; read
  // with the transaction PIN hash the money guard already reads (no extra statement).
  await sql`alter table users add column if not exists outgoing_frozen_by text`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table users drop column if exists outgoing_frozen_by`.execute(db);
  await db.schema.dropTable('dispute_events').ifExists().execute();
  await db.schema.dropTable('disputes').ifExists().execute();
}
