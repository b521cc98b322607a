import { sql, type Kysely } from 'kysely';

/*
 * The referral programme (src/modules/referrals, SPEC §9). One statement per call: PGlite's
 * extended protocol runs a single statement per query. Expand only: the account type check is
 * widened (the previous release never writes the new type) and two tables are added.
 */
const TYPES = `('customer_wallet', 'commission_wallet', 'bank_settlement', 'bill_payables',
  'card_checkout_clearing', 'cash_agent_float', 'commission_pool', 'fees', 'outbound_holding',
  'referral_programme')`;

export async function up(db: Kysely<unknown>): Promise<void> {
  // Rewards come out of the programme's own account (it goes negative: the cost of the promotion),
  // never out of nowhere and never out of the commission pool other income lands in.
  await sql
    .raw(
      `alter table ledger_accounts drop constraint ledger_accounts_type_check,
       add constraint ledger_accounts_type_check check (type in ${TYPES})`,
    )
    .execute(db);

  // POST /referral: a phone number invited from a referral landing page, once per number. Sign-up
  // without a code takes the referrer from here, so a friend who installs the app is still counted.
  await db.schema
    .createTable('referral_invites')
    .addColumn('phone_number', 'text', (c) => c.primaryKey())
    .addColumn('referral_code', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .execute();

  // One reward per referee, ever: the primary key decides between concurrent fundings, and the row
  // is written in the same transaction as both ledger entries.
  await db.schema
    .createTable('referral_rewards')
    .addColumn('referee_user_id', 'uuid', (c) => c.primaryKey().references('users.id'))
    .addColumn('referrer_user_id', 'uuid', (c) => c.notNull().references('users.id'))
    .addColumn('referrer_amount_kobo', 'bigint', (c) =>
      c.notNull().check(sql`referrer_amount_kobo > 0`),
    )
    .addColumn('referee_amount_kobo', 'bigint', (c) =>
      c.notNull().check(sql`referee_amount_kobo > 0`),
    )
    .addColumn('funding_reference', 'text', (c) => c.notNull())
    .addColumn('paid_at', 'timestamptz', (c) => c.notNull())
    .execute();
  await sql`create index referral_rewards_referrer_idx on referral_rewards (referrer_user_id)`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('referral_rewards').execute();
  await db.schema.dropTable('referral_invites').execute();
}
