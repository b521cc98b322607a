import { sql } from 'kysely';
import { z } from 'zod/mini';
import type { Api } from '../../http/api.js';

const liveSchema = z.object({ status: z.literal('ok') });
const readySchema = z.object({
  status: z.literal('ready'),
  database: z.enum(['pglite', 'postgres']),
});
const unavailableSchema = z.object({ status: z.literal('unavailable'), message: z.string() });

/** Liveness and readiness for the host's proxy and for operators. */
export async function healthRoutes(app: Api) {
  app.get(
    '/health',
    { config: { appCheck: false }, schema: { response: { 200: liveSchema } } },
    async () => ({ status: 'ok' as const }),
  );

  app.get(
    '/ready',
    {
      config: { appCheck: false },
      schema: { response: { 200: readySchema, 503: unavailableSchema } },
    },
    async (request, reply) => {
      try {
        await sql`select 1`.execute(app.db);
        return { status: 'ready' as const, database: app.databaseKind };
      } catch (err) {
        request.log.warn({ err }, 'database not reachable');
        return reply
          .status(503)
          .send({ status: 'unavailable' as const, message: 'Database unreachable' });
      }
    },
  );
}
