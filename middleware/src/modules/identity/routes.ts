import {
  bvnDetailsQuerySchema,
  bvnDetailsResponseSchema,
  bvnStartQuerySchema,
  bvnStartResponseSchema,
  ninStartQuerySchema,
  ninStartResponseSchema,
  verifyUserResponseSchema,
} from '@ajo/shared/schemas';
import type { Api } from '../../http/api.js';
import { errors } from '../../http/responses.js';
import { currentUser } from '../../plugins/auth.js';
import { passedFaceCheck } from '../face-check/passes.js';
import { usersUploadPath } from '../storage/upload-repository.js';
import { storagePathFor } from '../storage/upload-service.js';
import { ActivationService } from './activation-service.js';
import { IdentityRepository } from './identity-repository.js';
import { IdentityService } from './identity-service.js';
import { verifyUserBody } from './schemas.js';

/**
 * BVN consent, BVN details, NIN start, POST /verify-user. The consent
 * page itself belongs to the identity provider (the sandbox's is mounted here through its
 * interface; a real provider's lives on its own site).
 */
export async function identityRoutes(app: Api) {
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
    // The storage module's record of POST /storage/upload answers (uploads table), then the
    // stored bytes themselves against the face check's passes (SPEC §5).
    photoStatus: async (userId, url) => {
      const path = await usersUploadPath(app.db, userId, url);
      if (path === null) return 'not-uploaded';
      const file = await app.providers.fileStorage.get(storagePathFor(userId, path));
      if (!file || !(await passedFaceCheck(app.db, userId, file.bytes))) return 'not-checked';
      return 'checked';
    },
  });

  app.get(
    '/bvn/start',
    {
      preValidation: app.requireUser,
      schema: {
        querystring: bvnStartQuerySchema,
        response: { 200: bvnStartResponseSchema, ...errors(400, 401, 404, 409) },
      },
    },
    async (request) => identity.startBvn(currentUser(request).id),
  );

  app.get(
    '/bvn/details',
    {
      preValidation: app.requireUser,
      schema: {
        querystring: bvnDetailsQuerySchema,
        response: { 200: bvnDetailsResponseSchema, ...errors(400, 401, 403, 404) },
      },
    },
    async (request) => identity.details(currentUser(request).id, request.query.tid),
  );

  app.get(
    '/nin/start',
    {
      preValidation: app.requireUser,
      schema: {
        querystring: ninStartQuerySchema,
        response: { 200: ninStartResponseSchema, ...errors(400, 401, 404, 409, 422) },
      },
    },
    async (request) => identity.startNin(currentUser(request).id, request.query.nin),
  );

  app.post(
    '/verify-user',
    {
      preValidation: app.requireUser,
      schema: {
        body: verifyUserBody,
        response: { 200: verifyUserResponseSchema, ...errors(400, 401, 403, 404, 409, 422) },
      },
    },
    async (request) => activation.activate(currentUser(request).id, request.body),
  );

  await app.providers.identity.registerPages?.(app, {
    isLive: (sessionId) => identity.consentSessionIsLive(sessionId),
    complete: (sessionId, answer) => identity.completeConsent(sessionId, answer),
  });
}
