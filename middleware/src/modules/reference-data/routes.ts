import type { FastifyInstance } from 'fastify';
import { z } from 'zod/mini';
import { notFound } from '../../errors.js';
import { validate } from '../../validation.js';
import { STATES, localGovernmentsOf } from './states-and-lgas.js';

const STATE_ID_INVALID = 'stateId must be a number';

const localGovernmentQuery = z.strictObject({
  stateId: z
    .string('stateId is required')
    .check(z.trim(), z.regex(/^[1-9]\d{0,5}$/, STATE_ID_INVALID)),
});

// Sorted once: the data never changes while the process runs.
const statesBody = {
  states: [...STATES]
    .sort((a, b) => a.name.localeCompare(b.name, 'en'))
    .map((s) => ({ id: s.id, name: s.name })),
};

/** SPEC §7 GET /states and GET /local-government?stateId= (public: the signup form needs them). */
export async function referenceDataRoutes(app: FastifyInstance) {
  app.get('/states', async () => statesBody);

  app.get(
    '/local-government',
    { preHandler: validate({ query: localGovernmentQuery }) },
    async (request) => {
      const { stateId } = request.query as z.infer<typeof localGovernmentQuery>;
      const lgas = localGovernmentsOf(Number(stateId));
      if (!lgas) throw notFound('State not found');
      return {
        localGovts: lgas
          .map((l) => ({ id: l.id, local_government_name: l.name }))
          .sort((a, b) => a.local_government_name.localeCompare(b.local_government_name, 'en')),
      };
    },
  );
}
