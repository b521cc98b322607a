import { randomUUID } from 'node:crypto';
import type { Clock } from '../clock.js';
import { signHs256, verifyHs256 } from './hs256-jwt.js';
import { TOKEN_ISSUER } from './tokens.js';

/*
 * The proof that a phone number passed the signup OTP (POST /auth → POST /users). A 30-minute
 * HS256 JWT with `scope: 'signup'` and the phone. Its audience differs from user tokens
 * ('ajo-wallet'), so the auth plugin never accepts it as a user token and this verifier never
 * accepts a user token. It works once: POST /users refuses a phone that already has an account.
 */
export const SIGNUP_TOKEN_TTL_SECONDS = 30 * 60;
const AUDIENCE = 'ajo-wallet:signup';

export interface SignupTokens {
  issue(phone: string): Promise<string>;
  /** The verified phone, or null for a missing, forged, expired or non-signup token. */
  verify(token: string): Promise<string | null>;
}

export function createSignupTokens(opts: { secret: string; clock: Clock }): SignupTokens {
  const key = Buffer.from(opts.secret, 'utf8');
  return {
    async issue(phone) {
      const issuedAt = Math.floor(opts.clock.now().getTime() / 1000);
      return signHs256(
        key,
        { alg: 'HS256', typ: 'JWT' },
        {
          scope: 'signup',
          phone,
          iss: TOKEN_ISSUER,
          aud: AUDIENCE,
          iat: issuedAt,
          exp: issuedAt + SIGNUP_TOKEN_TTL_SECONDS,
          jti: randomUUID(),
        },
      );
    },
    async verify(token) {
      // Like user tokens: exp, our issuer and this audience, or nothing.
      const payload = verifyHs256(token, key, {
        issuer: TOKEN_ISSUER,
        audience: AUDIENCE,
        required: ['exp', 'iat'],
        nowMs: opts.clock.now().getTime(),
        maxAgeSeconds: SIGNUP_TOKEN_TTL_SECONDS,
      });
      const phone = payload?.phone;
      return payload?.scope === 'signup' && typeof phone === 'string' && /^234\d{10}$/.test(phone)
        ? phone
        : null;
    },
  };
}
