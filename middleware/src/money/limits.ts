import { formatKobo } from '@ajo/shared/format';
import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { Database } from '../db/schema.js';
import { AppError } from '../errors.js';

/*
 * The CBN tier limits of mobile wallets (docs/domain.md "KYC tiers"), enforced on the server before
 * any money moves. A customer's tier is users.kyc_tier; null is tier 2, the tier activation gives
 * (BVN or NIN with a face photo). Day boundaries are Lagos days (UTC+1, no daylight saving) on the
 * database's clock, the clock the ledger stamps its entries with.
 */
export type KycTier = 1 | 2 | 3;

export interface TierLimits {
  dailyDebitKobo: number;
  /** Null: no maximum balance (tier 3). */
  maxBalanceKobo: number | null;
}

export const TIER_LIMITS: Record<KycTier, TierLimits> = {
  1: { dailyDebitKobo: 5_000_000, maxBalanceKobo: 30_000_000 },
  2: { dailyDebitKobo: 20_000_000, maxBalanceKobo: 50_000_000 },
  3: { dailyDebitKobo: 500_000_000, maxBalanceKobo: null },
};

/** Entry types that send money out of a customer's wallets (SPEC §9 types, and the card's). */
const OUTGOING_TYPES = [
  'intra-outward',
  'inter-outward',
  'airtime',
  'data',
  'electricity',
  'cable-tv',
  'card-payment',
  'card-issuance',
];

/** Start of today in Lagos (UTC+1) as a timestamptz, on the database's clock. */
const LAGOS_DAY_START = sql<Date>`date_trunc('day', now() + interval '1 hour') - interval '1 hour'`;

type Db = Kysely<Database>;

/** users.kyc_tier as a tier: null (and anything unknown) is tier 2. */
function asTier(kycTier: number | null | undefined): KycTier {
  const tier = kycTier ?? 2;
  return (tier === 1 || tier === 3 ? tier : 2) as KycTier;
}

export async function tierOf(db: Db, userId: string): Promise<KycTier> {
  const row = await db
    .selectFrom('users')
    .select('kyc_tier')
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();
  return asTier(row.kyc_tier);
}

/**
 * Locks the customers' rows (in id order, so two opposite transfers never deadlock) for the rest
 * of the caller's transaction: limit checks that read sums stay true until the entry is written.
 * One statement: PostgreSQL locks the rows as they leave the sort (its LockRows step runs above
 * the ORDER BY), so they are taken in id order, as one statement per row took them
 * (docs/decisions/032-money-calls-in-fewer-round-trips.md).
 * FOR NO KEY UPDATE, not FOR UPDATE: money calls still wait for each other, but a row written
 * elsewhere that points at the customer (an alert, a claim; its foreign key check takes FOR KEY
 * SHARE) neither waits for a money call nor makes one wait, so those writers, locking customers
 * in their own order, cannot deadlock with it (docs/decisions/037-money-locks-leave-foreign-keys-alone.md).
 */
export async function lockCustomers(trx: Db, userIds: string[]): Promise<void> {
  const ids = [...new Set(userIds)];
  if (ids.length === 0) return;
  await trx
    .selectFrom('users')
    .select('id')
    .where('id', 'in', ids)
    .orderBy('id')
    .forNoKeyUpdate()
    .execute();
}

/**
 * The SQL of the kobo the customer sent out today (Lagos day), reversals excluded, reserved money
 * included: a card authorisation counts on the day it reserved the money (its hold, open or
 * since cleared), and the entry that later clears it is not counted again; a released hold gave
 * the money back and counts no more (docs/decisions/041-authorisation-holds.md).
 */
