import { createHmac, timingSafeEqual } from 'node:crypto';

/*
 * HS256 JWTs signed and checked on the calling thread with node:crypto's HMAC
 * (docs/decisions/018-secret-hashing-off-the-shared-thread-pool.md). jose goes through WebCrypto,
 * whose HMAC runs as a job on libuv's four-thread pool: while PIN hashing or file work filled that
 * pool, every bearer check of every request queued behind it. An HMAC-SHA256 of a few hundred
 * bytes takes microseconds, so doing it synchronously costs less than the hop to the pool.
 *
 * The checks are jose's (RFC 7519 §7.2) for what our tokens use: three base64url parts, a JSON
 * object header whose alg is HS256 exactly (so 'none' and every other algorithm are refused) and
 * which asks for no critical extension, a signature compared in constant time, a JSON object
 * payload, then issuer, audience, the required claims, and exp/nbf against the caller's clock;
 * beyond jose, an iat in the future and a token older than the lifetime we give (maxAgeSeconds)
 * are refused whatever exp says.
 */

export type Claims = Record<string, unknown>;

export interface Hs256Check {
  /** The `iss` the token must carry; unchecked when absent. */
  issuer?: string;
  /** The `aud` the token must carry (a string, or an array containing it). */
  audience: string;
  /** Claims that must be present: exp in particular, or a token would never expire. */
  required: readonly string[];
  /** The current time in milliseconds (the injected clock). */
  nowMs: number;
  /**
   * The longest life we give a token: older (by `iat`) is refused whatever its `exp` says, and so
   * is one whose `exp` is further than this from its `iat`, so a token signed with a far `exp` (a
   * leaked key, a bug) does not live on. Requires `iat`.
   */
  maxAgeSeconds?: number;
}

/**
 * How far ahead of our clock an `iat` may be: another instance's clock may run a little ahead.
 * Beyond it the token claims to come from the future and is refused.
 */
export const CLOCK_SKEW_SECONDS = 30;

const BASE64URL = /^[A-Za-z0-9_-]+$/;

function encodeJson(value: unknown): string {
  return Buffer.from(JSON.stringify(value), 'utf8').toString('base64url');
}

function mac(key: Buffer, signingInput: string): string {
  return createHmac('sha256', key).update(signingInput, 'ascii').digest('base64url');
}

/** A JSON object from a base64url part, or null for anything else (bad base64url, bad JSON, array). */
function decodeObject(part: string): Claims | null {
  // Buffer's base64url decoder skips what it does not know; the alphabet is checked first, and a
  // length of 4k+1 cannot come from any byte string.
  if (!BASE64URL.test(part) || part.length % 4 === 1) return null;
  try {
    const value: unknown = JSON.parse(
      new TextDecoder('utf-8', { fatal: true }).decode(Buffer.from(part, 'base64url')),
    );
    return value !== null && typeof value === 'object' && !Array.isArray(value)
      ? (value as Claims)
      : null;
  } catch {
    return null;
  }
}

export function signHs256(key: Buffer, header: Claims, payload: Claims): string {
  const signingInput = `${encodeJson({ ...header, alg: 'HS256' })}.${encodeJson(payload)}`;
  return `${signingInput}.${mac(key, signingInput)}`;
}

const isNumber = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);

/** The payload of a genuine, current token for `check`, or null. Never throws for bad input. */
export function verifyHs256(token: string, key: Buffer, check: Hs256Check): Claims | null {
  if (typeof token !== 'string') return null;
  const parts = token.split('.');
  if (parts.length !== 3) return null;
  const [headerPart, payloadPart, signature] = parts as [string, string, string];
  const header = decodeObject(headerPart);
  if (!header || header.alg !== 'HS256' || header.crit !== undefined) return null;
  // The expected signature's canonical text, compared as text: another spelling of the same
  // bytes (base64url's unused low bits) is refused rather than accepted.
  const expected = Buffer.from(mac(key, `${headerPart}.${payloadPart}`), 'ascii');
  const given = Buffer.from(signature, 'ascii');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;

  const payload = decodeObject(payloadPart);
  if (!payload) return null;
  for (const claim of check.required) if (payload[claim] === undefined) return null;
  if (check.issuer !== undefined && payload.iss !== check.issuer) return null;
  const aud = payload.aud;
  const audienceOk = Array.isArray(aud) ? aud.includes(check.audience) : aud === check.audience;
  if (!audienceOk) return null;

  const now = Math.floor(check.nowMs / 1000);
  if (payload.iat !== undefined && !isNumber(payload.iat)) return null;
  if (isNumber(payload.iat) && payload.iat > now + CLOCK_SKEW_SECONDS) return null;
  if (check.maxAgeSeconds !== undefined) {
    if (!isNumber(payload.iat) || now - payload.iat > check.maxAgeSeconds) return null;
    // Nor does a token asking for a longer life than we give live on until it is that old.
    if (isNumber(payload.exp) && payload.exp - payload.iat > check.maxAgeSeconds) return null;
  }
  if (payload.nbf !== undefined && (!isNumber(payload.nbf) || payload.nbf > now)) return null;
  if (payload.exp !== undefined && (!isNumber(payload.exp) || payload.exp <= now)) return null;
  if (payload.sub !== undefined && typeof payload.sub !== 'string') return null;
  return payload;
}
