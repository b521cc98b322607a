import { sql, type Kysely } from 'kysely';

/*
 * What the sandbox third parties remember (src/providers/<provider>/sandbox.ts), kept in the
 * database so that whichever instance answers a status query or a repeated request finds the
 * original: the bank switch's transfers, the bill aggregator's vend requests (the
 * card checkout's sessions were already in the database). One statement per call: PGlite's extended protocol runs one statement a query.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('sandbox_nip_transfers')
    .addColumn('transaction_id', 'text', (c) => c.primaryKey())
    .addColumn('session_id', 'text', (c) => c.notNull())
    .addColumn('response_code', 'text', (c) => c.notNull())
    .addColumn('destination_institution_code', 'text', (c) => c.notNull())
    .addColumn('beneficiary_account_number', 'text', (c) => c.notNull())
    .addColumn('amount_kobo', 'bigint', (c) => c.notNull())
    .addColumn('payment_reference', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('sandbox_vend_requests')
    .addColumn('request_id', 'text', (c) => c.primaryKey())
    .addColumn('service_id', 'text', (c) => c.notNull())
    .addColumn('billers_code', 'text', (c) => c.notNull())
    .addColumn('amount_kobo', 'bigint', (c) => c.notNull())
    .addColumn('status', 'text', (c) =>
      c.notNull().check(sql`status in ('delivered', 'pending', 'failed')`),
    )
    .addColumn('token', 'text')
    .addColumn('units', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('sandbox_vend_requests').execute();
  await db.schema.dropTable('sandbox_nip_transfers').execute();
}
