import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import { createLedger } from '../ledger/index.js';

const ready = new WeakMap<Kysely<Database>, Promise<void>>();

/**
 * Money paths use the ledger's system accounts (bank settlement, card clearing, outbound holding);
 * nothing opens them at start yet, so the first money call does (idempotent, once per database
 * handle).
 */
export function ensureSystemAccounts(db: Kysely<Database>): Promise<void> {
  let pending = ready.get(db);
  if (!pending) {
    pending = createLedger(db)
      .ensureSystemAccounts()
      .then(() => undefined);
    pending.catch(() => ready.delete(db));
    ready.set(db, pending);
  }
  return pending;
}
