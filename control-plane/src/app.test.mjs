/** @jest-environment node */
/* global describe, it, expect, afterEach, jest */
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import * as tar from 'tar';
import { buildApp } from './app.js';
import { buildOperatorApp, CONSOLE_CSP, parseOperators } from './operator/index.js';
import { precompressDir } from './precompress.js';
import { corruptDatabase, writeBuild } from './registry-test-support.js';
import { createRegistryStore } from './registry/index.js';

let tmp;
let app;
let deployDir;
const appConfig = { apiBaseUrl: '/api', encryptionSecret: 'secret-123', bankName: 'Test Bank' };

async function start(adminToken, options = {}) {
  tmp = mkdtempSync(path.join(os.tmpdir(), 'ajo-app-'));
  const dist = path.join(tmp, 'dist');
  mkdirSync(path.join(dist, 'assets'), { recursive: true });
  writeFileSync(
    path.join(dist, 'index.html'),
    '<html><head><meta name=csp-nonce content=__CSP_NONCE__><script defer src=/assets/main.js></script></head><body><div id=root></div></body></html>',
  );
  writeFileSync(path.join(dist, 'assets', 'main.js'), 'main');
  writeFileSync(path.join(dist, 'assets', '59.7d848278.js'), 'chunk');
  deployDir = path.join(tmp, 'deploy');
  const setup = createRegistryStore(deployDir);
  for (const version of ['0.1.0', '0.2.0']) {
    const build = path.join(tmp, 'builds', version);
    writeBuild(build, { name: 'wallets', version });
    writeFileSync(path.join(build, '526.289fe69c.js'), `chunk ${version}`);
    await setup.publishFolder('wallets', build, version, { operator: 'setup' });
  }
  await setup.activate('wallets', '0.1.0', { operator: 'setup' });
  await setup.close();
  app = await buildApp({
    distDir: dist,
    deployDir,
    appConfig,
    adminToken,
    middlewareUrl: 'http://127.0.0.1:9',
    ...options,
  });
}

afterEach(async () => {
  await app?.close();
  rmSync(tmp, { recursive: true, force: true });
});

