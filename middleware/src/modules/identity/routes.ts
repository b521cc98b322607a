import type { FastifyInstance, FastifyReply } from 'fastify';
import type { z } from 'zod/mini';
import { currentUser } from '../../plugins/auth.js';
import { validate } from '../../validation.js';
import { isUsersUpload } from '../storage/upload-repository.js';
import { ActivationService } from './activation-service.js';
import {
  BVN_FORMAT_MESSAGE,
  CONSENT_PAGE_CSP,
  CONSENT_REQUIRED_MESSAGE,
  renderConsentPage,
  renderSessionGonePage,
} from './consent-page.js';
import { IdentityRepository } from './identity-repository.js';
import { IdentityService } from './identity-service.js';
import {
  bvnDetailsQuery,
  bvnStartQuery,
  consentParams,
  ninStartQuery,
  verifyUserBody,
  type ConsentForm,
} from './schemas.js';

/**
 * Issue 5 contract 1–4 and 7: BVN consent, BVN details, NIN start, POST /verify-user, and the
 * sandbox identity provider's consent page (sandbox mode only).
 */
export async function identityRoutes(app: FastifyInstance) {
  const repository = new IdentityRepository(app.db);
  const identity = new IdentityService({
    db: app.db,
    repository,
    provider: app.providers.identity,
    clock: app.clock,
  });
  const activation = new ActivationService({
    db: app.db,
    repository,
    clock: app.clock,
    // The storage module's record of POST /storage/upload answers (uploads table).
    isUsersUpload: (userId, url) => isUsersUpload(app.db, userId, url),
  });

  app.get(
    '/bvn/start',
    { preHandler: [app.requireUser, validate({ query: bvnStartQuery })] },
    async (request) => identity.startBvn(currentUser(request).id),
  );

  app.get(
    '/bvn/details',
    { preHandler: [app.requireUser, validate({ query: bvnDetailsQuery })] },
    async (request) => {
      const { tid } = request.query as z.infer<typeof bvnDetailsQuery>;
      return identity.details(currentUser(request).id, tid);
    },
  );

  app.get(
    '/nin/start',
    { preHandler: [app.requireUser, validate({ query: ninStartQuery })] },
    async (request) => {
      const { nin } = request.query as z.infer<typeof ninStartQuery>;
      return identity.startNin(currentUser(request).id, nin);
    },
  );

  app.post(
    '/verify-user',
    { preHandler: [app.requireUser, validate({ body: verifyUserBody })] },
    async (request) =>
      activation.activate(currentUser(request).id, request.body as z.infer<typeof verifyUserBody>),
  );

  if (app.providers.mode !== 'sandbox' || !app.providers.identity.servesConsentPage) return;

  // The consent page is a browser form post: parse urlencoded bodies in this plugin only.
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 4096 },
    (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
  );

  const sendPage = (reply: FastifyReply, status: number, html: string) =>
    reply
      .code(status)
      .header('content-type', 'text/html; charset=utf-8')
      .header('content-security-policy', CONSENT_PAGE_CSP)
      .header('x-content-type-options', 'nosniff')
      .header('referrer-policy', 'no-referrer')
      .header('cache-control', 'no-store')
      .send(html);

  // A browser navigation: it can send neither a bearer token nor the app-check header.
  const pageRoute = {
    config: { appCheck: false },
    preHandler: validate({ params: consentParams }),
  };
  const consentPath = '/sandbox/identity/bvn-consent/:sessionId';

  app.get(consentPath, pageRoute, async (request, reply) => {
    const { sessionId } = request.params as { sessionId: string };
    if (!(await identity.consentSessionIsLive(sessionId))) {
      return sendPage(reply, 404, renderSessionGonePage());
    }
    return sendPage(reply, 200, renderConsentPage({ action: request.url }));
  });

  app.post(consentPath, pageRoute, async (request, reply) => {
    const { sessionId } = request.params as { sessionId: string };
    const form = (request.body ?? {}) as ConsentForm;
    const cancelled = form.action === 'cancel';
    const bvn = typeof form.bvn === 'string' ? form.bvn.trim() : '';
    if (!cancelled) {
      const error = !/^\d{11}$/.test(bvn)
        ? BVN_FORMAT_MESSAGE
        : form.consent !== 'yes'
          ? CONSENT_REQUIRED_MESSAGE
          : null;
      if (error) {
        if (!(await identity.consentSessionIsLive(sessionId))) {
          return sendPage(reply, 404, renderSessionGonePage());
        }
        const page = renderConsentPage({ action: request.url, error, bvn: bvn.slice(0, 11) });
        return sendPage(reply, 400, page);
      }
    }
    const result = await identity.completeConsent(
      sessionId,
      cancelled ? { cancelled: true } : { cancelled: false, bvn },
    );
    if (!result) return sendPage(reply, 404, renderSessionGonePage());
    const query = new URLSearchParams({ status: result.status, tid: result.tid });
    return reply
      .code(303)
      .header('cache-control', 'no-store')
      .redirect(`/bvn-verification-status?${query.toString()}`, 303);
  });
}
