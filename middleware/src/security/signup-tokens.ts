import { randomUUID } from 'node:crypto';
import { SignJWT, errors as joseErrors, jwtVerify } from 'jose';
import type { Clock } from '../clock.js';

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
  const key = new TextEncoder().encode(opts.secret);
  return {
    async issue(phone) {
      const issuedAt = Math.floor(opts.clock.now().getTime() / 1000);
      return new SignJWT({ scope: 'signup', phone })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setAudience(AUDIENCE)
        .setIssuedAt(issuedAt)
        .setExpirationTime(issuedAt + SIGNUP_TOKEN_TTL_SECONDS)
        .setJti(randomUUID())
        .sign(key);
    },
    async verify(token) {
      try {
        const { payload } = await jwtVerify(token, key, {
          algorithms: ['HS256'],
          audience: AUDIENCE,
          currentDate: opts.clock.now(),
        });
        const phone = payload.phone;
        return payload.scope === 'signup' && typeof phone === 'string' && /^234\d{10}$/.test(phone)
          ? phone
          : null;
      } catch (error) {
        if (error instanceof joseErrors.JOSEError || error instanceof TypeError) return null;
        throw error;
      }
    },
  };
}
