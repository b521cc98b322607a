import {
  ninSubmittedResponseSchema,
  transactionPinCreatedResponseSchema,
  userIdParamsSchema,
} from '@ajo/shared/schemas';
import type { FastifyRequest } from 'fastify';
import type { Api } from '../../http/api.js';
import { errors } from '../../http/responses.js';
import { assertOwnsUser, currentUser } from '../../plugins/auth.js';
import { KycService } from './kyc-service.js';
import { createTransactionPinBody, ninUpdateBody } from './schemas.js';

/** PUT /users/{id} (nin) and POST /users/{id}/create-transaction-pin. */
export async function kycRoutes(app: Api) {
  const service = new KycService({
    db: app.db,
    secrets: app.secrets,
    clock: app.clock,
    jobs: app.jobs,
  });

  // OWASP API1: another user's id is 403 before the body is even looked at (preValidation runs
  // after the envelope is opened and before the schemas are checked).
  const ownId = async (request: FastifyRequest) =>
    assertOwnsUser(request, (request.params as { id: string }).id);

  app.put(
    '/users/:id',
    {
      config: { encrypted: true },
      preValidation: [app.requireUser, ownId],
      schema: {
        params: userIdParamsSchema,
        body: ninUpdateBody,
        response: { 200: ninSubmittedResponseSchema, ...errors(400, 401, 403, 409) },
      },
    },
    async (request) => service.submitNin(currentUser(request).id, request.body.nin),
  );

  app.post(
    '/users/:id/create-transaction-pin',
    {
      config: { encrypted: true },
      preValidation: [app.requireUser, ownId],
      schema: {
        params: userIdParamsSchema,
        body: createTransactionPinBody,
        response: { 200: transactionPinCreatedResponseSchema, ...errors(400, 401, 403, 409) },
      },
    },
    async (request) =>
      service.createTransactionPin(currentUser(request).id, request.body.transaction_pin),
  );
}
