// /registry.json: this browser's registry document. Rollouts and testers' overrides make it one
// browser's (registry-per-browser.ts), so no shared cache may keep it.
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { RegistryDocument } from '../registry/index.js';
import { NO_CACHE } from './static-files.js';

/** The per-browser registry (registry-per-browser.ts perBrowserRegistry). */
export interface PerBrowser {
  document(request: FastifyRequest, reply: FastifyReply): Promise<RegistryDocument>;
  ensureBucket(request: FastifyRequest, reply: FastifyReply): unknown;
}

const registryDocuments: FastifyPluginAsync<{ perBrowser: PerBrowser }> = async (app, o) => {
  app.get('/registry.json', async (request, reply) => {
    reply.header('Cache-Control', `private, ${NO_CACHE}`);
    reply.header('Vary', 'Cookie');
    try {
      return await o.perBrowser.document(request, reply);
    } catch (error) {
      // Unreadable and no last good registry anywhere (registry/revisions.ts liveState).
      return reply.code(503).send({ message: (error as Error).message });
    }
  });
};

export default fp(registryDocuments, { name: 'registry-documents' });
