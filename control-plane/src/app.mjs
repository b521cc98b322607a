// The app server: host/dist at /, published remotes at /remotes/<name>/<version>/, /api proxied to the
// middleware, runtime config and registry documents, the operator registry endpoint, SPA fallback.
// No import.meta here so jest can load it; serve.mjs resolves paths and listens.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import Fastify from 'fastify';
import fastifyStatic from '@fastify/static';
import fastifyCompress from '@fastify/compress';
import httpProxy from '@fastify/http-proxy';
import { forwardClientAddress } from './client-address.mjs';
import { contentSecurityPolicy, createNonce, injectNonce } from './csp.mjs';
import { failureBeacon } from './failure-beacon.mjs';
import { createFirstPaint, paintPicture } from './first-paint.mjs';
import {
  APP_CONFIG_DATA_ID,
  createFirstLoadHints,
  earlyRequestsElement,
  firstScreenOf,
  jsonDataElement,
  REGISTRY_DATA_ID,
} from './first-load.mjs';
import {
  capConnectionsPerAddress,
  MAX_CONNECTIONS_PER_CLIENT,
  serverOptions,
} from './connection-guards.mjs';
import { operatorApi, parseOperators } from './operator-api.mjs';
import { createOverrideSigner, perBrowserRegistry } from './registry-per-browser.mjs';
import { createRegistryStore } from './registry-store.mjs';

const NO_CACHE = 'no-cache';
const IMMUTABLE = 'public, max-age=31536000, immutable';
// Hashed chunk names (name.1a2b3c4d.js/css) never change content: cache them for a year.
const HASHED = /\.[0-9a-f]{8}\.(js|css)$/;
/** Answers the app server builds itself (registry, config, index.html) are compressed above this. */
export const COMPRESS_THRESHOLD_BYTES = 1024;

function cacheHeaders(res, filePath) {
  // @fastify/static hands over either the raw response or the reply, depending on version.
  const set = typeof res.setHeader === 'function' ? res.setHeader.bind(res) : res.header.bind(res);
  // A precompressed variant (name.js.br) is cached like the file it encodes.
  const served = path.basename(filePath).replace(/\.(br|gz)$/, '');
  set('Cache-Control', HASHED.test(served) ? IMMUTABLE : NO_CACHE);
  set('X-Content-Type-Options', 'nosniff');
}

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

/**
 * @param {{ distDir: string, deployDir: string, middlewareUrl?: string, adminToken?: string,
 *   operators?: { name: string, token: string }[], registryDatabaseUrl?: string, hostShared?: Record<string, string>, mountCheck?: (o: { dir: string, name: string, version: string }) => Promise<string[]>, operatorApiElsewhere?: boolean, operatorRateLimit?: { max: number, timeWindow: number | string }, beaconRateLimit?: { max: number, timeWindow: number | string },
 *   trustProxy?: false | string, production?: boolean, overrideSecret?: string, now?: () => number,
 *   serverTimeouts?: Partial<typeof import('./connection-guards.mjs').SERVER_TIMEOUTS>, maxConnectionsPerClient?: number,
 *   appConfig: { apiBaseUrl: string, encryptionSecret: string, bankName: string, bankLicence?: string, androidStoreUrl?: string, iosStoreUrl?: string }, logger?: boolean | { level: string } }} o
 */
