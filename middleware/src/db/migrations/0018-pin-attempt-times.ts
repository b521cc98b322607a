import type { Kysely } from 'kysely';

/*
 * When the transaction-PIN guard last took an attempt slot (src/money/transaction-pin-guard.ts).
 * A slot is taken before the PIN is compared and settled after; a process killed in between leaves
 * it taken. Five such slots with no lock would refuse every later attempt unseen, for ever: with
 * the time, slots left unsettled long after any comparison could take are turned into the lock
 * they would at worst have earned, so the customer waits at most 15 minutes. Expand only (a
 * nullable column older code ignores).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('transaction_pin_attempts')
    .addColumn('counted_at', 'timestamptz')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('transaction_pin_attempts').dropColumn('counted_at').execute();
}
