import { ACCOUNT_CREATED } from '@ajo/shared/messages';
import { messageResponseSchema, userIdParamsSchema, userSchema } from '@ajo/shared/schemas';
import type { FastifyRequest } from 'fastify';
import { unauthorized } from '../../errors.js';
import type { Api } from '../../http/api.js';
import { errors } from '../../http/responses.js';
import { assertOwnsUser } from '../../plugins/auth.js';
import { createWalletLister } from '../wallets/wallet-objects.js';
import { createSignupTokens } from '../../security/signup-tokens.js';
import { SIGNED_URL_TTL_SECONDS, STABLE_LINK_SECONDS } from '../../security/signed-urls.js';
import { usersUploadPath } from '../storage/upload-repository.js';
import { storagePathFor } from '../storage/upload-service.js';
import { signupBody } from './schemas.js';
import { UserRepository } from './user-repository.js';
import { UserService } from './user-service.js';

export const VERIFY_PHONE_FIRST = 'Please verify your phone number first.';

/** SPEC §7 POST /users (sign-up form, encrypted) and GET /users/{id} (the user object). */
export async function usersRoutes(app: Api) {
  const service = new UserService({
    users: new UserRepository(app.db),
    secrets: app.secrets,
    clock: app.clock,
    wallets: createWalletLister(app.db),
    photoLink: async (userId, photoUrl) => {
      const path = await usersUploadPath(app.db, userId, photoUrl);
      if (path === null) return null;
      // The same link for a few minutes: every page load asks for the user, and a new link each
      // time would download the whole photo again past the browser's cache.
      return app.providers.fileStorage.signedUrl(
        storagePathFor(userId, path),
        SIGNED_URL_TTL_SECONDS,
        STABLE_LINK_SECONDS,
      );
    },
  });
  const signupTokens = createSignupTokens({ secret: app.config.jwt.secret, clock: app.clock });
  // The phone each request proved with its signup token (set by the preHandler below).
  const verifiedPhones = new WeakMap<FastifyRequest, string>();

  // Only the token from POST /auth proves the phone; a user token is not accepted.
  async function requireSignupToken(request: FastifyRequest) {
    const match = /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '');
    const phone = match?.[1] ? await signupTokens.verify(match[1]) : null;
    if (!phone) throw unauthorized(VERIFY_PHONE_FIRST);
    verifiedPhones.set(request, phone);
  }

  app.post(
    '/users',
    {
      config: { encrypted: true },
      preValidation: requireSignupToken,
      schema: {
        body: signupBody,
        response: { 200: messageResponseSchema, ...errors(400, 401, 409) },
      },
    },
    async (request) => {
      const phone = verifiedPhones.get(request);
      if (!phone) throw unauthorized(VERIFY_PHONE_FIRST);
      await service.createUser(phone, request.body);
      return { message: ACCOUNT_CREATED };
    },
  );

  app.get(
    '/users/:id',
    {
      preValidation: app.requireUser,
      schema: {
        params: userIdParamsSchema,
        response: { 200: userSchema, ...errors(401, 403, 404) },
      },
    },
    async (request) => {
      const { id } = request.params;
      // OWASP API1: another user's id is 403 before any lookup.
      assertOwnsUser(request, id);
      return service.getUser(id);
    },
  );
}
