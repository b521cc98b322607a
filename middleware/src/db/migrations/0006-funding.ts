import { sql, type Kysely } from 'kysely';

/*
 * Funding (owned by src/modules/funding): card checkout sessions and the transaction PIN
 * lock of money calls. One statement per call: PGlite's extended protocol runs a single statement
 * per query.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  // A card checkout session (SPEC §7 POST /transfers/bank-to-wallet → link). Its id is the ledger
  // reference of the credit, so the wallet is credited at most once per session whatever repeats.
  await db.schema
    .createTable('checkout_sessions')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('wallet_account_number', 'text', (c) => c.notNull())
    .addColumn('amount_kobo', 'bigint', (c) => c.notNull().check(sql`amount_kobo > 0`))
    .addColumn('status', 'text', (c) =>
      c.notNull().check(sql`status in ('pending', 'otp', 'paid', 'cancelled')`),
    )
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('paid_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex('checkout_sessions_user_idx')
    .on('checkout_sessions')
    .column('user_id')
    .execute();

  // Wrong transaction PINs in a row per user (5 lock money calls for 15 minutes).
  await db.schema
    .createTable('transaction_pin_attempts')
    .addColumn('user_id', 'uuid', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('failures', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('locked_until', 'timestamptz')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('transaction_pin_attempts').execute();
  await db.schema.dropTable('checkout_sessions').execute();
}