function sentTodaySql(userId: string) {
  return sql<string | number | null>`(
    (select coalesce(-sum(p.amount_kobo), 0)
      from ledger_postings p
      join ledger_accounts a on a.id = p.account_id
      join ledger_entries e on e.id = p.entry_id
     where a.owner_user_id = ${userId}
       and a.type = 'customer_wallet'
       and p.amount_kobo < 0
       and e.type in (${sql.join(OUTGOING_TYPES)})
       and e.created_at >= ${LAGOS_DAY_START}
       and not exists (select 1 from ledger_entries r where r.reverses_entry_id = e.id)
       and not exists (select 1 from ledger_holds c where c.cleared_entry_id = e.id))
    + (select coalesce(sum(h.amount_kobo), 0)
      from ledger_holds h
      join ledger_accounts a on a.id = h.account_id
     where a.owner_user_id = ${userId}
       and a.type = 'customer_wallet'
       and h.status in ('open', 'cleared')
       and h.created_at >= ${LAGOS_DAY_START}))`;
}

/** Kobo the customer sent out today (Lagos day) from their own wallets, reversals excluded. */
export async function sentTodayKobo(db: Db, userId: string): Promise<number> {
  const { rows } = await sql<{ total: string | number | null }>`
    select ${sentTodaySql(userId)} as total`.execute(db);
  return Number(rows[0]?.total ?? 0);
}

export interface DailyAllowance {
  tier: KycTier;
  dailyLimitKobo: number;
  remainingKobo: number;
  maxBalanceKobo: number | null;
}

/** The tier and the day's sum are read in one statement (one snapshot, one round trip). */
export async function dailyAllowance(db: Db, userId: string): Promise<DailyAllowance> {
  const row = await db
    .selectFrom('users')
    .select(['kyc_tier', sentTodaySql(userId).as('sent')])
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();
  const tier = asTier(row.kyc_tier);
  const limits = TIER_LIMITS[tier];
  const sent = Number(row.sent ?? 0);
  return {
    tier,
    dailyLimitKobo: limits.dailyDebitKobo,
    remainingKobo: Math.max(0, limits.dailyDebitKobo - sent),
    maxBalanceKobo: limits.maxBalanceKobo,
  };
}

/**
 * Refuses (422) a debit that would take the customer past their tier's daily limit. Call inside
 * the transaction that writes the entry, after lockCustomers.
 */
export async function assertWithinDailyLimit(
  trx: Db,
  userId: string,
  amountKobo: number,
): Promise<void> {
  const allowance = await dailyAllowance(trx, userId);
  if (amountKobo <= allowance.remainingKobo) return;
  throw dailyLimitRefusal(allowance.remainingKobo);
}

/**
 * assertWithinDailyLimit for a call that may have been applied already: `applied` (SQL, e.g. "its
 * row exists") is read in the same statement as the allowance, one round trip instead of two
 * (docs/decisions/032-money-calls-in-fewer-round-trips.md). True when applied: nothing is checked
 * (the limit counted it the first time). Call inside the transaction, after lockCustomers.
 */
export async function assertWithinDailyLimitUnlessApplied(
  trx: Db,
  userId: string,
  amountKobo: number,
  applied: RawBuilder<boolean>,
): Promise<boolean> {
  const row = await trx
    .selectFrom('users')
    .select(['kyc_tier', sentTodaySql(userId).as('sent'), applied.as('applied')])
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();
  if (row.applied) return true;
  const daily = TIER_LIMITS[asTier(row.kyc_tier)].dailyDebitKobo;
  const remaining = Math.max(0, daily - Number(row.sent ?? 0));
  if (amountKobo > remaining) throw dailyLimitRefusal(remaining);
  return false;
}

function dailyLimitRefusal(remainingKobo: number): AppError {
  return new AppError(
    422,
    `This is above your daily limit. You can send ${formatKobo(remainingKobo)} more today.`,
    'DAILY_LIMIT',
  );
}

/**
 * Refuses (422) a credit that would take the receiver's wallets past their tier's maximum
 * balance. Call inside the transaction that writes the entry, after lockCustomers.
 */
export const MAX_BALANCE_MESSAGES = {
  receiver:
    "The receiver's wallet cannot hold this amount (maximum balance for their account level). Send a smaller amount.",
  own: 'Your wallet cannot hold this amount (maximum balance for your account level). Fund a smaller amount.',
} as const;

