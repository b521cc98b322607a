import { formatKobo } from '@ajo/shared/format';
import { sql, type Kysely } from 'kysely';
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

/** Entry types that send money out of a customer's wallets (SPEC §9 types). */
const OUTGOING_TYPES = ['intra-outward', 'inter-outward', 'airtime', 'data', 'electricity'];

/** Start of today in Lagos (UTC+1) as a timestamptz, on the database's clock. */
const LAGOS_DAY_START = sql<Date>`date_trunc('day', now() + interval '1 hour') - interval '1 hour'`;

type Db = Kysely<Database>;

export async function tierOf(db: Db, userId: string): Promise<KycTier> {
  const row = await db
    .selectFrom('users')
    .select('kyc_tier')
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();
  const tier = row.kyc_tier ?? 2;
  return (tier === 1 || tier === 3 ? tier : 2) as KycTier;
}

/**
 * Locks the customers' rows (in id order, so two opposite transfers never deadlock) for the rest
 * of the caller's transaction: limit checks that read sums stay true until the entry is written.
 */
export async function lockCustomers(trx: Db, userIds: string[]): Promise<void> {
  for (const id of [...new Set(userIds)].sort()) {
    await trx.selectFrom('users').select('id').where('id', '=', id).forUpdate().execute();
  }
}

/** Kobo the customer sent out today (Lagos day) from their own wallets, reversals excluded. */
export async function sentTodayKobo(db: Db, userId: string): Promise<number> {
  const { rows } = await sql<{ total: string | number | null }>`
    select coalesce(-sum(p.amount_kobo), 0) as total
      from ledger_postings p
      join ledger_accounts a on a.id = p.account_id
      join ledger_entries e on e.id = p.entry_id
     where a.owner_user_id = ${userId}
       and a.type = 'customer_wallet'
       and p.amount_kobo < 0
       and e.type in (${sql.join(OUTGOING_TYPES)})
       and e.created_at >= ${LAGOS_DAY_START}
       and not exists (select 1 from ledger_entries r where r.reverses_entry_id = e.id)`.execute(
    db,
  );
  return Number(rows[0]?.total ?? 0);
}

export interface DailyAllowance {
  tier: KycTier;
  dailyLimitKobo: number;
  remainingKobo: number;
  maxBalanceKobo: number | null;
}

export async function dailyAllowance(db: Db, userId: string): Promise<DailyAllowance> {
  const tier = await tierOf(db, userId);
  const limits = TIER_LIMITS[tier];
  const sent = await sentTodayKobo(db, userId);
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
  throw new AppError(
    422,
    `This is above your daily limit. You can send ${formatKobo(allowance.remainingKobo)} more today.`,
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
  const { maxBalanceKobo } = TIER_LIMITS[await tierOf(trx, userId)];
  if (maxBalanceKobo === null) return;
  const row = await trx
    .selectFrom('ledger_accounts')
    .select(sql<string>`coalesce(sum(balance_kobo), 0)`.as('total'))
    .where('owner_user_id', '=', userId)
    .where('type', '=', 'customer_wallet')
    .executeTakeFirstOrThrow();
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
    .select('balance_kobo')
    .where('account_number', '=', walletAccountNumber)
    .where('owner_user_id', '=', userId)
    .executeTakeFirst();
  // The ledger's own refusal and words (src/money/ledger-errors.ts).
  if (wallet && Number(wallet.balance_kobo) < amountKobo)
    throw new AppError(409, 'Insufficient funds.', 'INSUFFICIENT_FUNDS');
  await assertWithinDailyLimit(db, userId, amountKobo);
}
