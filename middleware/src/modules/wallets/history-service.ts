import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { TRANSACTION_TYPES } from '@ajo/shared/constants';
import { createLedger, koboToNaira, type EntryType } from '../../ledger/index.js';
import { narrationsAsSeen } from './counterparty.js';

/** SPEC §2: the mini statement is the latest 20 entries. */
export const MINI_STATEMENT_SIZE = 20;

/** SPEC §3 Transaction as GET /transactions answers it (@ajo/shared transactionSchema). */
export interface TransactionObject {
  transaction_date: string;
  transaction_type: string;
  amount: number;
  narration: string;
  /** The ledger reference, which a complaint about this line names. */
  reference: string;
}

/**
 * The type the history reports for an entry, as this wallet sees it
 * (docs/decisions/014-money-in-is-never-red.md): money in always has a type the web app shows as a
 * credit ('-inward'), named for what it was. Transfers already carry their direction; purchases
 * only ever debit a wallet and are reported as SPEC §9 lists them.
 */
export function historyTransactionType(type: EntryType, amountKobo: number): string {
  const inward = amountKobo > 0;
  switch (type) {
    case 'funding':
      return inward ? TRANSACTION_TYPES.cardTopUpInward : 'card-top-up-outward';
    case 'reward':
      return inward ? TRANSACTION_TYPES.rewardInward : 'reward-outward';
    case 'reversal':
      return inward ? TRANSACTION_TYPES.reversalInward : TRANSACTION_TYPES.reversalOutward;
    default:
      return type;
  }
}

/** The wallet's latest entries from the ledger, newest first; amounts positive in naira. */
export async function miniStatement(
  db: Kysely<Database>,
  walletAccountNumber: string,
): Promise<TransactionObject[]> {
  const entries = await createLedger(db).listEntries(walletAccountNumber, {
    limit: MINI_STATEMENT_SIZE,
  });
  const [notes, narrations] = await Promise.all([
    outboundNotes(
      db,
      entries.map((e) => e.reference),
    ),
    narrationsAsSeen(
      db,
      entries.map((e) => ({ ...e, type: e.transactionType })),
    ),
  ]);
  return entries.map((e, i) => ({
    transaction_date: e.createdAt.toISOString(),
    // The direction is in the type (inward = credit), so the amount is shown without a sign.
    transaction_type: historyTransactionType(e.transactionType, e.amountKobo),
    amount: Number(koboToNaira(Math.abs(e.amountKobo))),
    narration: notes.has(e.reference)
      ? `${narrations[i]} · ${notes.get(e.reference)}`
      : (narrations[i] ?? e.narration),
    reference: e.reference,
  }));
}

/**
 * What the history adds to a payment that left the wallet (docs/domain.md "What customers ask for":
 * honest pending, the token kept): 'pending' while the provider has not answered for sure, and a
 * prepaid vend's token. The ledger entry itself is written before either is known, and never
 * changes.
 */
async function outboundNotes(
  db: Kysely<Database>,
  references: string[],
): Promise<Map<string, string>> {
  const notes = new Map<string, string>();
  if (references.length === 0) return notes;
  const [bills, transfers] = await Promise.all([
    db
      .selectFrom('bill_payments')
      .select(['reference', 'status', 'token'])
      .where('reference', 'in', references)
      .execute(),
    db
      .selectFrom('outbound_transfers')
      .select(['reference', 'status'])
      .where('reference', 'in', references)
      .execute(),
  ]);
  for (const row of [...bills, ...transfers]) {
    if (row.status === 'pending') notes.set(row.reference, 'pending');
  }
  for (const bill of bills) {
    // Shown as the meter takes it: 0000-0000-0000-0000-0000.
    if (bill.token)
      notes.set(bill.reference, `Token ${bill.token.replace(/(\d{4})(?=\d)/g, '$1-')}`);
  }
  return notes;
}
