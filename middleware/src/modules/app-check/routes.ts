import type { FastifyInstance } from 'fastify';

/** GET /api/app-check/token → { token, expiresAt }: the header value the web client sends. */
export async function appCheckRoutes(app: FastifyInstance) {
  app.get('/app-check/token', { config: { appCheck: false } }, async (_request, reply) => {
    const { token, expiresAt } = await app.providers.appAttestation.issueToken();
    reply.header('cache-control', 'no-store');
    return { token, expiresAt: expiresAt.toISOString() };
  });
}