export async function buildApp(o) {
  // Only the load balancers named in TRUST_PROXY may say who the client is (client-address.mjs).
  const app = Fastify({
    logger: o.logger ?? false,
    trustProxy: o.trustProxy ?? false,
    // Request, header, keep-alive and idle timeouts; 408/431 as {message} (connection-guards.mjs).
    ...serverOptions(o.serverTimeouts),
  });
  if (!o.trustProxy) {
    capConnectionsPerAddress(app.server, o.maxConnectionsPerClient ?? MAX_CONNECTIONS_PER_CLIENT);
  }
  const store = createRegistryStore(o.deployDir, {
    databaseUrl: o.registryDatabaseUrl,
    hostShared: o.hostShared,
    mountCheck: o.mountCheck,
    // The last good registry keeps remotes up; operators see why in the log.
    onUnreadable: (error) => app.log.error({ err: error }, 'registry unreadable'),
  });
  app.addHook('onClose', () => store.close());
  const indexPath = path.join(o.distDir, 'index.html');

  // On every answer, the proxied API's JSON included: no content sniffing, no referrer leaks.
  app.addHook('onSend', async (_request, reply, payload) => {
    reply.header('Referrer-Policy', 'strict-origin-when-cross-origin');
    reply.header('X-Content-Type-Options', 'nosniff');
    reply.header('Permissions-Policy', PERMISSIONS_POLICY);
    if (o.production) reply.header('Strict-Transport-Security', HSTS);
    return payload;
  });

  // Dynamic answers (index.html with its nonce, registry.json, app-config.json, error bodies) are
  // compressed per request; static files carry their build-time .br/.gz (preCompressed below) and
  // the proxied API arrives compressed by the middleware: a Content-Encoding already set is kept.
  await app.register(fastifyCompress, {
    global: true,
    // Request bodies go to the middleware as they came; it alone decides what it accepts.
    globalDecompression: false,
    threshold: COMPRESS_THRESHOLD_BYTES,
    encodings: ['br', 'gzip'],
  });

  await app.register(httpProxy, {
    upstream: o.middlewareUrl ?? 'http://127.0.0.1:3001',
    prefix: '/api',
    rewritePrefix: '/api',
    replyOptions: { rewriteRequestHeaders: forwardClientAddress },
    // The middleware compresses its own answers above its threshold (the proxy passes them through).
    config: { compress: false },
  });

  await app.register(fastifyStatic, {
    root: path.join(o.deployDir, 'remotes'),
    prefix: '/remotes/',
    decorateReply: false,
    index: false,
    wildcard: true,
    preCompressed: true,
    cacheControl: false,
    setHeaders: cacheHeaders,
  });

  await app.register(fastifyStatic, {
    root: o.distDir,
    prefix: '/',
    index: false,
    wildcard: true,
    // index.html only through the SPA handler below, which adds the CSP nonce.
    allowedPath: (pathname) => pathname !== '/index.html' && pathname !== '/',
    preCompressed: true,
    cacheControl: false,
    setHeaders: cacheHeaders,
  });

  // Rollouts and testers' overrides make the document one browser's (registry-per-browser.mjs).
  const signer = createOverrideSigner({ store, secret: o.overrideSecret, now: o.now });
  const perBrowser = await perBrowserRegistry(app, {
    store,
    signer,
    deployDir: o.deployDir,
    production: o.production === true,
  });

  app.get('/registry.json', async (request, reply) => {
    // Per browser (its bucket and overrides): no shared cache may keep one browser's answer.
    reply.header('Cache-Control', `private, ${NO_CACHE}`);
    reply.header('Vary', 'Cookie');
    try {
      return await perBrowser.document(request, reply);
    } catch (error) {
      // Unreadable and no last good registry anywhere (registry-store.mjs).
      return reply.code(503).send({ message: error.message });
    }
  });

  // Browsers report a remote version that failed them (failure-beacon.mjs).
  await app.register(failureBeacon, { store, rateLimit: o.beaconRateLimit });

  app.get('/app-config.json', async (_request, reply) => {
    reply.header('Cache-Control', NO_CACHE);
    return o.appConfig;
  });

  // With OPERATOR_PORT the operator API listens on its own (operator-api.mjs buildOperatorApp).
  if (!o.operatorApiElsewhere) {
    await app.register(operatorApi, {
      store,
      operators: o.operators ?? parseOperators({ REGISTRY_ADMIN_TOKEN: o.adminToken }),
      rateLimit: o.operatorRateLimit,
      signer,
    });
  }

  const firstLoad = createFirstLoadHints({ distDir: o.distDir, deployDir: o.deployDir });
  const firstPaint = createFirstPaint({ distDir: o.distDir, deployDir: o.deployDir });

  // SPA fallback: every other GET path is index.html with a fresh nonce; missing files stay 404.
  app.setNotFoundHandler(async (request, reply) => {
    const url = request.url.split('?')[0];
    const isPage =
      (request.method === 'GET' || request.method === 'HEAD') &&
      !url.startsWith('/api/') &&
      !url.startsWith('/remotes/') &&
      !url.startsWith('/_operator/') &&
      !url.startsWith('/_beacon/') &&
      (url === '/index.html' || !path.extname(url));
    if (!isPage) return reply.code(404).send({ message: 'Not found' });
    let html;
    try {
      html = readFileSync(indexPath, 'utf8');
    } catch {
      return reply.code(503).send({ message: 'The host is not built yet: run the build first.' });
    }
    const nonce = createNonce();
    // The page carries this browser's registry document and the runtime config, and hints the
    // route's files in the versions that document chose (first-load.mjs). Without a registry (none
    // readable, no last good one) the shell fetches /registry.json itself and shows why.
    let registry = null;
    try {
      registry = await perBrowser.document(request, reply);
    } catch (error) {
      request.log.error({ err: error }, 'no registry document to inline');
      // A browser's rollout side is decided with its first page, before it reads the registry.
      perBrowser.ensureBucket(request, reply);
    }
    const pathname = request.url.split('?')[0];
    // The screen as HTML, painted before any JavaScript, where the build took a picture of it for
    // this browser's versions (first-paint.mjs); like the hints, the page works without it.
    const picture = await firstPaint.pictureFor(pathname, registry).catch((error) => {
      request.log.error({ err: error }, 'no first paint');
      return null;
    });
    const head = [
      // First: a signed-in page's token and user requests start as the head is parsed.
      ...(firstScreenOf(pathname).signedIn
        ? [earlyRequestsElement(o.appConfig.apiBaseUrl, nonce)]
        : []),
      ...(registry ? [jsonDataElement(REGISTRY_DATA_ID, registry, nonce)] : []),
      jsonDataElement(APP_CONFIG_DATA_ID, o.appConfig, nonce),
      // Hints only speed the page up: without them it still works, so it is served without.
      await firstLoad
        .hintsFor(pathname, registry, nonce, { painted: picture !== null })
        .catch((error) => {
          request.log.error({ err: error }, 'no preload hints');
          return '';
        }),
    ].join('');
    // A function replacement: a `$` in the data must not be read as a replacement pattern.
    const hinted = injectNonce(html, nonce).replace(/<\/head>/i, (end) => `${head}${end}`);
    const page = picture ? paintPicture(hinted, picture, nonce) : hinted;
    return (
      reply
        .header('Content-Security-Policy', contentSecurityPolicy(nonce))
        // Per browser now (its bucket and overrides): revalidated, and never kept for another one.
        .header('Cache-Control', `private, ${NO_CACHE}`)
        .header('Vary', 'Cookie')
        .header('X-Content-Type-Options', 'nosniff')
        .header('X-Frame-Options', 'DENY')
        .type('text/html; charset=utf-8')
        .send(page)
    );
  });

  return app;
}
