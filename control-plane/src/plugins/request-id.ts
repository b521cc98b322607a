// One id per request, on every log line of this server for it, forwarded to the middleware (which
// keeps a valid one: middleware/src/plugins/logging.ts) and answered in X-Request-Id, so one
// customer's call can be followed through both processes' logs (README "Metrics and alerts").
// The browser's API client sends one per call; anything else that reaches the edge without a
// usable id gets a new one here.
import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';

/** The middleware's rule too: what may be written into a log line and a header as it is. */
const REQUEST_ID = /^[A-Za-z0-9._-]{1,64}$/;

/** Fastify options: the caller's id when it is usable, else a new one. */
export const requestIdOptions = {
  requestIdHeader: false as const,
  genReqId(request: IncomingMessage): string {
    const incoming = request.headers['x-request-id'];
    return typeof incoming === 'string' && REQUEST_ID.test(incoming) ? incoming : randomUUID();
  },
};

const requestId: FastifyPluginAsync = async (app) => {
  app.addHook('onSend', async (request, reply, payload) => {
    reply.header('x-request-id', request.id);
    return payload;
  });
};

export default fp(requestId, { name: 'request-id' });
