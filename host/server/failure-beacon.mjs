// POST /_beacon/remote-failure on the customers' site: a browser reports that a version of a remote
// failed to load or to mount there (host/src/federation/failure-beacon.ts), and the registry counts
// it per remote and version for the operators (GET /_operator/registry `failures`;
// docs/decisions/020-last-known-good-fallback.md). Anyone can call it, so it takes nothing on
// trust: a small JSON body, rate limited per client before anything is read, and only a published
// version of a known remote is counted (anything else is a 400 and makes no row). Never a 500.
import rateLimit from '@fastify/rate-limit';
import { RegistryError } from './registry-store.mjs';

/** Bytes: `{remote, version, phase, message}` with a 200-character message fits with room to spare. */
export const BEACON_BODY_LIMIT = 1024;

/**
 * @param {import('fastify').FastifyInstance} app
 * @param {{ store: ReturnType<typeof import('./registry-store.mjs').createRegistryStore>,
 *   rateLimit?: { max: number, timeWindow: number | string } }} o
 */
export async function failureBeacon(app, o) {
  await app.register(rateLimit, { global: false });
  // A hook of this context, so even a body that fails to parse is counted against the client.
  app.addHook(
    'onRequest',
    app.rateLimit({
      max: o.rateLimit?.max ?? 20,
      timeWindow: o.rateLimit?.timeWindow ?? '1 minute',
      errorResponseBuilder: (_request, context) => ({
        statusCode: context.statusCode,
        message: `Too many failure reports: try again in ${context.after}`,
      }),
    }),
  );

  app.setErrorHandler((error, _request, reply) => {
    if (error instanceof RegistryError) {
      return reply.code(error.statusCode).send({ message: error.message });
    }
    // Fastify's own refusals (bad JSON 400, too large 413, wrong type 415) and the rate limit (429).
    const status = error.validation ? 400 : error.statusCode;
    if (status >= 400 && status < 500) return reply.code(status).send({ message: error.message });
    app.log.error(error);
    return reply.code(503).send({ message: 'The failure could not be recorded' });
  });

  app.post(
    '/_beacon/remote-failure',
    {
      bodyLimit: BEACON_BODY_LIMIT,
      schema: {
        body: {
          type: 'object',
          additionalProperties: false,
          required: ['remote', 'version', 'phase'],
          properties: {
            remote: { type: 'string', maxLength: 64 },
            version: { type: 'string', maxLength: 64 },
            phase: { type: 'string', enum: ['load', 'mount'] },
            message: { type: 'string', maxLength: 200 },
          },
        },
      },
    },
    async (request, reply) => {
      const { remote, version, phase, message } = request.body;
      try {
        await o.store.countFailure({ remote, version, phase, message });
      } catch (error) {
        // An unknown remote is a bad report here, not a missing page.
        if (error instanceof RegistryError && error.statusCode === 404) {
          throw new RegistryError(error.message, 400);
        }
        throw error;
      }
      return reply.code(204).send();
    },
  );
}
