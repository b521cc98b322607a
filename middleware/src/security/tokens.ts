import type { Kysely } from 'kysely';
import type { Database, SessionEndReason } from '../db/schema.js';
import { signHs256, verifyHs256 } from './hs256-jwt.js';

/**
 * Bearer tokens backed by a session row (docs/decisions/015-sessions-ended-on-the-server.md): the
 * signature and expiry prove who signed it (docs/architecture.md "Security habits": algorithm
 * allow-list, exp checked), the row whether the session is still open. Ending the row refuses the
 * token on every middleware instance at once.
 */
export interface TokenService {
  /** Opens a session for the user and signs its token. */
  issue(userId: string): Promise<{ token: string; expiresAt: Date; sessionId: string }>;
  /** The user id, or null when the token is missing, forged, expired, malformed or signed out. */
  verify(token: string): Promise<string | null>;
  /** Like verify, with the session the token belongs to. */
  authenticate(token: string): Promise<{ userId: string; sessionId: string } | null>;
  /** Ends one session (sign-out). Ending an ended session changes nothing. */
  end(sessionId: string, reason: SessionEndReason): Promise<void>;
  /**
   * Sign-out by token: ends its session when the token is genuine (our signature, unexpired, with a
   * session), whether or not that session is still open; false for anything else.
   */
  endByToken(token: string, reason: SessionEndReason): Promise<boolean>;
  /** Ends every open session of the user but `exceptSessionId`; the number ended. */
  endAllFor(
    userId: string,
    reason: SessionEndReason,
    opts?: { exceptSessionId?: string },
  ): Promise<number>;
}

/** Who signs user tokens and for whom: both checked, so a token minted for another use is refused. */
export const TOKEN_ISSUER = 'ajo-wallet-middleware';
export const TOKEN_AUDIENCE = 'ajo-wallet';

export interface TokenClaims {
  userId: string;
  /** Null for a token signed without a session: never honoured by TokenService. */
  sessionId: string | null;
}

/** The signing half alone: no database. Tests use it to forge tokens with other secrets or times. */
export interface TokenSigner {
  sign(userId: string, sessionId?: string): Promise<{ token: string; expiresAt: Date }>;
  read(token: string): Promise<TokenClaims | null>;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function createTokenSigner(opts: {
  secret: string;
  ttlSeconds: number;
  now?: () => number;
}): TokenSigner {
  const key = Buffer.from(opts.secret, 'utf8');
  const now = opts.now ?? Date.now;
  // Synchronous HMAC, off libuv's thread pool (src/security/hs256-jwt.ts): a bearer check never
  // waits behind PIN hashing or file work. The interface stays asynchronous for its callers.
  return {
    async sign(userId, sessionId) {
      const issuedAt = Math.floor(now() / 1000);
      const exp = issuedAt + opts.ttlSeconds;
      const token = signHs256(
        key,
        { alg: 'HS256', typ: 'JWT' },
        {
          ...(sessionId ? { sid: sessionId } : {}),
          sub: userId,
          iat: issuedAt,
          exp,
          iss: TOKEN_ISSUER,
          aud: TOKEN_AUDIENCE,
        },
      );
      return { token, expiresAt: new Date(exp * 1000) };
    },
    async read(token) {
      const payload = verifyHs256(token, key, {
        issuer: TOKEN_ISSUER,
        audience: TOKEN_AUDIENCE,
        // exp is checked only when present: a token without one would never expire.
        required: ['exp', 'iat', 'sub'],
        nowMs: now(),
        // TOKEN_TTL: no token of ours is older, whatever exp it carries.
        maxAgeSeconds: opts.ttlSeconds,
      });
      if (!payload || typeof payload.sub !== 'string' || !payload.sub) return null;
      const sid = payload['sid'];
      return { userId: payload.sub, sessionId: typeof sid === 'string' ? sid : null };
    },
  };
}

export function createTokenService(opts: {
  db: Kysely<Database>;
  secret: string;
  ttlSeconds: number;
  now?: () => number;
}): TokenService {
  const now = opts.now ?? Date.now;
  const signer = createTokenSigner(opts);
  const { db } = opts;

  async function authenticate(token: string) {
    const claims = await signer.read(token);
    // A token without a session (or with a made-up one) cannot be signed out, so it is refused.
    if (!claims?.sessionId || !UUID.test(claims.sessionId)) return null;
    // One primary-key read per call: the price of a sign-out that holds on every instance.
    const live = await db
      .selectFrom('sessions')
      .select('id')
      .where('id', '=', claims.sessionId)
      .where('user_id', '=', claims.userId)
      .where('ended_at', 'is', null)
      .where('expires_at', '>', new Date(now()))
      .executeTakeFirst();
    return live ? { userId: claims.userId, sessionId: claims.sessionId } : null;
  }

  async function end(sessionId: string, reason: SessionEndReason) {
    await db
      .updateTable('sessions')
      .set({ ended_at: new Date(now()), end_reason: reason })
      .where('id', '=', sessionId)
      .where('ended_at', 'is', null)
      .execute();
  }

  return {
    async issue(userId) {
      const createdAt = new Date(now());
      const row = await db
        .insertInto('sessions')
        .values({
          user_id: userId,
          created_at: createdAt,
          expires_at: new Date(createdAt.getTime() + opts.ttlSeconds * 1000),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      const { token, expiresAt } = await signer.sign(userId, row.id);
      return { token, expiresAt, sessionId: row.id };
    },
    authenticate,
    async verify(token) {
      return (await authenticate(token))?.userId ?? null;
    },
    end,
    async endByToken(token, reason) {
      const claims = await signer.read(token);
      if (!claims?.sessionId || !UUID.test(claims.sessionId)) return false;
      // The session must be the token subject's own, as authenticate() checks.
      await db
        .updateTable('sessions')
        .set({ ended_at: new Date(now()), end_reason: reason })
        .where('id', '=', claims.sessionId)
        .where('user_id', '=', claims.userId)
        .where('ended_at', 'is', null)
        .execute();
      return true;
    },
    async endAllFor(userId, reason, { exceptSessionId } = {}) {
      let query = db
        .updateTable('sessions')
        .set({ ended_at: new Date(now()), end_reason: reason })
        .where('user_id', '=', userId)
        .where('ended_at', 'is', null);
      if (exceptSessionId) query = query.where('id', '<>', exceptSessionId);
      const result = await query.executeTakeFirst();
      return Number(result.numUpdatedRows);
    },
  };
}
