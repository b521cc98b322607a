import { sql } from 'kysely';
import type { FastifyInstance } from 'fastify';

/** Liveness and readiness for the host's proxy and for operators. */
export async function healthRoutes(app: FastifyInstance) {
  app.get('/health', { config: { appCheck: false } }, async () => ({ status: 'ok' }));

  app.get('/ready', { config: { appCheck: false } }, async (request, reply) => {
    try {
      await sql`select 1`.execute(app.db);
      return { status: 'ready', database: app.databaseKind };
    } catch (err) {
      request.log.warn({ err }, 'database not reachable');
      return reply.status(503).send({ status: 'unavailable', message: 'Database unreachable' });
    }
  });
}
