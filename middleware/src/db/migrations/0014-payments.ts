import { sql, type Kysely } from 'kysely';

/*
 * Airtime, data and electricity purchases (src/modules/payments). One statement per call:
 * PGlite's extended protocol runs a single statement per query. Expand only.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  // One row per purchase. `reference` is the ledger reference of the debit (wallet → outbound
  // holding); `request_id` the aggregator's key, so a resend after a lost answer vends once.
  await db.schema
    .createTable('bill_payments')
    .addColumn('reference', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id'))
    .addColumn('wallet_account_number', 'text', (c) => c.notNull())
    .addColumn('product', 'text', (c) =>
      c.notNull().check(sql`product in ('airtime', 'data', 'electricity')`),
    )
    .addColumn('service_id', 'text', (c) => c.notNull())
    .addColumn('provider_name', 'text', (c) => c.notNull())
    .addColumn('billers_code', 'text', (c) => c.notNull())
    .addColumn('variation_code', 'text')
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('phone_number', 'text', (c) => c.notNull())
    .addColumn('amount_kobo', 'bigint', (c) => c.notNull().check(sql`amount_kobo > 0`))
    .addColumn('request_id', 'text', (c) => c.notNull().unique())
    .addColumn('status', 'text', (c) =>
      c.notNull().check(sql`status in ('pending', 'delivered', 'failed')`),
    )
    .addColumn('customer_name', 'text')
    .addColumn('customer_address', 'text')
    .addColumn('token', 'text')
    .addColumn('units', 'text')
    .addColumn('status_queries', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull())
    .execute();
  await sql`create index bill_payments_user_idx on bill_payments (user_id, created_at desc)`.execute(
    db,
  );
  // The sandbox aggregator settles a pending prepaid vend later and needs its meter type then.
  await db.schema.alterTable('sandbox_vend_requests').addColumn('variation_code', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('sandbox_vend_requests').dropColumn('variation_code').execute();
  await db.schema.dropTable('bill_payments').execute();
}
