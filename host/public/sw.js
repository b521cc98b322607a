// The service worker (docs/decisions/036-a-service-worker-of-our-own.md): the app's code stays on
// the device and the network is spent on data.
// - Hashed files (name.1a2b3c4d.js/css) of the shell and of every remote version, whichever build
//   made them: cache first. A hash names one content forever, so a copy is never stale.
// - Pages, /registry.json, /app-config.json: network first (an operator's switch or rollback is seen
//   on the next load), the last copy only when the network fails.
// - Other files (main.js, remoteEntry.js, mf-manifest.json): asked again with the copy's ETag, so an
//   unchanged file costs a 304 and a new shell build is taken on the next load; the copy offline.
// - /api, the operator and beacon endpoints, anything not a GET of this origin: never touched, so no
//   API answer is ever kept.
// Plain script, not bundled (the build only minifies it): the browser compares the served file
// byte for byte to find an update.
const VERSION = 'v1';
const CODE_CACHE = `ajo-code-${VERSION}`;
const DOCUMENT_CACHE = `ajo-documents-${VERSION}`;
/** Hashed files kept at most; the oldest go first (the hashed files of old versions pile up). */
const MAX_CODE_ENTRIES = 400;
const HASHED = /\.[0-9a-f]{8}\.(js|css)$/;
const NEVER = /^\/(api|_operator|_beacon)(\/|$)/;
const DOCUMENTS = new Set(['/registry.json', '/app-config.json']);
/** The key under which the last page without a first-screen picture is kept (any route's shell). */
const ANY_PAGE = '/__ajo-any-page';

/** 'cache-first' | 'network-first' | 'revalidate' | null (not handled: the browser fetches). */
function strategyFor(request) {
  if (request.method !== 'GET') return null;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin || NEVER.test(url.pathname)) return null;
  if (request.mode === 'navigate' || DOCUMENTS.has(url.pathname)) return 'network-first';
  if (HASHED.test(url.pathname)) return 'cache-first';
  if (url.pathname === '/sw.js') return null;
  // A file with an extension; an extensionless path is a page the server renders.
  return /\.[a-z0-9]+$/i.test(url.pathname) ? 'revalidate' : null;
}

/** Pages are kept by path (the query changes no file the page loads). */
function documentKey(request) {
  const url = new URL(request.url);
  return url.origin + url.pathname;
}

/** A request of ours got no answer: the pages say the link is down and check it (index.html). */
async function linkFailed() {
  const pages = await self.clients.matchAll({ type: 'window' });
  for (const page of pages) page.postMessage({ linkFailed: true });
}

/** fetch, telling the pages when there was no answer at all. */
async function fetchOrTell(request, init) {
  try {
    return await fetch(request, init);
  } catch (error) {
    await linkFailed();
    throw error;
  }
}

async function trimCodeCache(cache) {
  const keys = await cache.keys();
  // Cache.keys() lists in insertion order: the first ones are the oldest.
  await Promise.all(
    keys.slice(0, Math.max(0, keys.length - MAX_CODE_ENTRIES)).map((key) => cache.delete(key)),
  );
}

async function cacheFirst(request) {
  const cache = await caches.open(CODE_CACHE);
  const kept = await cache.match(request, { ignoreVary: true });
  if (kept) return kept;
  const response = await fetchOrTell(request);
  // Only a whole, plain answer is kept (never a 404, a partial or an opaque one).
  if (response.status === 200 && response.type === 'basic') {
    await cache.put(request, response.clone());
    await trimCodeCache(cache);
  }
  return response;
}

async function keepDocument(cache, key, response, isPage) {
  if (response.status !== 200 || response.type !== 'basic') return;
  const copy = response.clone();
  // Kept with its headers: a page's CSP nonce must match the scripts of the same copy.
  await cache.put(key, copy.clone());
  if (!isPage) return;
  const html = await copy.text();
  // A picture of one route's first screen must never show on another route.
  if (!html.includes('id="ajo-first-paint"')) {
    await cache.put(ANY_PAGE, new Response(html, { headers: response.headers }));
  }
}

async function networkFirst(request) {
  const cache = await caches.open(DOCUMENT_CACHE);
  const key = documentKey(request);
  try {
    const response = await fetchOrTell(request);
    await keepDocument(cache, key, response, request.mode === 'navigate');
    return response;
  } catch (error) {
    const kept =
      (await cache.match(key, { ignoreVary: true })) ??
      (request.mode === 'navigate' ? await cache.match(ANY_PAGE) : undefined);
    if (kept) return kept;
    throw error;
  }
}

async function revalidate(request) {
  const cache = await caches.open(CODE_CACHE);
  const kept = await cache.match(request, { ignoreVary: true });
  const etag = kept?.headers.get('ETag');
  let response;
  try {
    // With our own validator the answer is the server's, whatever the HTTP cache holds. The
    // Cache-Control is ours so the browser adds no `no-cache`, which makes a server skip the 304.
    response = await fetchOrTell(request.url, {
      headers: etag ? { 'If-None-Match': etag, 'Cache-Control': 'max-age=0' } : {},
      credentials: 'same-origin',
      cache: 'no-store',
    });
  } catch (error) {
    if (kept) return kept;
    throw error;
  }
  if (response.status === 304 && kept) return kept;
  if (response.status === 200 && response.type === 'basic') {
    await cache.put(request, response.clone());
  }
  return response;
}

const STRATEGIES = { 'cache-first': cacheFirst, 'network-first': networkFirst, revalidate };

/**
 * The files the page loaded before this worker controlled it (its first visit): kept now, from the
 * HTTP cache as a rule, so the next visit is served from the device too. Pages and documents are
 * not: they are always asked for first.
 */
async function keepLoaded(urls) {
  const cache = await caches.open(CODE_CACHE);
  for (const url of urls.slice(0, 200)) {
    if (typeof url !== 'string') continue;
    const request = new Request(url);
    const strategy = strategyFor(request);
    if (strategy !== 'cache-first' && strategy !== 'revalidate') continue;
    if (await cache.match(request, { ignoreVary: true })) continue;
    // One file that fails is one file not kept; the others still are.
    await cacheFirst(request).catch(() => undefined);
  }
}

/** The page of a first visit, which loaded before this worker ran: asked again to be kept. */
async function keepPage(url) {
  const request = new Request(url);
  if (request.method !== 'GET' || new URL(url).origin !== self.location.origin) return;
  const cache = await caches.open(DOCUMENT_CACHE);
  const key = documentKey(request);
  if (await cache.match(key, { ignoreVary: true })) return;
  const response = await fetchOrTell(request).catch(() => null);
  if (response?.headers.get('Content-Type')?.startsWith('text/html')) {
    await keepDocument(cache, key, response, true);
  }
}

self.addEventListener('message', (event) => {
  const urls = event.data?.keep;
  if (Array.isArray(urls)) event.waitUntil(keepLoaded(urls));
  if (typeof event.data?.page === 'string') event.waitUntil(keepPage(event.data.page));
});

self.addEventListener('install', () => {
  // Nothing is kept ahead: files are kept as pages use them, so a new worker can take over at once.
  self.skipWaiting();
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      const current = new Set([CODE_CACHE, DOCUMENT_CACHE]);
      const names = await caches.keys();
      await Promise.all(
        names.filter((n) => n.startsWith('ajo-') && !current.has(n)).map((n) => caches.delete(n)),
      );
      await self.clients.claim();
    })(),
  );
});

self.addEventListener('fetch', (event) => {
  const strategy = strategyFor(event.request);
  if (!strategy) return;
  event.respondWith(STRATEGIES[strategy](event.request));
});
