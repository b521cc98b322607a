/** @jest-environment node */
// The app server's site: pages, headers and caching, the registry document, compression (the
// operator API: operator-api.test.ts, operator-api-input.test.ts).
import { contributionsFor } from './registry-test-support.js';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { precompressDir } from './precompress.js';

import { app, appConfig, appServerHooks, start, tmp } from './app-test-support.js';

appServerHooks();

describe('app server', () => {
  it('serves index.html for app routes with a per-response CSP nonce', async () => {
    await start();
    const a = await app.inject('/dashboard/payments/airtime');
    const b = await app.inject('/faq');
    expect(a.statusCode).toBe(200);
    const csp = a.headers['content-security-policy'];
    const nonce = /'nonce-([0-9a-f]+)'/.exec(String(csp))![1];
    expect(csp).toContain("'strict-dynamic'");
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("base-uri 'none'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(a.body).toContain(`<script nonce="${nonce}" defer src=/assets/main.js>`);
    expect(a.body).toContain(`content=${nonce}`);
    expect(b.headers['content-security-policy']).not.toBe(csp);
    expect(a.headers['cache-control']).toBe('private, no-cache');
    // One browser's page (its bucket and overrides): a cache must key it by the cookies.
    expect(a.headers.vary).toMatch(/\bCookie\b/);
  });

  it('serves / and /terms-and-conditions through the SPA fallback too', async () => {
    await start();
    for (const url of ['/', '/terms-and-conditions', '/index.html']) {
      const res = await app.inject(url);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-security-policy']).toBeDefined();
    }
  });

  it('says nosniff on every answer, JSON and the proxied API included, and limits what pages may use', async () => {
    await start();
    for (const url of [
      '/registry.json',
      '/app-config.json',
      '/api/health',
      '/missing.js',
      '/dashboard',
    ]) {
      const res = await app.inject(url);
      expect([url, res.headers['x-content-type-options']]).toEqual([url, 'nosniff']);
    }
    const page = await app.inject('/dashboard');
    const policy = String(page.headers['permissions-policy']).split(', ');
    expect(policy).toContain('camera=(self)');
    for (const feature of ['microphone', 'geolocation', 'payment', 'usb']) {
      expect(policy).toContain(`${feature}=()`);
    }
    expect(page.headers['strict-transport-security']).toBeUndefined();
  });

  it('pins HTTPS with HSTS in production mode only', async () => {
    await start(undefined, { production: true });
    for (const url of ['/', '/registry.json', '/assets/main.js']) {
      expect((await app.inject(url)).headers['strict-transport-security']).toBe(
        'max-age=63072000; includeSubDomains',
      );
    }
  });

  it('caches hashed chunks for a year and entry files not at all', async () => {
    await start();
    expect((await app.inject('/assets/59.7d848278.js')).headers['cache-control']).toBe(
      'public, max-age=31536000, immutable',
    );
    expect((await app.inject('/assets/main.js')).headers['cache-control']).toBe('no-cache');
    expect(
      (await app.inject('/remotes/wallets/0.1.0/mf-manifest.json')).headers['cache-control'],
    ).toBe('no-cache');
    expect(
      (await app.inject('/remotes/wallets/0.1.0/526.289fe69c.js')).headers['cache-control'],
    ).toContain('immutable');
  });

  it('answers 404 for a missing file instead of the page', async () => {
    await start();
    expect((await app.inject('/assets/missing.js')).statusCode).toBe(404);
  });

  it('serves the registry document and the runtime config, no-cache', async () => {
    await start();
    const registry = await app.inject('/registry.json');
    expect(registry.json()).toEqual({
      remotes: {
        wallets: {
          version: '0.1.0',
          manifest: '/remotes/wallets/0.1.0/mf-manifest.json',
          // What the version declares (its remote.json, stamped by its build): routes, sidebar.
          contributes: contributionsFor('wallets'),
        },
      },
    });
    expect(registry.headers['cache-control']).toBe('private, no-cache');
    expect(registry.headers.vary).toMatch(/Cookie/);
    const config = await app.inject('/app-config.json');
    expect(config.json()).toEqual(appConfig);
    expect(config.headers['cache-control']).toBe('no-cache');
  });

  describe('compression', () => {
    // Repetitive like real bundles, and well above any threshold.
    const chunk = `export const a = ${JSON.stringify('ajo wallet '.repeat(400))};\n`;

    async function startPrecompressed() {
      await start();
      const dist = path.join(tmp, 'dist');
      writeFileSync(path.join(dist, 'assets', '87.72c818cb.js'), chunk);
      writeFileSync(path.join(dist, 'assets', 'tiny.js'), 'x');
      precompressDir(dist);
      const remote = path.join(tmp, 'deploy', 'remotes', 'wallets', '0.1.0');
      writeFileSync(path.join(remote, 'mf-manifest.json'), JSON.stringify({ chunk }));
      precompressDir(remote);
    }

    const get = (url: string, acceptEncoding?: string) =>
      app.inject({ url, headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {} });

    it('writes smaller .br and .gz beside each text file at build time, never a bigger one', async () => {
      await startPrecompressed();
      const file = path.join(tmp, 'dist', 'assets', '87.72c818cb.js');
      expect(brotliDecompressSync(readFileSync(`${file}.br`)).toString()).toBe(chunk);
      expect(gunzipSync(readFileSync(`${file}.gz`)).toString()).toBe(chunk);
      expect(readFileSync(`${file}.br`).length).toBeLessThan(chunk.length / 10);
      expect(existsSync(path.join(tmp, 'dist', 'assets', 'tiny.js.br'))).toBe(false);
    });

    it('sends brotli when asked, gzip when only gzip is asked, the file itself otherwise', async () => {
      await startPrecompressed();
      const url = '/assets/87.72c818cb.js';
      const br = await get(url, 'gzip, deflate, br');
      expect(br.headers['content-encoding']).toBe('br');
      expect(brotliDecompressSync(br.rawPayload).toString()).toBe(chunk);
      // The build's best-quality file, not a per-request compression.
      const onDisk = path.join(tmp, 'dist', 'assets', '87.72c818cb.js');
      expect(br.rawPayload.equals(readFileSync(`${onDisk}.br`))).toBe(true);
      const gz = await get(url, 'gzip');
      expect(gz.headers['content-encoding']).toBe('gzip');
      expect(gz.rawPayload.equals(readFileSync(`${onDisk}.gz`))).toBe(true);
      const plain = await get(url);
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.body).toBe(chunk);
      for (const res of [br, gz, plain]) {
        expect(res.headers['content-type']).toMatch(/^application\/javascript/);
        expect(res.headers.vary).toMatch(/accept-encoding/i);
        expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      }
      // A file too small to gain has no variant on disk; it is still sent whole and decodable.
      const tiny = await get('/assets/tiny.js', 'gzip');
      const bytes = tiny.headers['content-encoding']
        ? gunzipSync(tiny.rawPayload)
        : tiny.rawPayload;
      expect(bytes.toString()).toBe('x');
    });

    it("sends a remote's published JSON compressed, with its JSON type", async () => {
      await startPrecompressed();
      const res = await get('/remotes/wallets/0.1.0/mf-manifest.json', 'br');
      expect(res.headers['content-encoding']).toBe('br');
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      expect(JSON.parse(brotliDecompressSync(res.rawPayload).toString())).toEqual({ chunk });
    });

    it('compresses its own JSON answers above the threshold and leaves small ones alone', async () => {
      const bankName = 'Ajo Microfinance Bank '.repeat(100);
      await start(undefined, { appConfig: { ...appConfig, bankName } });
      const big = await get('/app-config.json', 'gzip');
      expect(big.headers['content-encoding']).toBe('gzip');
      expect(big.headers.vary).toMatch(/accept-encoding/i);
      expect(JSON.parse(gunzipSync(big.rawPayload).toString()).bankName).toBe(bankName);
      expect(big.rawPayload.length).toBeLessThan(bankName.length / 4);
      const small = await get('/no-such-file.json', 'gzip, br');
      expect(small.headers['content-encoding']).toBeUndefined();
      expect(small.json()).toEqual({ message: 'Not found' });
    });

    it('compresses the page (index.html with its nonce) per request', async () => {
      await start();
      writeFileSync(
        path.join(tmp, 'dist', 'index.html'),
        `<html><head><meta name=csp-nonce content=__CSP_NONCE__></head><body>${'<p>Ajo</p>'.repeat(300)}</body></html>`,
      );
      const res = await get('/login', 'br');
      expect(res.headers['content-encoding']).toBe('br');
      const nonce = /'nonce-([0-9a-f]+)'/.exec(String(res.headers['content-security-policy']))![1];
      expect(brotliDecompressSync(res.rawPayload).toString()).toContain(`content=${nonce}`);
    });
  });
});
