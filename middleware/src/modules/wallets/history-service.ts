import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { createLedger, koboToNaira } from '../../ledger/index.js';

/** SPEC §2: the mini statement is the latest 20 entries. */
export const MINI_STATEMENT_SIZE = 20;

/** SPEC §3 Transaction as GET /transactions answers it (@ajo/shared transactionSchema). */
export interface TransactionObject {
  transaction_date: string;
  transaction_type: string;
  amount: number;
  narration: string;
}

/** The wallet's latest entries from the ledger, newest first; amounts positive in naira. */
export async function miniStatement(
  db: Kysely<Database>,
  walletAccountNumber: string,
): Promise<TransactionObject[]> {
  const entries = await createLedger(db).listEntries(walletAccountNumber, {
    limit: MINI_STATEMENT_SIZE,
  });
  return entries.map((e) => ({
    transaction_date: e.createdAt.toISOString(),
    // The direction is in the type (inward = credit), so the amount is shown without a sign.
    transaction_type: e.transactionType,
    amount: Number(koboToNaira(Math.abs(e.amountKobo))),
    narration: e.narration,
  }));
}
