import { sql, type Kysely, type Selectable } from 'kysely';
import type { Database } from '../db/schema.js';
import type { PreparedEntry } from './apply-entry.js';
import { classifyAccountRef, validateEntryHeader } from './entry-input.js';
import { assertPositiveKobo } from './kobo.js';
import { LedgerError } from './ledger-error.js';
import type { HoldStatus, LedgerHoldsTable } from './tables.js';
import type { AccountRef, EntryResult, EntryType } from './types.js';

/*
 * Authorisation holds (docs/decisions/041-authorisation-holds.md): money reserved on a wallet at
 * once and posted later, or given back. The database keeps the rules (migration 0028-cards): the
 * wallet's held_kobo is the sum of its open holds, every spend is checked against
 * balance - held, and a hold is closed once, by its clearing entry or its release.
 */

/**
 * A clearing may post more than was authorised (a tip added to a restaurant bill, a currency
 * conversion), by at most this share of the hold; the extra is checked against the available
 * balance like any spend. Less than the hold posts less and gives the rest back.
 */
export const CLEARING_TOLERANCE_PERCENT = 20;

export interface Hold {
  id: string;
  reference: string;
  accountId: string;
  amountKobo: number;
  status: HoldStatus;
  expiresAt: Date;
  metadata: Record<string, unknown> | null;
  createdAt: Date;
  closedAt: Date | null;
  clearedEntryId: string | null;
}

export interface PlaceHoldInput {
  /** The wallet (id or 10-digit number). */
  account: AccountRef;
  amountKobo: number;
  /** The caller's idempotency key: the same reference twice reserves once. */
  reference: string;
  /** On the app clock: after it, releaseExpiredHolds gives the money back. */
  expiresAt: Date;
  metadata?: Record<string, unknown>;
}

export interface ClearHoldInput {
  holdReference: string;
  /** The clearing entry's own reference (a retried clearing replays it). */
  reference: string;
  amountKobo: number;
  /** Where the money goes (the card network's settlement account). */
  to: AccountRef;
  type: EntryType;
  narration: string;
  metadata?: Record<string, unknown>;
}

type HoldRow = Selectable<LedgerHoldsTable>;

function toHold(row: HoldRow): Hold {
  return {
    id: row.id,
    reference: row.reference,
    accountId: row.account_id,
    amountKobo: Number(row.amount_kobo),
    status: row.status,
    expiresAt: new Date(row.expires_at),
    metadata: row.metadata,
    createdAt: new Date(row.created_at),
    closedAt: row.closed_at === null ? null : new Date(row.closed_at),
    clearedEntryId: row.cleared_entry_id,
  };
}

