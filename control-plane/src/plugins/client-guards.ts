// What the app server's public-facing plugins share (the operator API, the failure beacon): a rate
// limit per client counted before anything else of the request is looked at, and errors answered as
// {message} with their 4xx status. Each is registered inside the plugin's own context.
import rateLimit from '@fastify/rate-limit';
import type { FastifyError, FastifyInstance } from 'fastify';
import { RegistryError } from '../registry/index.js';

export interface RateLimit {
  max: number;
  timeWindow: number | string;
}

/** `tooMany`: the 429 message, told how long until the client may try again. */
export async function limitPerClient(
  app: FastifyInstance,
  limit: RateLimit,
  tooMany: (after: string) => string,
) {
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
 */
export function answerWithMessages(
  app: FastifyInstance,
  otherwise: { status: number; message: string },
) {
  app.setErrorHandler((error: FastifyError, _request, reply) => {
    if (error instanceof RegistryError) {
      return reply.code(error.statusCode).send({ message: error.message });
    }
    const status = error.validation ? 400 : error.statusCode;
    if (status !== undefined && status >= 400 && status < 500) {
      return reply.code(status).send({ message: error.message });
    }
    app.log.error(error);
    return reply.code(otherwise.status).send({ message: otherwise.message });
  });
}
