import { sql, type Kysely } from 'kysely';

/*
 * Cable TV subscriptions (src/modules/payments): a fourth bill product, with its own ledger entry
 * type as airtime, data and electricity have. One statement per call: PGlite's extended protocol
 * runs a single statement per query. Expand only: both checks are widened (the previous release
 * never writes the new value); no column changes.
 */
const ENTRY_TYPES = `('intra-inward', 'intra-outward', 'inter-inward', 'inter-outward', 'airtime',
  'data', 'electricity', 'cable-tv', 'funding', 'reward', 'reversal')`;
const PRODUCTS = `('airtime', 'data', 'electricity', 'cable-tv')`;

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql
    .raw(
      `alter table ledger_entries drop constraint ledger_entries_type_check,
       add constraint ledger_entries_type_check check (type in ${ENTRY_TYPES})`,
    )
    .execute(db);
  await sql
    .raw(
      `alter table bill_payments drop constraint bill_payments_product_check,
       add constraint bill_payments_product_check check (product in ${PRODUCTS})`,
    )
    .execute(db);
}

// Narrowing again would fail on the rows a later release wrote: a rollback leaves the checks wide.
export async function down(): Promise<void> {}
