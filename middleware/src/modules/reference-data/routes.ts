import {
  localGovernmentQuerySchema,
  localGovernmentsResponseSchema,
  statesResponseSchema,
} from '@ajo/shared/schemas';
import { notFound } from '../../errors.js';
import type { Api } from '../../http/api.js';
import { errors } from '../../http/responses.js';
import { STATES, localGovernmentsOf } from './states-and-lgas.js';

// Sorted once: the data never changes while the process runs.
const statesBody = {
  states: [...STATES]
    .sort((a, b) => a.name.localeCompare(b.name, 'en'))
    .map((s) => ({ id: s.id, name: s.name })),
};

/** SPEC §7 GET /states and GET /local-government?stateId= (public: the signup form needs them). */
export async function referenceDataRoutes(app: Api) {
  app.get(
    '/states',
    { schema: { response: { 200: statesResponseSchema } } },
    async () => statesBody,
  );

  app.get(
    '/local-government',
    {
      schema: {
        querystring: localGovernmentQuerySchema,
        response: { 200: localGovernmentsResponseSchema, ...errors(400, 404) },
      },
    },
    async (request) => {
      const lgas = localGovernmentsOf(Number(request.query.stateId));
      if (!lgas) throw notFound('State not found');
      return {
        localGovts: lgas
          .map((l) => ({ id: l.id, local_government_name: l.name }))
          .sort((a, b) => a.local_government_name.localeCompare(b.local_government_name, 'en')),
      };
    },
  );
}
