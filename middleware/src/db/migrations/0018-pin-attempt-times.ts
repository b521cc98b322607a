import type { Kysely } from 'kysely';

/*
 * The transaction-PIN guard (src/money/transaction-pin-guard.ts) takes an attempt slot before the
 * PIN is compared and settles it after. `in_flight` counts the slots taken and not yet settled
 * (apart from the wrong PINs in `failures`), `counted_at` when the last one was taken: a process
 * killed mid-comparison leaves its slots unsettled, and once no slot has been taken for far
 * longer than a comparison lasts they are given back (never compared, so they told nobody
 * anything). Without this, five such slots refused the customer's every money call for ever.
 * Expand only: older code inserts without these columns and the default applies.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('transaction_pin_attempts')
    .addColumn('in_flight', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable('transaction_pin_attempts')
    .addColumn('counted_at', 'timestamptz')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('transaction_pin_attempts').dropColumn('counted_at').execute();
  await db.schema.alterTable('transaction_pin_attempts').dropColumn('in_flight').execute();
}
