import { ATTEMPT_NEVER_ARRIVED } from '@ajo/shared/messages';
import { idempotencyKeySchema, moneyAttemptResponseSchema } from '@ajo/shared/schemas';
import { z } from 'zod/mini';
import { AppError } from '../errors.js';
import type { Api } from '../http/api.js';
import { errors } from '../http/responses.js';
import { currentUser } from '../plugins/auth.js';
import { ClientReferences } from './client-references.js';

const attemptParams = z.object({ key: idempotencyKeySchema });

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
