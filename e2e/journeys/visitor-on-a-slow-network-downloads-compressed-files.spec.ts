// Every byte costs the customer money and time on a slow link: the built JavaScript, the remotes'
// published files and the API's JSON arrive brotli-compressed in a browser, gzip for a client that
// only speaks gzip, and whole for one that asks for neither (control-plane/src/precompress.ts, the app
// server's preCompressed static files, @fastify/compress in the middleware).
import http from 'node:http';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { expect, test } from '../support/fixtures';
import { appBaseURL } from '../support/paths';

interface Raw {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

/** A GET that shows the bytes on the wire (fetch and Playwright's request would decode them). */
function rawGet(pathname: string, acceptEncoding?: string): Promise<Raw> {
  return new Promise((resolve, reject) => {
    const headers: Record<string, string> = acceptEncoding
      ? { 'accept-encoding': acceptEncoding }
      : {};
    http
      .get(`${appBaseURL}${pathname}`, { headers }, (res) => {
        const parts: Buffer[] = [];
        res.on('data', (part: Buffer) => parts.push(part));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            body: Buffer.concat(parts),
          }),
        );
      })
      .on('error', reject);
  });
}

/**
 * The same file three ways: brotli when offered, gzip when only gzip is, identity otherwise. A static
 * file says `Vary: Accept-Encoding` even uncompressed (a shared cache must not hand it to a browser
 * that could take brotli); the API's JSON (no Last-Modified, no max-age) is not kept by caches, so only compressed ones say it.
 */
async function expectServedThreeWays(pathname: string, contentType: RegExp) {
  const plain = await rawGet(pathname);
  expect(plain.status, pathname).toBe(200);
  expect(plain.headers['content-encoding'], pathname).toBeUndefined();
  const br = await rawGet(pathname, 'gzip, deflate, br');
  expect(br.headers['content-encoding'], pathname).toBe('br');
  expect(brotliDecompressSync(br.body).equals(plain.body), pathname).toBe(true);
  expect(br.body.length, pathname).toBeLessThan(plain.body.length);
  const gz = await rawGet(pathname, 'gzip');
  expect(gz.headers['content-encoding'], pathname).toBe('gzip');
  expect(gunzipSync(gz.body).equals(plain.body), pathname).toBe(true);
  expect(gz.body.length, pathname).toBeLessThan(plain.body.length);
  const isStatic = !pathname.startsWith('/api/');
  for (const res of isStatic ? [plain, br, gz] : [br, gz]) {
    expect(res.headers.vary, pathname).toMatch(/accept-encoding/i);
  }
  for (const res of [plain, br, gz]) {
    expect(res.headers['content-type'], pathname).toMatch(contentType);
  }
}

test('a visitor on a slow network downloads the home page compressed, and every client gets what it can read', async ({
  page,
}) => {
  const encodings = new Map<string, string>();
  page.on('response', (response) => {
    const type = response.request().resourceType();
    if (type === 'script' || type === 'stylesheet' || type === 'document')
      encodings.set(new URL(response.url()).pathname, response.headers()['content-encoding'] ?? '');
  });
  await page.goto('/');
  await expect(page.getByRole('main')).toBeVisible();
  await page.waitForLoadState('networkidle');

  // In the browser: the page and every script and style sheet of the first load, brotli.
  const scripts = [...encodings.keys()].filter((p) => p.endsWith('.js'));
  expect(scripts.length).toBeGreaterThan(3);
  for (const [pathname, encoding] of encodings) {
    // A file too small to gain anything is sent as it is.
    if (encoding === '') expect((await rawGet(pathname)).body.length, pathname).toBeLessThan(1024);
    else expect([pathname, encoding]).toEqual([pathname, 'br']);
  }

  // The shell's entry, a remote's published entry and manifest, as built.
  await expectServedThreeWays('/assets/main.js', /^application\/javascript/);
  const registry = (await page.request.get('/registry.json').then((r) => r.json())) as {
    remotes: Record<string, { version: string; manifest: string }>;
  };
  const manifest = registry.remotes.public_pages?.manifest ?? '/public_pages-not-published';
  await expectServedThreeWays(manifest, /^application\/json/);
  await expectServedThreeWays(manifest.replace('mf-manifest.json', 'remoteEntry.js'), /javascript/);

  // A JSON answer of the API through the app server: Kano's 44 local governments.
  await expectServedThreeWays('/api/local-government?stateId=20', /^application\/json/);
});
