import { sql, type Kysely } from 'kysely';

/*
 * Money leaving the ledger (docs/decisions/013-outbound-money.md) and the KYC tier of a customer.
 * One statement per call: PGlite's extended protocol runs a single statement per query. Expand
 * only: the account type check is widened (the previous release never writes the new type), every
 * new column is nullable.
 */
const TYPES = `('customer_wallet', 'commission_wallet', 'bank_settlement', 'bill_payables',
  'card_checkout_clearing', 'cash_agent_float', 'commission_pool', 'fees', 'outbound_holding')`;

export async function up(db: Kysely<unknown>): Promise<void> {
  // Money on its way out (a bank transfer, a bill vend) waits here between the debit of the
  // wallet and the provider's definite answer: paid on to settlement, or reversed to the wallet.
  await sql
    .raw(
      `alter table ledger_accounts drop constraint ledger_accounts_type_check,
       add constraint ledger_accounts_type_check check (type in ${TYPES})`,
    )
    .execute(db);

  // docs/domain.md "KYC tiers". Null is tier 2: activation needs BVN or NIN with a face photo, so
  // every customer with a wallet has reached it; documents (settings) raise it to 3.
  await db.schema
    .alterTable('users')
    .addColumn('kyc_tier', 'smallint', (c) => c.check(sql`kyc_tier between 1 and 3`))
    .execute();

  // A name enquiry answered to a customer: the transfer must carry one of these (its session id is
  // the switch's nameEnquiryRef), so the name the customer confirmed is the switch's, not typed.
  await db.schema
    .createTable('name_enquiries')
    .addColumn('session_id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('bank_code', 'text', (c) => c.notNull())
    .addColumn('account_number', 'text', (c) => c.notNull())
    .addColumn('account_name', 'text', (c) => c.notNull())
    .addColumn('bvn', 'text')
    .addColumn('kyc_level', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .execute();

  // One row per bank transfer. `reference` is the ledger reference of the debit and the
  // paymentReference of SPEC §7; `transaction_id` is the switch's key (a resend after a lost
  // answer reuses it, so the switch pays once).
  await db.schema
    .createTable('outbound_transfers')
    .addColumn('reference', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id'))
    .addColumn('wallet_account_number', 'text', (c) => c.notNull())
    .addColumn('amount_kobo', 'bigint', (c) => c.notNull().check(sql`amount_kobo > 0`))
    .addColumn('bank_code', 'text', (c) => c.notNull())
    .addColumn('bank_name', 'text', (c) => c.notNull())
    .addColumn('account_number', 'text', (c) => c.notNull())
    .addColumn('account_name', 'text', (c) => c.notNull())
    .addColumn('name_enquiry_ref', 'text', (c) => c.notNull())
    .addColumn('transaction_id', 'text', (c) => c.notNull().unique())
    .addColumn('narration', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) =>
      c.notNull().check(sql`status in ('pending', 'successful', 'failed')`),
    )
    .addColumn('response_code', 'text')
    .addColumn('status_queries', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull())
    .execute();
  await sql`create index outbound_transfers_user_idx on outbound_transfers (user_id, created_at desc)`.execute(
    db,
  );

  // SPEC §3 Beneficiary, saved against one of the customer's wallets. A bank beneficiary has a
  // bank code; a wallet beneficiary has none. The same recipient is saved once per wallet and bank.
  await db.schema
    .createTable('beneficiaries')
    .addColumn('id', 'integer', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('account_number', 'text', (c) => c.notNull())
    .addColumn('recipient_account_number', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('account_type', 'text', (c) => c.notNull())
    .addColumn('bank_code', 'text')
    .addColumn('bank_image', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`create unique index beneficiaries_once on beneficiaries
    (account_number, recipient_account_number, coalesce(bank_code, ''))`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('beneficiaries').execute();
  await db.schema.dropTable('outbound_transfers').execute();
  await db.schema.dropTable('name_enquiries').execute();
  await db.schema.alterTable('users').dropColumn('kyc_tier').execute();
}
