// Files: the shell's build at /, the published remotes at /remotes/<name>/<version>/, each sent as
// its build-time .br/.gz by Accept-Encoding (docs/decisions/017-compressed-and-budgeted-first-pages.md),
// hashed chunks cached for a year and everything else revalidated. The server's own answers
// (the page, registry.json, app-config.json, error bodies) are compressed per request.
import path from 'node:path';
import fastifyCompress from '@fastify/compress';
import fastifyStatic from '@fastify/static';
import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';

export const NO_CACHE = 'no-cache';
const IMMUTABLE = 'public, max-age=31536000, immutable';
// Hashed chunk names (name.1a2b3c4d.js/css) never change content: cache them for a year.
const HASHED = /\.[0-9a-f]{8}\.(js|css)$/;
/** Answers the app server builds itself (registry, config, index.html) are compressed above this. */
export const COMPRESS_THRESHOLD_BYTES = 1024;

type HeaderTarget =
  | { setHeader(name: string, value: string): unknown }
  | { header(name: string, value: string): unknown };

function cacheHeaders(res: HeaderTarget, filePath: string) {
  // @fastify/static hands over either the raw response or the reply, depending on version.
  const set =
    'setHeader' in res ? res.setHeader.bind(res) : (res.header.bind(res) as typeof res.header);
  // A precompressed variant (name.js.br) is cached like the file it encodes.
  const served = path.basename(filePath).replace(/\.(br|gz)$/, '');
  set('Cache-Control', HASHED.test(served) ? IMMUTABLE : NO_CACHE);
  set('X-Content-Type-Options', 'nosniff');
}

const staticFiles: FastifyPluginAsync<{ distDir: string; deployDir: string }> = async (app, o) => {
  // Static files carry their build-time .br/.gz (preCompressed below) and the proxied API arrives
  // compressed by the middleware: a Content-Encoding already set is kept.
  await app.register(fastifyCompress, {
    global: true,
    // Request bodies go to the middleware as they came; it alone decides what it accepts.
    globalDecompression: false,
    threshold: COMPRESS_THRESHOLD_BYTES,
    encodings: ['br', 'gzip'],
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
    // index.html only through the page handler (plugins/page.ts), which adds the CSP nonce.
    allowedPath: (pathname) => pathname !== '/index.html' && pathname !== '/',
    preCompressed: true,
    cacheControl: false,
    setHeaders: cacheHeaders,
  });
};

export default fp(staticFiles, { name: 'static-files' });
