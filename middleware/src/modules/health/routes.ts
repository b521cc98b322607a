import { sql } from 'kysely';
import { z } from 'zod/mini';
import type { Api } from '../../http/api.js';

const liveSchema = z.object({ status: z.literal('ok') });
const readySchema = z.object({
  status: z.literal('ready'),
  database: z.enum(['pglite', 'postgres']),
});
const unavailableSchema = z.object({ status: z.literal('unavailable'), message: z.string() });

/**
 * Liveness and readiness for the host's proxy, a load balancer and operators. /health answers while
 * the process runs (restart it when it does not); /ready only while the database takes writes: an
 * unreachable or read-only database (a standby, a failover under way) takes the instance out of
 * the load balancer until it follows the failover, without restarting it.
 */
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
      let readOnly: string | undefined;
      try {
        const { rows } = await sql<{ read_only: string }>`
          select current_setting('transaction_read_only') as read_only`.execute(app.db);
        readOnly = rows[0]?.read_only;
      } catch (err) {
        request.log.warn({ err }, 'database not reachable');
        return reply
          .status(503)
          .send({ status: 'unavailable' as const, message: 'Database unreachable' });
      }
      if (readOnly !== 'off') {
        request.log.warn({ readOnly }, 'database is read-only');
        return reply
          .status(503)
          .send({ status: 'unavailable' as const, message: 'Database is read-only' });
      }
      return { status: 'ready' as const, database: app.databaseKind };
    },
  );
}
