import { sql, type Kysely } from 'kysely';
import type { FastifyInstance } from 'fastify';
import type { Clock } from '../../clock.js';
import type { Database } from '../../db/schema.js';
import type { Enqueue, JobQueue } from '../../jobs/queue.js';
import { createLedger } from '../../ledger/index.js';
import { lockCustomers } from '../../money/limits.js';
import { ensureSystemAccounts } from '../../money/system-accounts.js';

/*
 * SPEC §4 / §9 referral rewards. Every funding credit of a customer enqueues, in the credit's own
 * transaction, one `referral.reward` job (dedupe key: the credit's ledger reference), so the check
 * exists exactly when the money landed. The job pays in ONE transaction: the referral_rewards row
 * (primary key = the referee, so once per referee however many fundings race) and both ledger
 * entries (references derived from the referee), or nothing at all.
 */

/** SPEC §9: N500 split N250 to the referrer and N250 to the referee. */
export const REFERRER_REWARD_KOBO = 25_000;
export const REFEREE_REWARD_KOBO = 25_000;
/** SPEC §9: the referee funds at least N1000; the referrer keeps at least N1000. */
export const REFEREE_MIN_FUNDING_KOBO = 100_000;
export const REFERRER_MIN_BALANCE_KOBO = 100_000;
/** SPEC §4: the referrer made at least one transaction in the last 3 months. */
export const REFERRER_ACTIVE_MONTHS = 3;

export const REFERRER_REWARD_NARRATION = 'Referral reward';
export const REFEREE_REWARD_NARRATION = 'Referral welcome bonus';

/** Entry types that bring a customer's own money in (card checkout, inbound bank transfer). */
const FUNDING_TYPES = ['funding', 'inter-inward'] as const;

export type RewardOutcome =
  | 'paid'
  | 'already-paid'
  | 'promotion-ended'
  | 'no-referrer'
  | 'referee-not-onboarded'
  | 'referee-underfunded'
  | 'referrer-ineligible';

export interface FundingCredited {
  userId: string;
  /** The credit's ledger reference. */
  reference: string;
  at: Date;
}

/** What a funding path calls inside the transaction that credits the wallet. */
export type OnFunded = (trx: Kysely<Database>, event: FundingCredited) => Promise<void>;

export interface RewardDeps {
  db: Kysely<Database>;
  clock: Clock;
  promotionEndsAt: Date;
  /** Test seam: runs after the referrer's entry, before the referee's (same transaction). */
  afterReferrerPaid?: () => Promise<void>;
}

export const rewardReference = (refereeUserId: string, side: 'referrer' | 'referee') =>
  `referral-reward:${refereeUserId}:${side}`;

function monthsBefore(date: Date, months: number): Date {
  const d = new Date(date.getTime());
  d.setUTCMonth(d.getUTCMonth() - months);
  return d;
}

type Db = Kysely<Database>;

async function commissionWallet(db: Db, userId: string) {
  return db
    .selectFrom('ledger_accounts')
    .select(['account_number', 'status'])
    .where('owner_user_id', '=', userId)
    .where('type', '=', 'commission_wallet')
    .executeTakeFirst();
}

/** Kobo the customer brought into their own wallets by funding, reversed credits excluded. */
async function fundedKobo(db: Db, userId: string): Promise<number> {
  const { rows } = await sql<{ total: string | number | null }>`
    select coalesce(sum(p.amount_kobo), 0) as total
      from ledger_postings p
      join ledger_accounts a on a.id = p.account_id
      join ledger_entries e on e.id = p.entry_id
     where a.owner_user_id = ${userId}
       and a.type = 'customer_wallet'
       and p.amount_kobo > 0
       and e.type in (${sql.join(FUNDING_TYPES)})
       and not exists (select 1 from ledger_entries r where r.reverses_entry_id = e.id)`.execute(
    db,
  );
  return Number(rows[0]?.total ?? 0);
}

/** The balance of the referrer's own (non-commission) wallets. */
async function walletBalanceKobo(db: Db, userId: string): Promise<number> {
  const { rows } = await sql<{ total: string | number | null }>`
    select coalesce(sum(balance_kobo), 0) as total from ledger_accounts
     where owner_user_id = ${userId} and type = 'customer_wallet' and status = 'active'`.execute(
    db,
  );
  return Number(rows[0]?.total ?? 0);
}

/** Any movement on the user's wallets since `since`, the programme's own rewards not counted. */
async function transactedSince(db: Db, userId: string, since: Date): Promise<boolean> {
  const { rows } = await sql<{ one: number }>`
    select 1 as one
      from ledger_postings p
      join ledger_accounts a on a.id = p.account_id
      join ledger_entries e on e.id = p.entry_id
     where a.owner_user_id = ${userId}
       and e.type <> 'reward'
       and e.created_at >= ${since}
     limit 1`.execute(db);
  return rows.length > 0;
}

export class ReferralRewards {
  constructor(private readonly deps: RewardDeps) {}

