import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import type { SecretHasher } from '../security/secrets.js';

/**
 * After a right transaction PIN: a record in an older form (an scrypt hash from before the PIN
 * verifier, or a record under a key version the verifier no longer signs with) is written again
 * as a record under the current key (docs/decisions/030-transaction-pins-checked-by-a-keyed-verifier.md).
 * Only if the stored record is still the one that matched: a PIN changed meanwhile stays changed.
 * Best effort: the PIN was right and the money call goes on; a failed upgrade is tried again at
 * the next right entry, and the old record keeps verifying until then.
 */
export async function upgradeTransactionPin(
  deps: { db: Kysely<Database>; secrets: SecretHasher },
  userId: string,
  pin: string,
  matched: string,
): Promise<boolean> {
  if (!deps.secrets.transactionPinNeedsUpgrade(matched)) return false;
  try {
    const record = await deps.secrets.hashTransactionPin(pin, userId);
    const updated = await deps.db
      .updateTable('users')
      .set({ transaction_pin_hash: record })
      .where('id', '=', userId)
      .where('transaction_pin_hash', '=', matched)
      .executeTakeFirst();
    return Number(updated.numUpdatedRows) === 1;
  } catch {
    return false;
  }
}
