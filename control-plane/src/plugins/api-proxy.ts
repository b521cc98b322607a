// /api/* to the middleware, with the client address this server saw in X-Forwarded-For (any the
// client wrote replaced: client-address.ts), so the middleware's per-IP limits count real clients.
import httpProxy from '@fastify/http-proxy';
import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import { forwardClientAddress } from '../client-address.js';

const apiProxy: FastifyPluginAsync<{ middlewareUrl?: string | undefined }> = async (app, o) => {
  await app.register(httpProxy, {
    upstream: o.middlewareUrl ?? 'http://127.0.0.1:3001',
    prefix: '/api',
    rewritePrefix: '/api',
    replyOptions: { rewriteRequestHeaders: forwardClientAddress },
    // The middleware compresses its own answers above its threshold (the proxy passes them through).
    config: { compress: false },
  });
};

export default fp(apiProxy, { name: 'api-proxy' });