export function createHolds(
  db: Kysely<Database>,
  apply: (entry: PreparedEntry) => Promise<EntryResult>,
) {
  async function findHold(reference: string): Promise<Hold | undefined> {
    const row = await db
      .selectFrom('ledger_holds')
      .selectAll()
      .where('reference', '=', reference)
      .executeTakeFirst();
    return row && toHold(row);
  }

  async function getHold(reference: string): Promise<Hold> {
    const hold = await findHold(reference);
    if (!hold) throw new LedgerError('HOLD_NOT_FOUND', 'Authorisation not found.');
    return hold;
  }

  /** The same reference again returns the first hold (replayed), even once it is closed. */
  function replayHold(existing: Hold, accountId: string | null, input: PlaceHoldInput) {
    if (
      existing.amountKobo !== input.amountKobo ||
      (accountId !== null && existing.accountId !== accountId)
    ) {
      throw new LedgerError(
        'REFERENCE_CONFLICT',
        'This reference was already used for a different transaction.',
      );
    }
    return { hold: existing, replayed: true };
  }

  /**
   * Reserves the amount on the wallet at once (its available balance falls, nothing is posted).
   * Refused like a spend: unknown, blocked or closed wallet, or an available balance too small.
   */
  async function placeHold(input: PlaceHoldInput): Promise<{ hold: Hold; replayed: boolean }> {
    const amountKobo = assertPositiveKobo(input.amountKobo);
    validateEntryHeader({ reference: input.reference, type: 'card-payment', narration: '' });
    if (classifyAccountRef(input.account).kind === 'system') {
      throw new LedgerError('ACCOUNT_NOT_FOUND', 'Account not found.');
    }
    const metadata = input.metadata ? JSON.stringify(input.metadata) : null;
    const { rows } = await sql<{
      out_outcome: string;
      out_hold_id: string | null;
      out_account_id: string | null;
    }>`select * from ledger_place_hold(${input.reference}, ${input.account}, ${amountKobo}::bigint,
        ${input.expiresAt}::timestamptz, ${metadata}::jsonb)`.execute(db);
    const row = rows[0];
    if (!row) throw new Error('ledger_place_hold returned no row');
    if (row.out_outcome === 'placed')
      return { hold: await getHold(input.reference), replayed: false };
    // Any refusal: a retry of a call that reserved already gets its first answer back.
    const existing = await findHold(input.reference);
    if (existing) return replayHold(existing, row.out_account_id, { ...input, amountKobo });
    switch (row.out_outcome) {
      case 'account_not_found':
        throw new LedgerError('ACCOUNT_NOT_FOUND', 'Account not found.');
      case 'account_blocked':
        throw new LedgerError('ACCOUNT_BLOCKED', 'This wallet is blocked.');
      case 'account_closed':
        throw new LedgerError('ACCOUNT_CLOSED', 'This wallet is closed.');
      case 'insufficient_funds':
        throw new LedgerError('INSUFFICIENT_FUNDS', 'Insufficient funds.');
      default:
        throw new Error(`Unexpected hold outcome ${row.out_outcome}`);
    }
  }

  /**
   * Posts an open hold: debits its wallet by `amountKobo` (at most the hold plus
   * CLEARING_TOLERANCE_PERCENT) and closes the hold, in one statement. Below the hold, the rest is
   * given back; above it, the extra must fit the available balance.
   */
  async function clearHold(input: ClearHoldInput): Promise<EntryResult> {
    const amountKobo = assertPositiveKobo(input.amountKobo);
    validateEntryHeader(input);
    const hold = await getHold(input.holdReference);
    // Integer arithmetic: 100 * amount <= (100 + tolerance) * hold.
    if (amountKobo * 100 > hold.amountKobo * (100 + CLEARING_TOLERANCE_PERCENT)) {
      throw new LedgerError(
        'CLEARING_ABOVE_HOLD',
        `A clearing may exceed its authorisation by at most ${CLEARING_TOLERANCE_PERCENT}%.`,
      );
    }
    return apply({
      reference: input.reference,
      type: input.type,
      narration: input.narration,
      metadata: { ...input.metadata, holdReference: hold.reference },
      reversesEntryId: null,
      postings: [
        { account: hold.accountId, amountKobo: -amountKobo },
        { account: input.to, amountKobo },
      ],
      allowCreditToBlocked: false,
      clearsHold: hold.reference,
    });
  }

  /** Gives the reserved money back. Releasing a released hold again answers it unchanged. */
  async function releaseHold(reference: string): Promise<Hold> {
    const { rows } = await sql<{ out_outcome: string; out_status: string | null }>`
      select * from ledger_release_hold(${reference})`.execute(db);
    const row = rows[0];
    if (!row) throw new Error('ledger_release_hold returned no row');
    if (row.out_outcome === 'hold_not_found') {
      throw new LedgerError('HOLD_NOT_FOUND', 'Authorisation not found.');
    }
    if (row.out_outcome === 'not_open' && row.out_status === 'cleared') {
      throw new LedgerError('HOLD_CLOSED', 'This authorisation was already cleared.');
    }
    return getHold(reference);
  }

  /**
   * Releases open holds whose window ended by `now` (the app clock), oldest first, at most
   * `limit`; returns how many this call released. Safe on several instances at once: a hold is
   * released once (the second release finds it closed).
   */
  async function releaseExpiredHolds(now: Date, limit = 500): Promise<number> {
    const due = await db
      .selectFrom('ledger_holds')
      .select('reference')
      .where('status', '=', 'open')
      .where('expires_at', '<=', now)
      .orderBy('expires_at')
      .limit(limit)
      .execute();
    let released = 0;
    for (const { reference } of due) {
      const { rows } = await sql<{ out_outcome: string }>`
        select out_outcome from ledger_release_hold(${reference})`.execute(db);
      // A hold cleared or released meanwhile (another instance, a late clearing) is left as is.
      if (rows[0]?.out_outcome === 'released') released++;
    }
    return released;
  }

  /** Open holds of a wallet, newest first. */
  async function listOpenHolds(accountId: string): Promise<Hold[]> {
    const rows = await db
      .selectFrom('ledger_holds')
      .selectAll()
      .where('account_id', '=', accountId)
      .where('status', '=', 'open')
      .orderBy('created_at', 'desc')
      .execute();
    return rows.map(toHold);
  }

  return {
    placeHold,
    clearHold,
    releaseHold,
    findHold,
    getHold,
    releaseExpiredHolds,
    listOpenHolds,
  };
}
