import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Signed, expiring links to private files (README "Security notes"): uploaded photos and documents
 * and statement attachments are served only to a request that carries `expires` and `signature`
 * made here, as an object store's pre-signed URL works. Whoever is handed the link (the file's owner,
 * through an authenticated answer) can open it for a few minutes; a guessed, altered or old link
 * opens nothing.
 */
export const SIGNED_URL_TTL_SECONDS = 10 * 60;

/**
 * A link handed out again and again for one file (the customer's photo, in every GET /users/{id})
 * is the same link for this long, so the browser's cache, keyed by URL, can answer the next page
 * load instead of downloading the photo again (docs/benchmarks/web.md "The cost of a visit"). Its
 * expiry is rounded up to a multiple of this: it still opens for at least the ttl asked for, and
 * for at most this much longer.
 */
export const STABLE_LINK_SECONDS = 5 * 60;

export type SignatureCheck = 'valid' | 'expired' | 'invalid';

export interface UrlSigner {
  /**
   * The query string (without `?`) that opens `resource` until now + ttl; with `stableForSeconds`,
   * until now + ttl rounded up to a multiple of it, so every link made within one such stretch is
   * the same link.
   */
  sign(resource: string, ttlSeconds?: number, stableForSeconds?: number): string;
  check(resource: string, expires: unknown, signature: unknown): SignatureCheck;
}

/**
 * `secret` is the token secret (JWT_SECRET, the same on every instance); the signing key is derived
 * from it for this one use, so a link signature is never a token signature.
 */
export function createUrlSigner(secret: string, now: () => Date): UrlSigner {
  const key = createHmac('sha256', secret).update('ajo signed file links v1').digest();
  const mac = (resource: string, expires: number) =>
    createHmac('sha256', key).update(`${resource}\n${expires}`).digest('base64url');
  return {
    sign(resource, ttlSeconds = SIGNED_URL_TTL_SECONDS, stableForSeconds) {
      const earliest = Math.floor(now().getTime() / 1000) + ttlSeconds;
      const expires = stableForSeconds
        ? Math.ceil(earliest / stableForSeconds) * stableForSeconds
        : earliest;
      return `expires=${expires}&signature=${mac(resource, expires)}`;
    },
    check(resource, expires, signature) {
      if (typeof expires !== 'string' || !/^\d{1,12}$/.test(expires)) return 'invalid';
      if (typeof signature !== 'string' || signature.length > 128) return 'invalid';
      const expected = Buffer.from(mac(resource, Number(expires)));
      const given = Buffer.from(signature);
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return 'invalid';
      return Number(expires) * 1000 <= now().getTime() ? 'expired' : 'valid';
    },
  };
}
