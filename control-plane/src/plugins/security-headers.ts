// Headers on every answer, the proxied API's JSON included: no content sniffing, no referrer leaks,
// the features the page may use, and HTTPS pinned in production.
import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';

/*
 * What the page may use. The camera only for our own origin (the onboarding face photo asks for
 * it), never for a frame or a third party; everything else the product never uses is off. One
 * document serves every route of the single-page app, and the browser fixes the policy when the
 * document loads, so a per-route camera policy would block the face photo for a customer who
 * signed in on /login and was sent on to onboarding without a reload
 * (docs/decisions/024-camera-allowed-for-the-whole-app.md).
 */
export const PERMISSIONS_POLICY = [
  'camera=(self)',
  'microphone=()',
  'geolocation=()',
  'payment=()',
  'usb=()',
  'serial=()',
  'bluetooth=()',
  'hid=()',
  'midi=()',
  'display-capture=()',
  'browsing-topics=()',
].join(', ');
/** Two years with subdomains, production only: a development server on http://localhost must not pin HTTPS. */
export const HSTS = 'max-age=63072000; includeSubDomains';

const securityHeaders: FastifyPluginAsync<{ production?: boolean | undefined }> = async (
  app,
  o,
) => {
  app.addHook('onSend', async (_request, reply, payload) => {
    reply.header('Referrer-Policy', 'strict-origin-when-cross-origin');
    reply.header('X-Content-Type-Options', 'nosniff');
    reply.header('Permissions-Policy', PERMISSIONS_POLICY);
    if (o.production) reply.header('Strict-Transport-Security', HSTS);
    return payload;
  });
};

export default fp(securityHeaders, { name: 'security-headers' });
