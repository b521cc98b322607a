// docs/architecture.md "The wire contract": a client reference makes every money call idempotent.
// The web client sends a UUID
// in the Idempotency-Key header, one per attempt (8-64 characters of [A-Za-z0-9_-]).

// The header's name lives in @ajo/shared/constants, so an API module that only sends it does not
// load the whole money flow (its screens) on a page that shows none.
export { IDEMPOTENCY_KEY_HEADER } from '@ajo/shared/constants';
export const IDEMPOTENCY_KEY_PATTERN = /^[A-Za-z0-9_-]{8,64}$/;

type CryptoLike = Partial<Pick<Crypto, 'randomUUID' | 'getRandomValues'>>;

function uuidFromRandomBytes(getRandomValues: Crypto['getRandomValues']): string {
  const bytes = getRandomValues(new Uint8Array(16));
  // RFC 9562 version 4 and variant bits.
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x40;
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
  const hex = Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/**
 * A new client reference. crypto.randomUUID exists only in secure contexts (https, localhost), so a
 * page served over plain http on a LAN address falls back to getRandomValues, which every browser
 * has everywhere.
 */
export function newIdempotencyKey(cryptoImpl: CryptoLike | undefined = globalThis.crypto): string {
  if (typeof cryptoImpl?.randomUUID === 'function') return cryptoImpl.randomUUID();
  if (typeof cryptoImpl?.getRandomValues === 'function') {
    return uuidFromRandomBytes(cryptoImpl.getRandomValues.bind(cryptoImpl));
  }
  throw new Error('No source of randomness for the Idempotency-Key');
}
