import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import type { CardDeliveryStatus } from '../../db/schema.js';

/*
 * The sandbox card bureau (printing and delivery of physical cards): a card moves one step,
 * requested → printed → dispatched → delivered, once it has stayed BUREAU_STEP_SECONDS in its
 * step, by the app clock. The job runs every few minutes on one instance; `POST
 * /api/sandbox/jobs/run-now {"kind":"cards.bureau"}` runs it now (a step still needs its time).
 */
export const CARD_BUREAU_JOB = 'cards.bureau';
export const CARD_BUREAU_EVERY_SECONDS = 300;
/** How long a card stays in each step at the sandbox bureau (a working day, shortened). */
export const BUREAU_STEP_SECONDS = 3600;

const NEXT: Record<Exclude<CardDeliveryStatus, 'delivered'>, CardDeliveryStatus> = {
  requested: 'printed',
  printed: 'dispatched',
  dispatched: 'delivered',
};

export function registerCardBureauJobs(app: FastifyInstance): void {
  app.jobs.define({
    kind: CARD_BUREAU_JOB,
    async handle(_payload, ctx) {
      const now = ctx.now();
      const due = new Date(now.getTime() - BUREAU_STEP_SECONDS * 1000);
      // One statement per step, latest step first, so a card moves one step per run.
      for (const from of ['dispatched', 'printed', 'requested'] as const) {
        await app.db
          .updateTable('cards')
          .set({ delivery_status: NEXT[from], delivery_updated_at: now })
          .where('kind', '=', 'physical')
          .where('delivery_status', '=', from)
          .where('delivery_updated_at', '<=', due)
          // A card reported lost before it arrived is not delivered any further.
          .where('status', '!=', sql.lit('reported'))
          .execute();
      }
    },
  });
  app.jobs.every(CARD_BUREAU_JOB, CARD_BUREAU_EVERY_SECONDS);
}
