import type { FastifyInstance, FastifyRequest, preHandlerHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import { forbidden, sessionRefused, unauthorized } from '../errors.js';
import type { TokenService } from '../security/tokens.js';

/**
 * Who owns a wallet account number: the ledger answers (src/ledger), passed to buildApp.
 * Returns the owner's user id, or null when no such wallet exists.
 */
export type WalletOwnerLookup = (walletAccountNumber: string) => Promise<string | null>;

export interface AuthenticatedUser {
  id: string;
  /** The session the bearer token belongs to (sign-out ends it). */
  sessionId: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by requireUser; absent on public routes. */
    user?: AuthenticatedUser;
  }
  interface FastifyInstance {
    tokens: TokenService;
    walletOwnerLookup: WalletOwnerLookup;
    /** preHandler: 401 { message: 'Unauthorized' } without a valid bearer token of an open session. */
    requireUser: preHandlerHookHandler;
  }
}

export function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  return match?.[1] ?? null;
}

/** The signed-in user; throws 401 when the route forgot requireUser. */
export function currentUser(request: FastifyRequest): AuthenticatedUser {
  if (!request.user) throw unauthorized();
  return request.user;
}

/** OWASP API1: /users/{id}-style routes answer 403 for anybody else's id. */
export function assertOwnsUser(request: FastifyRequest, userId: string): void {
  if (currentUser(request).id !== userId) throw forbidden();
}

/**
 * 403 unless the wallet belongs to the caller. An unknown wallet is also 403, so the answer never
 * tells a stranger which account numbers exist.
 */
export async function assertOwnsWallet(
  request: FastifyRequest,
  walletAccountNumber: string,
): Promise<void> {
  const user = currentUser(request);
  const owner = await request.server.walletOwnerLookup(walletAccountNumber);
  if (owner !== user.id) throw forbidden();
}

export const authPlugin = fp(
  async (
    app: FastifyInstance,
    opts: { tokens: TokenService; walletOwnerLookup: WalletOwnerLookup },
  ) => {
    app.decorate('tokens', opts.tokens);
    app.decorate('walletOwnerLookup', opts.walletOwnerLookup);
    app.decorateRequest('user', undefined);
    app.decorate('requireUser', async function requireUser(request: FastifyRequest) {
      const token = bearerToken(request);
      const session = token ? await opts.tokens.authenticate(token) : null;
      if (!session) throw sessionRefused(token !== null);
      request.user = { id: session.userId, sessionId: session.sessionId };
    });
  },
  { name: 'auth' },
);
