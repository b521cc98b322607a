import { z } from 'zod/mini';
import type { Api } from '../../http/api.js';

const appCheckTokenSchema = z.object({ token: z.string(), expiresAt: z.string() });

/** GET /api/app-check/token → { token, expiresAt }: the header value the web client sends. */
export async function appCheckRoutes(app: Api) {
  app.get(
    '/app-check/token',
    { config: { appCheck: false }, schema: { response: { 200: appCheckTokenSchema } } },
    async (_request, reply) => {
      const { token, expiresAt } = await app.providers.appAttestation.issueToken();
      reply.header('cache-control', 'no-store');
      return { token, expiresAt: expiresAt.toISOString() };
    },
  );
}
