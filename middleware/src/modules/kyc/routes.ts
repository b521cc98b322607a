import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { z } from 'zod/mini';
import { assertOwnsUser, currentUser } from '../../plugins/auth.js';
import { validate } from '../../validation.js';
import { KycService } from './kyc-service.js';
import { createTransactionPinBody, ninUpdateBody, userIdParams } from './schemas.js';

/** Issue 5 contract 8–9: PUT /users/{id} (nin) and POST /users/{id}/create-transaction-pin. */
export async function kycRoutes(app: FastifyInstance) {
  const service = new KycService({
    db: app.db,
    secrets: app.secrets,
    clock: app.clock,
    jobs: app.jobs,
  });

  // OWASP API1: another user's id is 403 before the body is even looked at.
  const ownId = async (request: FastifyRequest) =>
    assertOwnsUser(request, (request.params as { id: string }).id);

  app.put(
    '/users/:id',
    {
      config: { encrypted: true },
      preHandler: [
        app.requireUser,
        validate({ params: userIdParams }),
        ownId,
        validate({ body: ninUpdateBody }),
      ],
    },
    async (request) => {
      const { nin } = request.body as z.infer<typeof ninUpdateBody>;
      return service.submitNin(currentUser(request).id, nin);
    },
  );

  app.post(
    '/users/:id/create-transaction-pin',
    {
      config: { encrypted: true },
      preHandler: [
        app.requireUser,
        validate({ params: userIdParams }),
        ownId,
        validate({ body: createTransactionPinBody }),
      ],
    },
    async (request) => {
      const body = request.body as z.infer<typeof createTransactionPinBody>;
      return service.createTransactionPin(currentUser(request).id, body.transaction_pin);
    },
  );
}
