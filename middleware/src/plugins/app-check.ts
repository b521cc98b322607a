import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../errors.js';
import { DOCS_PREFIX } from '../http/openapi.js';
import type { AppAttestation } from '../providers/app-attestation/index.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** false for routes a client reaches without the header (health, token issue, file downloads). */
    appCheck?: boolean;
  }
}

export const APP_CHECK_HEADER = 'x-app-check';

/**
 * SPEC §6-7: every call carries an app-attestation header; a client that fails to get a token
 * logs it and goes on. So enforcement is configurable: off locally (a bad or missing header is
 * logged), on in production (401 'App attestation failed').
 */
export const appCheckPlugin = fp(
  async (app: FastifyInstance, opts: { attestation: AppAttestation; enforce: boolean }) => {
    app.addHook('onRequest', async (request) => {
      if (request.routeOptions.config?.appCheck === false || !request.routeOptions.url) return;
      // The sandbox's API documentation is read in a browser, which sends no attestation.
      if (request.routeOptions.url.startsWith(DOCS_PREFIX)) return;
      const header = request.headers[APP_CHECK_HEADER];
      const token = Array.isArray(header) ? header[0] : header;
      const valid = token ? await opts.attestation.verifyToken(token) : false;
      if (valid) return;
      if (opts.enforce) throw new AppError(401, 'App attestation failed', 'APP_CHECK');
      request.log.info(
        { appCheck: token ? 'invalid' : 'missing' },
        'app attestation not verified (not enforced)',
      );
    });
  },
  { name: 'app-check' },
);