  /**
   * Pays the referee's reward if every SPEC §9 condition holds now, else nothing (a later funding
   * of the referee asks again). Safe to run any number of times, concurrently.
   */
  async settle(input: {
    refereeUserId: string;
    fundingReference: string;
    fundedAt: Date;
  }): Promise<RewardOutcome> {
    const { db, clock, promotionEndsAt } = this.deps;
    if (input.fundedAt.getTime() >= promotionEndsAt.getTime()) return 'promotion-ended';
    await ensureSystemAccounts(db);
    return db.transaction().execute(async (trx) => {
      const referee = await trx
        .selectFrom('users')
        .select(['id', 'referrer_code', 'is_verified'])
        .where('id', '=', input.refereeUserId)
        .executeTakeFirst();
      if (!referee?.referrer_code) return 'no-referrer';
      const referrer = await trx
        .selectFrom('users')
        .select('id')
        .where('referral_code', '=', referee.referrer_code)
        .executeTakeFirst();
      if (!referrer || referrer.id === referee.id) return 'no-referrer';
      // Both customers, in id order like every money path (src/money/limits.ts): the referee's
      // concurrent reward checks wait here, and the referrer's balance cannot move under the check.
      await lockCustomers(trx, [referee.id, referrer.id]);
      const paid = await trx
        .selectFrom('referral_rewards')
        .select('referee_user_id')
        .where('referee_user_id', '=', referee.id)
        .executeTakeFirst();
      if (paid) return 'already-paid';

      const refereeCommission = await commissionWallet(trx, referee.id);
      if (!referee.is_verified || refereeCommission?.status !== 'active') {
        return 'referee-not-onboarded';
      }
      if ((await fundedKobo(trx, referee.id)) < REFEREE_MIN_FUNDING_KOBO)
        return 'referee-underfunded';
      const now = clock.now();
      const referrerCommission = await commissionWallet(trx, referrer.id);
      if (
        referrerCommission?.status !== 'active' ||
        (await walletBalanceKobo(trx, referrer.id)) < REFERRER_MIN_BALANCE_KOBO ||
        !(await transactedSince(trx, referrer.id, monthsBefore(now, REFERRER_ACTIVE_MONTHS)))
      ) {
        return 'referrer-ineligible';
      }

      await trx
        .insertInto('referral_rewards')
        .values({
          referee_user_id: referee.id,
          referrer_user_id: referrer.id,
          referrer_amount_kobo: REFERRER_REWARD_KOBO,
          referee_amount_kobo: REFEREE_REWARD_KOBO,
          funding_reference: input.fundingReference,
          paid_at: now,
        })
        .execute();
      const ledger = createLedger(trx);
      const metadata = { referee_user_id: referee.id, referrer_user_id: referrer.id };
      await ledger.transfer({
        from: 'referral_programme',
        to: referrerCommission.account_number ?? '',
        amountKobo: REFERRER_REWARD_KOBO,
        reference: rewardReference(referee.id, 'referrer'),
        type: 'reward',
        narration: REFERRER_REWARD_NARRATION,
        metadata,
      });
      await this.deps.afterReferrerPaid?.();
      await ledger.transfer({
        from: 'referral_programme',
        to: refereeCommission.account_number ?? '',
        amountKobo: REFEREE_REWARD_KOBO,
        reference: rewardReference(referee.id, 'referee'),
        type: 'reward',
        narration: REFEREE_REWARD_NARRATION,
        metadata,
      });
      return 'paid';
    });
  }
}

interface RewardJob {
  refereeUserId: string;
  fundingReference: string;
  fundedAt: string;
}

// Keyed by the queue, which every (encapsulated) child instance of the app shares.
const enqueuers = new WeakMap<JobQueue, Enqueue<RewardJob>>();

/** Defines `referral.reward` (src/app.ts moduleJobs). */
export function registerReferralJobs(app: FastifyInstance, deps: Partial<RewardDeps> = {}): void {
  const rewards = new ReferralRewards({
    db: app.db,
    clock: app.clock,
    promotionEndsAt: app.config.referrals.promotionEndsAt,
    ...deps,
  });
  const enqueue = app.jobs.define<RewardJob>({
    kind: 'referral.reward',
    maxAttempts: 8,
    async handle(job, ctx) {
      const outcome = await rewards.settle({
        refereeUserId: job.refereeUserId,
        fundingReference: job.fundingReference,
        fundedAt: new Date(job.fundedAt),
      });
      ctx.log.info({ refereeUserId: job.refereeUserId, outcome }, 'referral reward checked');
    },
  });
  enqueuers.set(app.jobs, enqueue);
}

/**
 * The hook funding paths call with their own transaction: the reward check is queued exactly when
 * the credit commits. A customer with no referrer costs one quick job, not a second query here.
 */
export function referralFundingHook(app: FastifyInstance): OnFunded {
  return async (trx, event) => {
    const enqueue = enqueuers.get(app.jobs);
    if (!enqueue) throw new Error('registerReferralJobs must run before the funding routes');
    await enqueue(
      {
        refereeUserId: event.userId,
        fundingReference: event.reference,
        fundedAt: event.at.toISOString(),
      },
      { trx, dedupeKey: event.reference },
    );
  };
}
