import { sql, type Kysely } from 'kysely';
import { applyEntryFunction } from './0002-ledger.js';

/*
 * The ledger locks the accounts of an entry FOR NO KEY UPDATE instead of FOR UPDATE. An alert
 * written for a posting checks its foreign key to the account with FOR KEY SHARE, which FOR UPDATE
 * blocks and FOR NO KEY UPDATE does not: the alerts derivation, inserting for many accounts in
 * posting order, deadlocked with money calls locking in id order. Money calls still wait for each
 * other (docs/decisions/037-money-locks-leave-foreign-keys-alone.md).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql.raw(applyEntryFunction('for no key update', true)).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql.raw(applyEntryFunction('for update', true)).execute(db);
}
