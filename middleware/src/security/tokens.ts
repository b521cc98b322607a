import { SignJWT, errors as joseErrors, jwtVerify } from 'jose';

/** Signed, expiring bearer tokens (ARCHITECTURE "Security habits": algorithm allow-list, exp checked). */
export interface TokenService {
  issue(userId: string): Promise<{ token: string; expiresAt: Date }>;
  /** The user id, or null when the token is missing, forged, expired or malformed. */
  verify(token: string): Promise<string | null>;
}

/** Who signs user tokens and for whom: both checked, so a token minted for another use is refused. */
export const TOKEN_ISSUER = 'ajo-wallet-middleware';
export const TOKEN_AUDIENCE = 'ajo-wallet';

export function createTokenService(opts: {
  secret: string;
  ttlSeconds: number;
  now?: () => number;
}): TokenService {
  const key = new TextEncoder().encode(opts.secret);
  const now = opts.now ?? Date.now;
  return {
    async issue(userId) {
      const issuedAt = Math.floor(now() / 1000);
      const exp = issuedAt + opts.ttlSeconds;
      const token = await new SignJWT({})
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(userId)
        .setIssuedAt(issuedAt)
        .setExpirationTime(exp)
        .setIssuer(TOKEN_ISSUER)
        .setAudience(TOKEN_AUDIENCE)
        .sign(key);
      return { token, expiresAt: new Date(exp * 1000) };
    },
    async verify(token) {
      try {
        const { payload } = await jwtVerify(token, key, {
          algorithms: ['HS256'],
          issuer: TOKEN_ISSUER,
          audience: TOKEN_AUDIENCE,
          // jose checks exp only when present: a token without one would never expire.
          requiredClaims: ['exp', 'iat', 'sub'],
          currentDate: new Date(now()),
        });
        return typeof payload.sub === 'string' && payload.sub ? payload.sub : null;
      } catch (error) {
        if (error instanceof joseErrors.JOSEError || error instanceof TypeError) return null;
        throw error;
      }
    },
  };
}
