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
    // A merchant's refund, or a card payment that was not the customer's (SPEC §4), is money in.
    case 'card-refund':
      return inward ? 'card-refund-inward' : 'card-refund-outward';
    default:
      return type;
  }
}

/** The wallet's latest entries from the ledger, newest first; amounts positive in naira. */
export async function miniStatement(
  db: Kysely<Database>,
  walletAccountNumber: string,
): Promise<TransactionObject[]> {
  const ledger = createLedger(db);
  const entries = await ledger.listEntries(walletAccountNumber, {
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
  const posted = entries.map((e, i) => ({
    transaction_date: e.createdAt.toISOString(),
    // The direction is in the type (inward = credit), so the amount is shown without a sign.
    transaction_type: historyTransactionType(e.transactionType, e.amountKobo),
    amount: Number(koboToNaira(Math.abs(e.amountKobo))),
    narration: notes.has(e.reference)
      ? `${narrations[i]} · ${notes.get(e.reference)}`
      : (narrations[i] ?? e.narration),
    reference: e.reference,
  }));
  const reserved = await authorisedCardPayments(db, walletAccountNumber);
  return [...reserved, ...posted]
    .sort((a, b) => b.transaction_date.localeCompare(a.transaction_date))
    .slice(0, MINI_STATEMENT_SIZE);
}

/**
 * Card authorisations still holding money (docs/decisions/041-authorisation-holds.md): not in
 * the ledger's entries yet, but the customer must see where the reserved money went. Shown as
 * 'authorised (money reserved)' until the clearing posts them (then the entry says 'posted').
 */
async function authorisedCardPayments(
  db: Kysely<Database>,
  walletAccountNumber: string,
): Promise<TransactionObject[]> {
  const holds = await db
    .selectFrom('ledger_holds as h')
    .innerJoin('ledger_accounts as a', 'a.id', 'h.account_id')
    .select(['h.reference', 'h.amount_kobo', 'h.created_at', 'h.metadata'])
    .where('a.account_number', '=', walletAccountNumber)
    .where('h.status', '=', 'open')
    .orderBy('h.created_at', 'desc')
    .limit(MINI_STATEMENT_SIZE)
    .execute();
  return holds.map((h) => {
    const merchant = (h.metadata as { merchant?: unknown } | null)?.merchant;
    return {
      transaction_date: new Date(h.created_at).toISOString(),
      transaction_type: 'card-payment',
      amount: Number(koboToNaira(Number(h.amount_kobo))),
      narration: `Card payment: ${typeof merchant === 'string' ? merchant : 'card'} · ${CARD_STATE_NOTES.authorised}`,
      reference: h.reference,
    };
  });
}

/** The card transaction states the history shows (authorised, posted, reversed). */
export const CARD_STATE_NOTES = {
  authorised: 'authorised (money reserved)',
  posted: 'posted',
  reversed: 'reversed',
} as const;

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
  // Card payments: a clearing is posted; one later refunded by a reversal says so (its refund
  // is its own line, money in).
  for (const reference of references) {
    if (reference.startsWith('card-clear-')) notes.set(reference, CARD_STATE_NOTES.posted);
    if (reference.startsWith('card-refund-')) notes.set(reference, CARD_STATE_NOTES.reversed);
  }
  for (const bill of bills) {
    // Shown as the meter takes it: 0000-0000-0000-0000-0000.
    if (bill.token)
      notes.set(bill.reference, `Token ${bill.token.replace(/(\d{4})(?=\d)/g, '$1-')}`);
  }
  return notes;
}
