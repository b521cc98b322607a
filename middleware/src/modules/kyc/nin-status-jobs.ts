import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { Enqueue, JobQueue } from '../../jobs/queue.js';
import type { IdentityProvider } from '../../providers/identity/index.js';

/** How long a submitted NIN waits in 'processing' before the provider is asked (NIN_JOB_INTERVAL). */
export const DEFAULT_NIN_JOB_INTERVAL_SECONDS = 15;

export const NIN_START = 'nin.start';
export const NIN_DECIDE = 'nin.decide';
export const NIN_RECONCILE = 'nin.reconcile';
const RECONCILE_EVERY_SECONDS = 300;
const RECONCILE_BATCH = 100;

export interface NinJobPayload {
  userId: string;
  nin: string;
}

/** Queues the check of a just-submitted NIN; pass the transaction that stored it. */
export async function queueNinCheck(
  jobs: Pick<JobQueue, 'enqueue'>,
  trx: Kysely<Database>,
  payload: NinJobPayload,
): Promise<void> {
  await jobs.enqueue(NIN_START, payload, { trx });
}

/**
 * SPEC §4: a NIN submitted from the dashboard moves pending → processing → approved or declined,
 * the outcome from the identity provider. Two jobs per submission: 'nin.start' (pending →
 * processing, queued in the transaction that stored the NIN) and 'nin.decide' (the provider call,
 * NIN_JOB_INTERVAL later). Both only act while the user still has that NIN in the expected status,
 * so a repeat (a retry, or an instance dying after the update) changes nothing. 'nin.reconcile'
 * re-queues NINs left without a job: submitted through a release that had no queue during a rolling
 * deploy, or whose decide job died while the provider was down.
 */
export function registerNinStatusJobs(
  jobs: JobQueue,
  deps: { db: Kysely<Database>; identity: IdentityProvider; intervalSeconds?: number },
): void {
  const { db, identity } = deps;
  const interval = deps.intervalSeconds ?? DEFAULT_NIN_JOB_INTERVAL_SECONDS;

  const decide: Enqueue<NinJobPayload> = jobs.define<NinJobPayload>({
    kind: NIN_DECIDE,
    async handle({ userId, nin }, ctx) {
      const user = await db
        .selectFrom('users')
        .select('nin_verification_status')
        .where('id', '=', userId)
        .where('nin', '=', nin)
        .executeTakeFirst();
      if (user?.nin_verification_status !== 'processing') return;
      const outcome = await identity.checkNin(nin);
      await db
        .updateTable('users')
        .set({ nin_verification_status: outcome, updated_at: ctx.now() })
        .where('id', '=', userId)
        .where('nin', '=', nin)
        .where('nin_verification_status', '=', 'processing')
        .execute();
    },
  });

  const start: Enqueue<NinJobPayload> = jobs.define<NinJobPayload>({
    kind: NIN_START,
    async handle(payload, ctx) {
      await db.transaction().execute(async (trx) => {
        const moved = await trx
          .updateTable('users')
          .set({ nin_verification_status: 'processing', updated_at: ctx.now() })
          .where('id', '=', payload.userId)
          .where('nin', '=', payload.nin)
          .where('nin_verification_status', '=', 'pending')
          .returning('id')
          .executeTakeFirst();
        // Already processing: an earlier attempt committed and then lost its lease; the dedupe key
        // makes sure its decide job exists once.
        const current = moved
          ? 'processing'
          : (
              await trx
                .selectFrom('users')
                .select('nin_verification_status')
                .where('id', '=', payload.userId)
                .where('nin', '=', payload.nin)
                .executeTakeFirst()
            )?.nin_verification_status;
        if (current !== 'processing') return;
        await decide(payload, { trx, delaySeconds: interval, dedupeKey: `after:${ctx.id}` });
      });
    },
  });

  jobs.define({
    kind: NIN_RECONCILE,
    async handle(_payload, ctx) {
      const quietSince = new Date(ctx.now().getTime() - (2 * interval + 600) * 1000);
      const stranded = await db
        .selectFrom('users')
        .select(['id', 'nin', 'nin_verification_status'])
        .where('nin_verification_status', 'in', ['pending', 'processing'])
        .where('nin', 'is not', null)
        .where('updated_at', '<', quietSince)
        .where(({ not, exists, selectFrom }) =>
          not(
            exists(
              selectFrom('jobs')
                .select('jobs.id')
                .where('jobs.kind', 'in', [NIN_START, NIN_DECIDE])
                .where('jobs.state', 'in', ['queued', 'running', 'failed'])
                .where(sql<string>`jobs.payload->>'userId'`, '=', sql<string>`users.id::text`),
            ),
          ),
        )
        .limit(RECONCILE_BATCH)
        .execute();
      for (const row of stranded) {
        const payload = { userId: row.id, nin: row.nin as string };
        await (row.nin_verification_status === 'pending' ? start : decide)(payload);
      }
      if (stranded.length > 0) ctx.log.warn({ count: stranded.length }, 'NIN checks re-queued');
    },
  });
  jobs.every(NIN_RECONCILE, RECONCILE_EVERY_SECONDS);
}
