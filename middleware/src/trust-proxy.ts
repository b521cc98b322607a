import { isIP } from 'node:net';

/*
 * Whose X-Forwarded-For the middleware believes (TRUST_PROXY). Per-IP attempt limits key on the
 * client address, so believing a client-written header would let anybody pick a fresh address per
 * request: "trust everyone" is refused. Either the proxies' own addresses (preferred: the direct
 * peer must be one of them) or the number of proxies in front (each appends the address it saw).
 */
export type TrustProxy =
  { kind: 'none' } | { kind: 'hops'; hops: number } | { kind: 'addresses'; addresses: string[] };

const KEYWORDS = new Set(['loopback', 'linklocal', 'uniquelocal']);

export const TRUST_EVERYONE_REFUSED =
  'TRUST_PROXY must not trust every client (any client could then pick its own address for the per-IP limits): ' +
  'give the number of proxies in front of the middleware (e.g. 1) or their addresses (e.g. loopback, 10.0.0.0/8)';

const BAD_VALUE =
  'TRUST_PROXY must be false, a number of proxies (e.g. 1) or a comma-separated list of proxy addresses or CIDRs (e.g. loopback, 10.0.0.0/8)';

function validAddress(entry: string): boolean {
  if (KEYWORDS.has(entry)) return true;
  const [address, prefix, extra] = entry.split('/');
  const version = isIP(address ?? '');
  if (version === 0 || extra !== undefined) return false;
  if (prefix === undefined) return true;
  if (!/^\d{1,3}$/.test(prefix)) return false;
  const bits = Number(prefix);
  // A /0 trusts every address there is.
  return bits >= 1 && bits <= (version === 4 ? 32 : 128);
}

/** Parses TRUST_PROXY; a string is the problem to report. */
export function parseTrustProxy(raw: string): TrustProxy | string {
  const value = raw.trim().toLowerCase();
  if (value === 'false' || value === '0' || value === '') return { kind: 'none' };
  if (value === 'true' || value === '*') return TRUST_EVERYONE_REFUSED;
  if (/^\d+$/.test(value)) {
    const hops = Number(value);
    return hops <= 10 ? { kind: 'hops', hops } : 'TRUST_PROXY must be at most 10 proxies';
  }
  const addresses = value
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  if (addresses.some((a) => /^(0\.0\.0\.0|::)\/0$/.test(a))) return TRUST_EVERYONE_REFUSED;
  if (addresses.length === 0 || !addresses.every(validAddress)) return BAD_VALUE;
  return { kind: 'addresses', addresses };
}

/** What Fastify's `trustProxy` option takes for it. */
export function fastifyTrustProxy(
  trust: TrustProxy,
): false | string | ((address: string, hop: number) => boolean) {
  switch (trust.kind) {
    case 'none':
      return false;
    case 'addresses':
      return trust.addresses.join(',');
    case 'hops':
      // Fastify 5 ignores a bare number (it cannot check the peer); the hop count is an explicit
      // operator choice here, documented as weaker than addresses.
      return (_address, hop) => hop < trust.hops;
  }
}
