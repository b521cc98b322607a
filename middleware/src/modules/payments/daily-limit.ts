import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { AppError } from '../../errors.js';
import { koboToNaira } from '../../ledger/index.js';

/*
 * The CBN daily cumulative limit of a customer's KYC tier (DOMAIN.md "KYC tiers"). Written here
 * for the bill payments; the transfers use the same rule, and the two meet in one money helper.
 */

/** DOMAIN.md "KYC tiers": daily cumulative limit per tier, in kobo. */
export const DAILY_LIMIT_KOBO: Readonly<Record<1 | 2 | 3, number>> = {
  1: 50_000_00,
  2: 200_000_00,
  3: 5_000_000_00,
};

/** A customer whose tier was never set has BVN or NIN and a face photo: tier 2 (migration 0012). */
const DEFAULT_TIER = 2;

const naira = (kobo: number) =>
  `₦${Number(koboToNaira(kobo)).toLocaleString('en-NG', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

export function dailyLimitMessage(limitKobo: number, remainingKobo: number): string {
  return `This would take you over your daily limit of ${naira(limitKobo)}. You can spend ${naira(Math.max(0, remainingKobo))} more today.`;
}

/**
 * Refuses (422) a debit of `amountKobo` that would take the user's spending today past their
 * tier's limit. "Today" is the calendar day in Lagos (UTC+1 all year, no daylight saving) by the
 * database's clock; spending is every debit of the user's customer wallets today, except those
 * reversed since (a failed vend or transfer gives the allowance back).
 *
 * Call it inside the transaction that writes the debit: it locks the user's row first, so two
 * debits of one user are counted one after the other and cannot both slip under the limit.
 */
export async function assertWithinDailyLimit(
  trx: Kysely<Database>,
  userId: string,
  amountKobo: number,
): Promise<void> {
  const user = await trx
    .selectFrom('users')
    .select('kyc_tier')
    .where('id', '=', userId)
    .forUpdate()
    .executeTakeFirstOrThrow();
  const tier = (user.kyc_tier ?? DEFAULT_TIER) as 1 | 2 | 3;
  const limitKobo = DAILY_LIMIT_KOBO[tier];
  const spentKobo = await spentTodayKobo(trx, userId);
  if (spentKobo + amountKobo > limitKobo) {
    throw new AppError(422, dailyLimitMessage(limitKobo, limitKobo - spentKobo), 'DAILY_LIMIT');
  }
}

/** Kobo debited today (Lagos day) from the user's customer wallets and not reversed. */
export async function spentTodayKobo(db: Kysely<Database>, userId: string): Promise<number> {
  const { rows } = await sql<{ spent: string | number | null }>`
    select coalesce(-sum(p.amount_kobo), 0) as spent
    from ledger_postings p
    join ledger_accounts a on a.id = p.account_id
    join ledger_entries e on e.id = p.entry_id
    where a.owner_user_id = ${userId}
      and a.type = 'customer_wallet'
      and p.amount_kobo < 0
      and e.type <> 'reversal'
      and e.created_at >= (date_trunc('day', (now() at time zone 'UTC') + interval '1 hour')
                           - interval '1 hour') at time zone 'UTC'
      and not exists (select 1 from ledger_entries r where r.reverses_entry_id = e.id)
  `.execute(db);
  return Number(rows[0]?.spent ?? 0);
}