export async function assertWithinMaxBalance(
  trx: Db,
  userId: string,
  creditKobo: number,
  whose: keyof typeof MAX_BALANCE_MESSAGES = 'receiver',
): Promise<void> {
  // The tier and the wallets' balance in one statement (docs/decisions/032-...).
  const row = await trx
    .selectFrom('users')
    .select([
      'kyc_tier',
      sql<string>`(select coalesce(sum(balance_kobo), 0) from ledger_accounts
        where owner_user_id = ${userId} and type = 'customer_wallet')`.as('total'),
    ])
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();
  const { maxBalanceKobo } = TIER_LIMITS[asTier(row.kyc_tier)];
  if (maxBalanceKobo === null) return;
  if (Number(row.total) + creditKobo <= maxBalanceKobo) return;
  throw new AppError(422, MAX_BALANCE_MESSAGES[whose], 'MAX_BALANCE');
}

/**
 * Whether a debit could succeed now, read without locks: for refusing a call that cannot succeed
 * before it costs the customer a step-up SMS (an OTP for a payment that would then be refused).
 * The call's own transaction checks again on locked rows; this only answers early.
 */
export async function assertCouldPay(
  db: Db,
  userId: string,
  walletAccountNumber: string,
  amountKobo: number,
): Promise<void> {
  const wallet = await db
    .selectFrom('ledger_accounts')
    .select(['balance_kobo', 'held_kobo'])
    .where('account_number', '=', walletAccountNumber)
    .where('owner_user_id', '=', userId)
    .executeTakeFirst();
  // The ledger's own refusal and words (src/money/ledger-errors.ts), on the available balance:
  // reserved money cannot be spent (docs/decisions/041-authorisation-holds.md).
  if (wallet && Number(wallet.balance_kobo) - Number(wallet.held_kobo) < amountKobo)
    throw new AppError(409, 'Insufficient funds.', 'INSUFFICIENT_FUNDS');
  await assertWithinDailyLimit(db, userId, amountKobo);
}

/**
 * The checks of a transfer between two customers' wallets, after lockCustomers, in one statement
 * (docs/decisions/032-money-calls-in-fewer-round-trips.md): whether the ledger already holds the
 * entry `reference` (a re-run replays it, and the limits already counted it: nothing is checked),
 * then the sender's daily limit (assertWithinDailyLimit) and, when the receiver is someone else,
 * the receiver's maximum balance (assertWithinMaxBalance), with their words. The same reads as
 * those three, taken in one snapshot after the locks instead of three.
 */
export async function assertTransferWithinLimits(
  trx: Db,
  input: { reference: string; senderId: string; receiverId: string; amountKobo: number },
): Promise<void> {
  const { rows } = await sql<{
    applied: boolean;
    sender_tier: number | null;
    sent: string | number | null;
    receiver_tier: number | null;
    receiver_balance: string | number | null;
  }>`
    select
      exists (select 1 from ledger_entries where reference = ${input.reference}) as applied,
      s.kyc_tier as sender_tier,
      ${sentTodaySql(input.senderId)} as sent,
      r.kyc_tier as receiver_tier,
      (select coalesce(sum(balance_kobo), 0) from ledger_accounts
        where owner_user_id = r.id and type = 'customer_wallet') as receiver_balance
    from users s join users r on r.id = ${input.receiverId}
    where s.id = ${input.senderId}`.execute(trx);
  const row = rows[0];
  if (!row) throw new Error('assertTransferWithinLimits: no such customer');
  if (row.applied) return;
  const remaining = Math.max(
    0,
    TIER_LIMITS[asTier(row.sender_tier)].dailyDebitKobo - Number(row.sent ?? 0),
  );
  if (input.amountKobo > remaining) throw dailyLimitRefusal(remaining);
  if (input.receiverId === input.senderId) return;
  const { maxBalanceKobo } = TIER_LIMITS[asTier(row.receiver_tier)];
  if (maxBalanceKobo === null) return;
  if (Number(row.receiver_balance ?? 0) + input.amountKobo <= maxBalanceKobo) return;
  throw new AppError(422, MAX_BALANCE_MESSAGES.receiver, 'MAX_BALANCE');
}
