// The page: every GET path of the single-page app answers index.html under a fresh CSP nonce, with
// this browser's registry document and the app config as data, the route's files hinted
// (first-load.ts, docs/decisions/023-the-first-screen-in-three-round-trips.md), a signed-in page's
// first requests started from the HTML (record 026) and, where the build took one, the picture of
// the first screen (first-paint.ts, record 025). Also /app-config.json, and 404 `{message}` for
// every other path.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { contentSecurityPolicy, createNonce, injectNonce } from '../csp.js';
import {
  APP_CONFIG_DATA_ID,
  createFirstLoadHints,
  earlyRequestsElement,
  firstScreenOf,
  jsonDataElement,
  REGISTRY_DATA_ID,
} from '../first-load.js';
import { createFirstPaint, paintPicture } from '../first-paint.js';
import type { RegistryDocument } from '../registry/index.js';
import type { PerBrowser } from './registry-documents.js';
import { NO_CACHE } from './static-files.js';

export interface AppConfig {
  apiBaseUrl: string;
  encryptionSecret: string;
  bankName: string;
  bankLicence?: string;
  androidStoreUrl?: string;
  iosStoreUrl?: string;
}

interface PageOptions {
  distDir: string;
  deployDir: string;
  appConfig: AppConfig;
  perBrowser: PerBrowser;
}

/** The paths the page answers: not the API, the files, the operator API or the beacons. */
function isPage(request: FastifyRequest, url: string) {
  return (
    (request.method === 'GET' || request.method === 'HEAD') &&
    !url.startsWith('/api/') &&
    !url.startsWith('/remotes/') &&
    !url.startsWith('/_operator/') &&
    !url.startsWith('/_beacon/') &&
    (url === '/index.html' || !path.extname(url))
  );
}

const page: FastifyPluginAsync<PageOptions> = async (app, o) => {
  const indexPath = path.join(o.distDir, 'index.html');
  const firstLoad = createFirstLoadHints({ distDir: o.distDir, deployDir: o.deployDir });
  const firstPaint = createFirstPaint({ distDir: o.distDir, deployDir: o.deployDir });

  app.get('/app-config.json', async (_request, reply) => {
    reply.header('Cache-Control', NO_CACHE);
    return o.appConfig;
  });

  /** This browser's registry document, or null (none readable, no last good one). */
  async function registryFor(request: FastifyRequest, reply: FastifyReply) {
    try {
      return await o.perBrowser.document(request, reply);
    } catch (error) {
      request.log.error({ err: error }, 'no registry document to inline');
      // A browser's rollout side is decided with its first page, before it reads the registry.
      o.perBrowser.ensureBucket(request, reply);
      return null;
    }
  }

  /** What goes before </head>: the early requests, the data and the hints. */
  async function head(
    request: FastifyRequest,
    pathname: string,
    registry: RegistryDocument | null,
    nonce: string,
    painted: boolean,
  ) {
    return [
      // First: a signed-in page's token and user requests start as the head is parsed.
      ...(firstScreenOf(pathname, registry).signedIn
        ? [earlyRequestsElement(o.appConfig.apiBaseUrl, nonce)]
        : []),
      ...(registry ? [jsonDataElement(REGISTRY_DATA_ID, registry, nonce)] : []),
      jsonDataElement(APP_CONFIG_DATA_ID, o.appConfig, nonce),
      // Hints only speed the page up: without them it still works, so it is served without.
      await firstLoad.hintsFor(pathname, registry, nonce, { painted }).catch((error: unknown) => {
        request.log.error({ err: error }, 'no preload hints');
        return '';
      }),
    ].join('');
  }

  app.setNotFoundHandler(async (request, reply) => {
    const pathname = request.url.split('?')[0] ?? '/';
    if (!isPage(request, pathname)) return reply.code(404).send({ message: 'Not found' });
    let html: string;
    try {
      html = readFileSync(indexPath, 'utf8');
    } catch {
      return reply.code(503).send({ message: 'The host is not built yet: run the build first.' });
    }
    const nonce = createNonce();
    // Without a registry the shell fetches /registry.json itself and shows why.
    const registry = await registryFor(request, reply);
    // The screen as HTML where the build took a picture of it for this browser's versions; like
    // the hints, the page works without it.
    const picture = await firstPaint.pictureFor(pathname, registry).catch((error: unknown) => {
      request.log.error({ err: error }, 'no first paint');
      return null;
    });
    const extra = await head(request, pathname, registry, nonce, picture !== null);
    // A function replacement: a `$` in the data must not be read as a replacement pattern.
    const hinted = injectNonce(html, nonce).replace(/<\/head>/i, (end: string) => `${extra}${end}`);
    return (
      reply
        .header('Content-Security-Policy', contentSecurityPolicy(nonce))
        // Per browser (its bucket and overrides): revalidated, and never kept for another one.
        .header('Cache-Control', `private, ${NO_CACHE}`)
        .header('Vary', 'Cookie')
        .header('X-Content-Type-Options', 'nosniff')
        .header('X-Frame-Options', 'DENY')
        .type('text/html; charset=utf-8')
        .send(picture ? paintPicture(hinted, picture, nonce) : hinted)
    );
  });
};

export default fp(page, { name: 'page' });