describe('app server', () => {
  it('serves index.html for app routes with a per-response CSP nonce', async () => {
    await start();
    const a = await app.inject('/dashboard/payments/airtime');
    const b = await app.inject('/faq');
    expect(a.statusCode).toBe(200);
    const csp = a.headers['content-security-policy'];
    const nonce = /'nonce-([0-9a-f]+)'/.exec(csp)[1];
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
    const policy = page.headers['permissions-policy'].split(', ');
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
        wallets: { version: '0.1.0', manifest: '/remotes/wallets/0.1.0/mf-manifest.json' },
      },
    });
    expect(registry.headers['cache-control']).toBe('private, no-cache');
    expect(registry.headers.vary).toMatch(/Cookie/);
    const config = await app.inject('/app-config.json');
    expect(config.json()).toEqual(appConfig);
    expect(config.headers['cache-control']).toBe('no-cache');
  });

  it('disables the operator endpoint without REGISTRY_ADMIN_TOKEN and says so', async () => {
    await start(undefined);
    const res = await app.inject('/_operator/registry');
    expect(res.statusCode).toBe(503);
    expect(res.json().message).toMatch(/REGISTRY_ADMIN_TOKEN/);
  });

  it('requires the bearer token on the operator endpoint', async () => {
    await start('admin-token');
    expect((await app.inject('/_operator/registry')).statusCode).toBe(401);
    const wrong = await app.inject({
      url: '/_operator/registry',
      headers: { authorization: 'Bearer nope' },
    });
    expect(wrong.statusCode).toBe(401);
    const ok = await app.inject({
      url: '/_operator/registry',
      headers: { authorization: 'Bearer admin-token' },
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().state.remotes.wallets.active).toBe('0.1.0');
  });

  it('serves the operator console without a token, its data only with one, under a strict CSP', async () => {
    await start('admin-token');
    const page = await app.inject('/_operator/console');
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.headers['content-security-policy']).toBe(CONSOLE_CSP);
    expect(page.headers['content-security-policy']).toMatch(/script-src 'self';/);
    expect(page.headers['x-frame-options']).toBe('DENY');
    // Its own script and style, no inline script (the CSP would refuse it), no customer bundle.
    expect(page.body).toContain('<script type="module" src="/_operator/console/console.js">');
    expect(page.body).not.toMatch(/<script(?![^>]*\ssrc=)[^>]*>/);
    expect(page.body).not.toContain('/assets/main.js');
    const script = await app.inject('/_operator/console/console.js');
    expect([script.statusCode, script.headers['content-type']]).toEqual([
      200,
      'text/javascript; charset=utf-8',
    ]);
    // Every module the script imports is served beside it, as a script under the same CSP.
    for (const [, imported] of script.body.matchAll(/^import .* from '\.\/([\w-]+\.js)';$/gm)) {
      const module = await app.inject(`/_operator/console/${imported}`);
      expect([module.statusCode, module.headers['content-type']]).toEqual([
        200,
        'text/javascript; charset=utf-8',
      ]);
      expect(module.headers['content-security-policy']).toBe(CONSOLE_CSP);
    }
    expect(script.body).toContain("from './dom.js';");
    expect((await app.inject('/_operator/console/console.css')).statusCode).toBe(200);
    // Nothing else under the console is there, and the data still needs the token.
    expect((await app.inject('/_operator/console/other.js')).statusCode).toBe(404);
    expect((await app.inject('/_operator/registry')).statusCode).toBe(401);
    const data = await app.inject({
      url: '/_operator/registry',
      headers: { authorization: 'Bearer admin-token' },
    });
    expect(data.json()).toMatchObject({ operator: 'admin', revision: expect.any(Number) });
  });

  it('runs the mount check it is given before a version goes live, on the site and on the operator server', async () => {
    const mountCheck = jest.fn(async ({ version }) =>
      version === '0.2.0' ? ['mount threw: no wallets'] : [],
    );
    await start('admin-token', { mountCheck });
    const activate = (server) =>
      server.inject({
        method: 'PUT',
        url: '/_operator/registry/wallets',
        headers: { authorization: 'Bearer admin-token' },
        payload: { version: '0.2.0' },
      });
    const refused = await activate(app);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(
      'wallets@0.2.0 cannot go live: the mount check failed: mount threw: no wallets (force it with a reason to activate anyway)',
    );
    expect(mountCheck).toHaveBeenCalledWith(
      expect.objectContaining({ name: 'wallets', version: '0.2.0' }),
    );
    const operatorApp = await buildOperatorApp({
      deployDir,
      adminToken: 'admin-token',
      mountCheck,
    });
    try {
      expect((await activate(operatorApp)).statusCode).toBe(409);
    } finally {
      await operatorApp.close();
    }
    expect((await app.inject('/registry.json')).json().remotes.wallets.version).toBe('0.1.0');
  });

  it('switches and rolls back a version over HTTP', async () => {
    await start('admin-token');
    const auth = { authorization: 'Bearer admin-token' };
    const refused = await app.inject({
      method: 'PUT',
      url: '/_operator/registry/wallets',
      headers: auth,
      payload: { version: '0.3.0' },
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toMatch(/not published/);
    const switched = await app.inject({
      method: 'PUT',
      url: '/_operator/registry/wallets',
      headers: auth,
      payload: { version: '0.2.0', reason: 'release 0.2.0' },
    });
    expect(switched.statusCode).toBe(200);
    expect((await app.inject('/registry.json')).json().remotes.wallets.version).toBe('0.2.0');
    const forced = await app.inject({
      method: 'PUT',
      url: '/_operator/registry/wallets',
      headers: auth,
      payload: { version: '0.3.0', force: true, reason: 'served from elsewhere' },
    });
    expect(forced.statusCode).toBe(200);
    // A rollback without a body steps back once, then once more: never back to 0.3.0.
    for (const expected of ['0.2.0', '0.1.0']) {
      const back = await app.inject({
        method: 'POST',
        url: '/_operator/registry/wallets/rollback',
        headers: auth,
      });
      expect(back.json()).toMatchObject({ active: expected });
    }
    const to = await app.inject({
      method: 'POST',
      url: '/_operator/registry/wallets/rollback',
      headers: auth,
      payload: { version: '0.2.0', reason: 'back to the release' },
    });
    expect(to.json()).toMatchObject({ active: '0.2.0', previous: '0.1.0' });
    const history = await app.inject({
      url: '/_operator/registry/history?remote=wallets&limit=5',
      headers: auth,
    });
    expect(
      history.json().history.map((h) => [h.action, h.operator, h.from, h.to, h.reason]),
    ).toEqual([
      ['rollback', 'admin', '0.1.0', '0.2.0', 'back to the release'],
      ['rollback', 'admin', '0.2.0', '0.1.0', null],
      ['rollback', 'admin', '0.3.0', '0.2.0', null],
      ['force', 'admin', '0.2.0', '0.3.0', 'served from elsewhere (forced past: not published)'],
      ['activate', 'admin', '0.1.0', '0.2.0', 'release 0.2.0'],
    ]);
  });

  it('names every operator by their own token in the history; the old single token is operator admin', async () => {
    await start(undefined, {
      operators: parseOperators({
        REGISTRY_OPERATORS: 'ada:ada-token-0123456789, bola:bola-token-0123456789',
        REGISTRY_ADMIN_TOKEN: 'admin-token',
      }),
    });
    for (const [token, version] of [
      ['ada-token-0123456789', '0.2.0'],
      ['bola-token-0123456789', '0.1.0'],
      ['admin-token', '0.2.0'],
    ]) {
      const res = await app.inject({
        method: 'PUT',
        url: '/_operator/registry/wallets',
        headers: { authorization: `Bearer ${token}` },
        payload: { version },
      });
      expect(res.statusCode).toBe(200);
    }
    const history = await app.inject({
      url: '/_operator/registry/history',
      headers: { authorization: 'Bearer bola-token-0123456789' },
    });
    expect(
      history
        .json()
        .history.slice(0, 3)
        .map((h) => h.operator),
    ).toEqual(['admin', 'bola', 'ada']);
    expect(() => parseOperators({ REGISTRY_OPERATORS: 'ada:short' })).toThrow(/16 characters/);
    expect(() =>
      parseOperators({
        REGISTRY_OPERATORS: 'ada:same-token-0123456789,bola:same-token-0123456789',
      }),
    ).toThrow(/share a token/);
    expect(() =>
      parseOperators({ REGISTRY_OPERATORS: 'ada:one-token-0123456789,ada:two-token-0123456789' }),
    ).toThrow(/twice/);
  });

  it('compare-and-swap over HTTP: the ETag is the revision, a stale If-Match is 409 and changes nothing', async () => {
    await start('admin-token');
    const auth = { authorization: 'Bearer admin-token' };
    const read = await app.inject({ url: '/_operator/registry', headers: auth });
    const tag = read.headers.etag;
    expect(tag).toBe(`"${read.json().revision}"`);
    const first = await app.inject({
      method: 'PUT',
      url: '/_operator/registry/wallets',
      headers: { ...auth, 'if-match': tag },
      payload: { version: '0.2.0' },
    });
    expect(first.statusCode).toBe(200);
    expect(first.headers.etag).toBe(`"${read.json().revision + 1}"`);
    const stale = await app.inject({
      method: 'POST',
      url: '/_operator/registry/wallets/rollback',
      headers: { ...auth, 'if-match': tag },
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().message).toMatch(/registry changed/);
    const after = await app.inject({ url: '/_operator/registry', headers: auth });
    expect(after.headers.etag).toBe(first.headers.etag);
    expect(after.json().state.remotes.wallets.active).toBe('0.2.0');
    const garbled = await app.inject({
      method: 'PUT',
      url: '/_operator/registry/wallets',
      headers: { ...auth, 'if-match': 'yesterday' },
      payload: { version: '0.1.0' },
    });
    expect(garbled.statusCode).toBe(400);
    expect(garbled.json().message).toMatch(/If-Match/);
  });

  it('answers bad operator input with 400/404/413/415 and a message, never 500, and changes nothing', async () => {
    await start('admin-token');
    const auth = { authorization: 'Bearer admin-token' };
    const json = { ...auth, 'content-type': 'application/json' };
    const cases = [
      [
        {
          method: 'PUT',
          url: '/_operator/registry/wallets',
          headers: json,
          payload: '{"version":',
        },
        400,
      ],
      [
        { method: 'PUT', url: '/_operator/registry/wallets', headers: json, payload: { v: 1 } },
        400,
      ],
      [
        {
          method: 'PUT',
          url: '/_operator/registry/wallets',
          headers: json,
          payload: { version: 7 },
        },
        400,
      ],
      [
        {
          method: 'PUT',
          url: '/_operator/registry/wallets',
          headers: json,
          payload: { version: '../../x' },
        },
        400,
      ],
      [
        {
          method: 'PUT',
          url: '/_operator/registry/wallets',
          headers: json,
          payload: { version: '0.2.0', reason: 'x'.repeat(501) },
        },
        400,
      ],
      [
        {
          method: 'PUT',
          url: '/_operator/registry/wallets',
          headers: json,
          payload: { version: '0.2.0', pad: 'x'.repeat(5000) },
        },
        413,
      ],
      [
        {
          method: 'PUT',
          url: '/_operator/registry/wallets',
          headers: { ...auth, 'content-type': 'application/xml' },
          payload: '<version/>',
        },
        415,
      ],
      [
        {
          method: 'PUT',
          url: '/_operator/registry/__proto__',
          headers: json,
          payload: { version: '0.2.0' },
        },
        404,
      ],
      [{ method: 'POST', url: '/_operator/registry/constructor/rollback', headers: auth }, 404],
      [
        {
          method: 'POST',
          url: '/_operator/registry/wallets/rollback',
          headers: json,
          payload: '[]',
        },
        400,
      ],
      [{ method: 'GET', url: '/_operator/registry/history?limit=abc', headers: auth }, 400],
      [{ method: 'GET', url: '/_operator/registry/history?remote=__proto__', headers: auth }, 404],
    ];
    for (const [request, status] of cases) {
      const res = await app.inject(request);
      expect([request.url, request.payload, res.statusCode]).toEqual([
        request.url,
        request.payload,
        status,
      ]);
      expect(typeof res.json().message).toBe('string');
    }
    const state = await app.inject({ url: '/_operator/registry', headers: auth });
    expect(state.json().state.remotes.wallets.active).toBe('0.1.0');
    expect(state.json().revision).toBe(3);
  });

  it('rate limits the operator API per client, before the token is looked at', async () => {
    await start('admin-token', { operatorRateLimit: { max: 3, timeWindow: 60_000 } });
    const statuses = [];
    for (let i = 0; i < 5; i += 1) {
      const res = await app.inject({
        url: '/_operator/registry',
        headers: { authorization: `Bearer guess-${i}` },
      });
      statuses.push(res.statusCode);
      if (res.statusCode === 429) expect(res.json().message).toMatch(/Too many operator requests/);
    }
    expect(statuses).toEqual([401, 401, 401, 429, 429]);
    // Customers' pages and the registry document are not limited.
    for (let i = 0; i < 5; i += 1)
      expect((await app.inject('/registry.json')).statusCode).toBe(200);
  });

  it('keeps serving the last good registry when the database is corrupted; the operator API says why', async () => {
    await start('admin-token');
    const good = (await app.inject('/registry.json')).json();
    // The server restarts onto a file that is no database any more.
    await app.close();
    corruptDatabase(deployDir, 'garbage');
    app = await buildApp({
      distDir: path.join(tmp, 'dist'),
      deployDir,
      appConfig,
      adminToken: 'admin-token',
      middlewareUrl: 'http://127.0.0.1:9',
    });
    const served = await app.inject('/registry.json');
    expect(served.statusCode).toBe(200);
    expect(served.json()).toEqual(good);
    expect((await app.inject('/remotes/wallets/0.1.0/mf-manifest.json')).statusCode).toBe(200);
    const operator = await app.inject({
      url: '/_operator/registry',
      headers: { authorization: 'Bearer admin-token' },
    });
    expect(operator.statusCode).toBe(503);
    expect(operator.json().message).toMatch(/npm run registry -- repair/);
  });

  it('serves the operator API on its own server when asked, and then not on the site of the customers', async () => {
    await start('admin-token', { operatorApiElsewhere: true });
    const onSite = await app.inject({
      url: '/_operator/registry',
      headers: { authorization: 'Bearer admin-token' },
    });
    expect(onSite.statusCode).toBe(404);
    const operatorApp = await buildOperatorApp({ deployDir, adminToken: 'admin-token' });
    try {
      const res = await operatorApp.inject({
        method: 'PUT',
        url: '/_operator/registry/wallets',
        headers: { authorization: 'Bearer admin-token' },
        payload: { version: '0.2.0' },
      });
      expect(res.statusCode).toBe(200);
      expect((await app.inject('/registry.json')).json().remotes.wallets.version).toBe('0.2.0');
      // Nothing of the customers' site is there; the console is, and no longer on the site.
      for (const url of ['/registry.json', '/', '/remotes/wallets/0.1.0/mf-manifest.json']) {
        expect((await operatorApp.inject(url)).statusCode).toBe(404);
      }
      expect((await operatorApp.inject('/_operator/console')).statusCode).toBe(200);
      expect((await app.inject('/_operator/console')).statusCode).toBe(404);
    } finally {
      await operatorApp.close();
    }
  });

  it('publishes an uploaded build (.tar.gz) over HTTP: once, immutable, its version checked', async () => {
    await start('admin-token');
    const auth = { authorization: 'Bearer admin-token', 'content-type': 'application/gzip' };
    const pack = (dir, entries = ['.']) => {
      const file = path.join(tmp, `upload-${Math.random()}.tgz`);
      tar.c({ gzip: true, cwd: dir, sync: true, file }, entries);
      return readFileSync(file);
    };
    const upload = (version, payload, headers = auth) =>
      app.inject({
        method: 'PUT',
        url: `/_operator/registry/wallets/versions/${version}`,
        headers,
        payload,
      });
    const build = path.join(tmp, 'upload', 'dist');
    writeBuild(build, { name: 'wallets', version: '0.3.0' });

    const first = await upload('0.3.0', pack(build));
    expect([first.statusCode, first.json()]).toEqual([
      201,
      expect.objectContaining({ version: '0.3.0', published: true }),
    ]);
    expect((await app.inject('/remotes/wallets/0.3.0/remoteEntry.js')).body).toBe('// 0.3.0');
    // The same build again, packed in its dist/ folder this time: nothing to do.
    const again = await upload('0.3.0', pack(path.dirname(build), ['dist']));
    expect([again.statusCode, again.json().published]).toEqual([200, false]);
    writeBuild(build, { name: 'wallets', version: '0.3.0', content: 'other' });
    const other = await upload('0.3.0', pack(build));
    expect(other.statusCode).toBe(409);
    expect((await app.inject('/remotes/wallets/0.3.0/remoteEntry.js')).body).toBe('// 0.3.0');
    expect((await upload('0.4.0', pack(build))).json().message).toMatch(
      /says version 0\.3\.0, not 0\.4\.0/,
    );

    symlinkSync('/etc/passwd', path.join(build, 'passwd'));
    expect((await upload('0.3.1', pack(build))).statusCode).toBe(413);
    expect((await upload('0.3.1', Buffer.from('not an archive'))).statusCode).toBe(400);
    const json = await upload('0.3.1', { a: 1 }, { ...auth, 'content-type': 'application/json' });
    expect(json.statusCode).toBe(415);
    expect(
      (await upload('0.3.1', pack(build), { 'content-type': 'application/gzip' })).statusCode,
    ).toBe(401);
    const state = await app.inject({ url: '/_operator/registry', headers: auth });
    expect(state.json().state.remotes.wallets.versions.map((v) => v.version)).toEqual([
      '0.1.0',
      '0.2.0',
      '0.3.0',
    ]);
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

    const get = (url, acceptEncoding) =>
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
      const small = await get('/registry.json', 'gzip, br');
      expect(small.headers['content-encoding']).toBeUndefined();
      expect(small.json().remotes.wallets.version).toBe('0.1.0');
    });

    it('compresses the page (index.html with its nonce) per request', async () => {
      await start();
      writeFileSync(
        path.join(tmp, 'dist', 'index.html'),
        `<html><head><meta name=csp-nonce content=__CSP_NONCE__></head><body>${'<p>Ajo</p>'.repeat(300)}</body></html>`,
      );
      const res = await get('/login', 'br');
      expect(res.headers['content-encoding']).toBe('br');
      const nonce = /'nonce-([0-9a-f]+)'/.exec(res.headers['content-security-policy'])[1];
      expect(brotliDecompressSync(res.rawPayload).toString()).toContain(`content=${nonce}`);
    });
  });
});
