import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { z } from 'zod/mini';
import type { CardDeliveryStatus, Database } from '../../db/schema.js';
import { AppError } from '../../errors.js';
import type { Api } from '../../http/api.js';
import { errors } from '../../http/responses.js';
import type { CardService } from './card-service.js';
import { cardParams } from './schemas.js';
import { CARD_NOT_FOUND, cardNotUsable, NOT_DELIVERED_BY_BUREAU } from './messages.js';

/*
 * The sandbox card bureau (printing and delivery of physical cards): a card moves one step,
 * requested → printed → dispatched → delivered, once it has stayed BUREAU_STEP_SECONDS in its
 * step, by the app clock. The job runs every few minutes on one instance; `POST
 * /api/sandbox/jobs/run-now {"kind":"cards.bureau"}` runs it now (a step still needs its time).
 * `POST /api/sandbox/card-bureau/advance` moves one card along now, as a bureau's test
 * environment lets a tester do (README "Sandbox card network").
 */
export const CARD_BUREAU_JOB = 'cards.bureau';
export const CARD_BUREAU_EVERY_SECONDS = 300;
/** How long a card stays in each step at the sandbox bureau (a working day, shortened). */
export const BUREAU_STEP_SECONDS = 3600;

type MovingStatus = Exclude<CardDeliveryStatus, 'delivered'>;
const STEPS: readonly CardDeliveryStatus[] = ['requested', 'printed', 'dispatched', 'delivered'];
const NEXT: Record<MovingStatus, CardDeliveryStatus> = {
  requested: 'printed',
  printed: 'dispatched',
  dispatched: 'delivered',
};

/**
 * One bureau step, the same for the job and the sandbox control: physical cards in `from` move
 * to the next step, recorded at `now`. A card reported lost or blocked before it arrived is not
 * delivered any further. Conditional on the step, so a step is taken once however many run it.
 */
function step(db: Kysely<Database>, from: MovingStatus, now: Date) {
  return db
    .updateTable('cards')
    .set({ delivery_status: NEXT[from], delivery_updated_at: now })
    .where('kind', '=', 'physical')
    .where('delivery_status', '=', from)
    .where('status', 'not in', ['reported', 'blocked']);
}

export function registerCardBureauJobs(app: FastifyInstance): void {
  app.jobs.define({
    kind: CARD_BUREAU_JOB,
    async handle(_payload, ctx) {
      const now = ctx.now();
      const due = new Date(now.getTime() - BUREAU_STEP_SECONDS * 1000);
      // One statement per step, latest step first, so a card moves one step per run.
      for (const from of ['dispatched', 'printed', 'requested'] as const) {
        await step(app.db, from, now).where('delivery_updated_at', '<=', due).execute();
      }
    },
  });
  app.jobs.every(CARD_BUREAU_JOB, CARD_BUREAU_EVERY_SECONDS);
}

const advanceBody = z.strictObject({
  card_id: cardParams.shape.id,
  /** Move on until this step; without it, one step. */
  to: z.optional(
    z.enum(['printed', 'dispatched', 'delivered'], 'to is one of printed, dispatched, delivered'),
  ),
});
const advanceAnswer = z.object({
  card_id: z.string(),
  delivery_status: z.enum(['requested', 'printed', 'dispatched', 'delivered']),
  delivery_updated_at: z.string(),
  /**
   * Once delivered, the last 4 digits printed on the card's front: what the customer reads off the
   * plastic to activate it (a tester has no plastic). Null before.
   */
  last4: z.nullable(z.string()),
});

/**
 * Sandbox only (routes.ts `sandboxed`): moves a physical card along its delivery steps now,
 * each step taken by the job's own statement and recorded with the app clock's time. Answers the
 * card's step; a card already at or past `to` is answered as it is.
 */
export async function cardBureauSandboxRoutes(app: Api, cards: CardService) {
  const current = (id: string) =>
    app.db
      .selectFrom('cards')
      .select([
        'id',
        'user_id',
        'kind',
        'status',
        'delivery_status',
        'delivery_updated_at',
        'last4',
      ])
      .where('id', '=', id)
      .executeTakeFirst();

  app.post(
    '/sandbox/card-bureau/advance',
    {
      schema: {
        body: advanceBody,
        response: { 200: advanceAnswer, ...errors(400, 404, 409, 422) },
      },
    },
    async (request) => {
      const { card_id: id, to } = request.body;
      const found = await current(id);
      if (!found) throw new AppError(404, CARD_NOT_FOUND, 'CARD_NOT_FOUND');
      // A card past its 6 months (SPEC §4) is blocked first, as before any other use of it.
      await cards.blockUnactivated(found.user_id);
      let card = await current(id);
      let at = card?.delivery_status;
      if (!card || card.kind !== 'physical' || !at) {
        throw new AppError(422, NOT_DELIVERED_BY_BUREAU, 'NOT_PHYSICAL');
      }
      const target = to ? STEPS.indexOf(to) : Math.min(STEPS.indexOf(at) + 1, STEPS.length - 1);
      // At most three steps; a step another call took meanwhile is not taken again, and a card
      // reported or blocked meanwhile is not moved (the statement's own condition).
      while (at !== 'delivered' && STEPS.indexOf(at) < target) {
        if (card.status === 'reported' || card.status === 'blocked') {
          throw new AppError(409, cardNotUsable(card.status), 'CARD_STATE');
        }
        await step(app.db, at, app.clock.now()).where('id', '=', id).execute();
        card = await current(id);
        at = card?.delivery_status;
        if (!card || !at) throw new AppError(404, CARD_NOT_FOUND, 'CARD_NOT_FOUND');
      }
      return {
        card_id: card.id,
        delivery_status: at,
        delivery_updated_at: new Date(card.delivery_updated_at ?? app.clock.now()).toISOString(),
        last4: at === 'delivered' ? card.last4 : null,
      };
    },
  );
}
