// Who the client is, as the middleware's per-IP attempt limits see it. This server is the edge (or
// sits behind load balancers named in TRUST_PROXY): the address it saw REPLACES whatever
// X-Forwarded-For the client wrote, so the middleware, which trusts exactly this server
// (TRUST_PROXY=loopback under npm start), gets one address it can believe.
import { isIP } from 'node:net';
import type { FastifyRequest } from 'fastify';
import type { IncomingHttpHeaders } from 'node:http';

/** @fastify/reply-from's rewriteRequestHeaders for the /api proxy. */
export function forwardClientAddress(
  request: Pick<FastifyRequest, 'ip' | 'id'>,
  headers: IncomingHttpHeaders,
): IncomingHttpHeaders {
  // Other spellings of the same claim would bypass the replacement.
  const { forwarded: _forwarded, 'x-real-ip': _realIp, ...rest } = headers;
  // The request's id (plugins/request-id.ts) goes on: the middleware logs under the same one.
  return { ...rest, 'x-forwarded-for': request.ip, 'x-request-id': request.id };
}

const KEYWORDS = new Set(['loopback', 'linklocal', 'uniquelocal']);

/**
 * TRUST_PROXY of the app server: unset/false, or the addresses/CIDRs of the load balancers in front
 * of it. Never "trust everyone": a client could then choose the address the limits count.
 */
export function parseAppTrustProxy(raw: unknown): false | string {
  const value = String(raw ?? '')
    .trim()
    .toLowerCase();
  if (value === '' || value === 'false') return false;
  const entries = value
    .split(',')
    .map((e) => e.trim())
    .filter(Boolean);
  const valid = (entry: string) => {
    if (KEYWORDS.has(entry)) return true;
    const [address, prefix, extra] = entry.split('/');
    const version = isIP(address ?? '');
    if (version === 0 || extra !== undefined) return false;
    if (prefix === undefined) return true;
    const bits = Number(prefix);
    return /^\d{1,3}$/.test(prefix) && bits >= 1 && bits <= (version === 4 ? 32 : 128);
  };
  if (entries.length === 0 || !entries.every(valid)) {
    throw new Error(
      'TRUST_PROXY must be false or the addresses/CIDRs of the load balancers in front of the app server (e.g. 10.0.0.0/8); "true" would let any client choose its address',
    );
  }
  return entries.join(',');
}
