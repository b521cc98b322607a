// What the app server's public-facing plugins share (the operator API, the failure beacon): a rate
// limit per client counted before anything else of the request is looked at, and errors answered as
// {message} with their 4xx status. Each is registered inside the plugin's own context.
import rateLimit from '@fastify/rate-limit';
import { RegistryError } from './registry/index.js';

/**
 * @param {import('fastify').FastifyInstance} app
 * @param {{ max: number, timeWindow: number | string }} limit
 * @param {(after: string) => string} tooMany the 429 message
 */
export async function limitPerClient(app, limit, tooMany) {
  await app.register(rateLimit, { global: false });
  // A hook of this context: route-level hooks would run after its other onRequest hooks.
  app.addHook(
    'onRequest',
    app.rateLimit({
      ...limit,
      errorResponseBuilder: (_request, context) => ({
        statusCode: context.statusCode,
        message: tooMany(context.after),
      }),
    }),
  );
}

/**
 * The registry's refusals and Fastify's own (bad JSON 400, too large 413, wrong type 415, the rate
 * limit 429) as {message}; anything else is logged and answered with `otherwise`.
 * @param {import('fastify').FastifyInstance} app
 * @param {{ status: number, message: string }} otherwise
 */
export function answerWithMessages(app, otherwise) {
  app.setErrorHandler((error, _request, reply) => {
    if (error instanceof RegistryError) {
      return reply.code(error.statusCode).send({ message: error.message });
    }
    const status = error.validation ? 400 : error.statusCode;
    if (status >= 400 && status < 500) return reply.code(status).send({ message: error.message });
    app.log.error(error);
    return reply.code(otherwise.status).send({ message: otherwise.message });
  });
}
