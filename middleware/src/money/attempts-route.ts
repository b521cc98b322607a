import { ATTEMPT_NEVER_ARRIVED } from '@ajo/shared/messages';
import { idempotencyKeySchema } from '@ajo/shared/schemas';
import { z } from 'zod/mini';
import { AppError } from '../errors.js';
import type { Api } from '../http/api.js';
import { errors } from '../http/responses.js';
import { currentUser } from '../plugins/auth.js';
import { ClientReferences } from './client-references.js';

const attemptParams = z.object({ key: idempotencyKeySchema });

/**
 * GET /money/attempts/{key}: where the money call sent under this Idempotency-Key stands, asked
 * without the PIN by a client that lost the call's answer. `completed`: the answer the call gave
 * (`status` and `answer`, exactly what a repeat with the same key replays); `in_progress`: it is
 * still running, ask again. A key that never arrived is 404 'This request never arrived.', so the
 * client knows sending the call is safe. The web app reads it in @ajo/shared/money-flow
 * (attempt-lookup.ts) without a schema of its own, so every form page does not carry this one.
 */
export const moneyAttemptResponseSchema = z.union([
  z.object({ state: z.literal('in_progress') }),
  z.object({
    state: z.literal('completed'),
    status: z.number().check(z.int()),
    answer: z.record(z.string(), z.unknown()),
  }),
]);

/**
 * GET /money/attempts/:key (bearer, no PIN): what became of the caller's money call sent under this
 * Idempotency-Key, for a client that lost its answer (a dropped link, a timeout, a reload). It
 * tells the stored answer, that the call is still running, or 404 that it never arrived, so the
 * client can send it again safely instead of telling the customer it failed. Only the caller's own
 * calls are read: another customer's key is 404 like an unknown one, and nothing is changed.
 */
export async function moneyAttemptRoutes(app: Api) {
  const references = new ClientReferences({ db: app.db, clock: app.clock });
  app.get(
    '/money/attempts/:key',
    {
      preValidation: app.requireUser,
      schema: {
        params: attemptParams,
        response: { 200: moneyAttemptResponseSchema, ...errors(400, 401, 404) },
      },
    },
    async (request) => {
      const attempt = await references.lookup(currentUser(request).id, request.params.key);
      if (!attempt) throw new AppError(404, ATTEMPT_NEVER_ARRIVED, 'ATTEMPT_NOT_FOUND');
      return attempt;
    },
  );
}
