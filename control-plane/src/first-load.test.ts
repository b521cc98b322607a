/** @jest-environment node */
// The page carries this browser's registry document, the runtime config and the route's preload
// hints: docs/decisions/023-the-first-screen-in-three-round-trips.md.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import vm from 'node:vm';
import { buildApp } from './app.js';
import {
  APP_CONFIG_DATA_ID,
  EARLY_REQUESTS_GLOBAL,
  firstScreenOf,
  jsonDataElement,
  REGISTRY_DATA_ID,
  SHELL_CHUNKS_FILE,
} from './first-load.js';
import { BUCKET_COOKIE, overrideCookie } from './registry-per-browser.js';

import {
  contributionsFor,
  documentOf,
  openTestStore,
  writeBuild,
} from './registry-test-support.js';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';

const TOKEN = 'operator-token-0123456789';
const appConfig = {
  apiBaseUrl: '/api',
  encryptionSecret: 'secret-123',
  bankName: 'Test </script> Bank',
};

let tmp: string;
let deployDir;
let distDir;
let app: FastifyInstance;

beforeEach(async () => {
  tmp = mkdtempSync(path.join(os.tmpdir(), 'ajo-first-load-'));
  distDir = path.join(tmp, 'dist');
  mkdirSync(distDir, { recursive: true });
  writeFileSync(
    path.join(distDir, 'index.html'),
    '<html><head><script defer src=/assets/main.js></script></head><body></body></html>',
  );
  writeFileSync(
    path.join(distDir, SHELL_CHUNKS_FILE),
    JSON.stringify({
      bootstrap: ['assets/bootstrap.0a1b2c3d.js', 'assets/bootstrap.5a6b7c8d.css'],
      login: ['assets/login-page.1a2b3c4d.js'],
    }),
  );
  // The host container as its build writes it beside the shell.
  writeFileSync(
    path.join(distDir, 'mf-manifest.json'),
    JSON.stringify({
      metaData: { remoteEntry: { name: 'remoteEntry.js', path: '' } },
      exposes: [
        { name: 'bus', assets: { js: { sync: ['host/bus.11111111.js'], async: [] } } },
        {
          name: 'session',
          assets: {
            js: {
              sync: ['host/session.22222222.js'],
              async: ['host/api.33333333.js', 'host/cipher.44444444.js'],
            },
          },
        },
        // The client loads the cipher with its first encrypted call (host/src/api/client.ts).
        {
          name: 'api',
          assets: { js: { sync: ['host/api.33333333.js'], async: ['host/cipher.44444444.js'] } },
        },
      ],
    }),
  );
  deployDir = path.join(tmp, 'deploy');
  const setup = openTestStore(deployDir);
  for (const version of ['0.1.0', '0.2.0']) {
    const build = path.join(tmp, 'builds', version);
    writeBuild(build, { name: 'wallets', version });
    // What MF 2 writes for an exposed module: its chunks, relative to the manifest's folder.
    const manifestFile = path.join(build, 'mf-manifest.json');
    const manifest = JSON.parse(readFileSync(manifestFile, 'utf8'));
    manifest.exposes = [
      {
        name: 'app',
        path: './app',
        assets: {
          js: { sync: ['chunks/1.0a1b2c3d.js'], async: [] },
          css: { sync: ['chunks/1.4e5f6a7b.css'], async: [] },
        },
      },
    ];
    writeFileSync(manifestFile, JSON.stringify(manifest));
    await setup.publishFolder('wallets', build, version, { operator: 'setup' });
  }
  await setup.activate('wallets', '0.1.0', { operator: 'setup' });
  await setup.close();
  app = await buildApp({
    distDir,
    deployDir,
    appConfig,
    operators: [{ name: 'ada', token: TOKEN }],
    middlewareUrl: 'http://127.0.0.1:9',
    production: false,
  });
});

afterEach(async () => {
  await app.close();
  rmSync(tmp, { recursive: true, force: true });
});

const nonceOf = (res: LightMyRequestResponse) =>
  /'nonce-([0-9a-f]+)'/.exec(String(res.headers['content-security-policy']))![1];

/** The JSON of the page's data element `id`, as the shell reads it. */
function dataIn(html: string, id: string) {
  const match = new RegExp(
    `<script type="application/json" id="${id}" nonce="[0-9a-f]+">(.*?)</script>`,
  ).exec(html);
  return match ? JSON.parse(match[1]!) : undefined;
}

const preloads = (html: string) =>
  [...html.matchAll(/<link rel="preload" href="([^"]+)" as="(\w+)"/g)].map(
    ([, href, as]) => `${as} ${href}`,
  );

describe('the first load carried by the page', () => {
  it('writes JSON as inert data: no markup, line separators or replacement patterns get through', () => {
    const element = jsonDataElement(
      'x',
      { a: '</script><script>alert(1)</script>', b: '\u2028$&' },
      'abc',
    );
    expect(element).toBe(
      '<script type="application/json" id="x" nonce="abc">{"a":"\\u003c/script>\\u003cscript>alert(1)\\u003c/script>","b":"\\u2028$&"}</script>',
    );
    expect(JSON.parse(element.slice(element.indexOf('>') + 1, -'</script>'.length))).toEqual({
      a: '</script><script>alert(1)</script>',
      b: '\u2028$&',
    });
  });

  it('inlines the runtime config and the same registry document /registry.json answers for the same cookies', async () => {
    for (const cookies of [
      {},
      { [BUCKET_COOKIE]: '7' },
      { [BUCKET_COOKIE]: '7', [overrideCookie('wallets')]: 'wallets@0.2.0' },
    ] as Record<string, string>[]) {
      const page = await app.inject({ url: '/dashboard', cookies });
      expect(page.statusCode).toBe(200);
      expect(page.headers['cache-control']).toBe('private, no-cache');
      expect(page.headers.vary).toMatch(/cookie/i);
      const registry = await app.inject({ url: '/registry.json', cookies });
      expect(dataIn(page.body, REGISTRY_DATA_ID)).toEqual(registry.json());
      expect(dataIn(page.body, APP_CONFIG_DATA_ID)).toEqual(appConfig);
      // One element each, before the shell's script, under this answer's nonce.
      const nonce = nonceOf(page);
      expect(page.body.match(/type="application\/json"/g)).toHaveLength(2);
      expect(page.body).not.toContain('</script> Bank');
      expect(page.body).toContain(`id="${REGISTRY_DATA_ID}" nonce="${nonce}"`);
    }
  });

  it('keeps the version to fall back to in the inlined document of a browser on another version', async () => {
    const page = await app.inject({
      url: '/dashboard',
      cookies: { [overrideCookie('wallets')]: 'wallets@0.2.0' },
    });
    expect(dataIn(page.body, REGISTRY_DATA_ID).remotes.wallets).toEqual({
      version: '0.2.0',
      manifest: '/remotes/wallets/0.2.0/mf-manifest.json',
      contributes: contributionsFor('wallets'),
      fallback: { version: '0.1.0', manifest: '/remotes/wallets/0.1.0/mf-manifest.json' },
    });
  });

  it("hints the route's remote in this browser's version, the host container and the shell's chunks, not the cipher", async () => {
    const everyone = await app.inject('/dashboard');
    expect(preloads(everyone.body)).toEqual([
      'fetch /mf-manifest.json',
      'fetch /remotes/wallets/0.1.0/mf-manifest.json',
      'style /assets/bootstrap.5a6b7c8d.css',
      'style /remotes/wallets/0.1.0/chunks/1.4e5f6a7b.css',
      'script /assets/bootstrap.0a1b2c3d.js',
      'script /remoteEntry.js',
      'script /host/bus.11111111.js',
      'script /host/session.22222222.js',
      'script /host/api.33333333.js',
      'script /remotes/wallets/0.1.0/remoteEntry.js',
      'script /remotes/wallets/0.1.0/chunks/1.0a1b2c3d.js',
    ]);
    expect(everyone.body).toContain(
      `<link rel="preload" href="/mf-manifest.json" as="fetch" crossorigin nonce="${nonceOf(everyone)}">`,
    );
    const tester = await app.inject({
      url: '/dashboard',
      cookies: { [overrideCookie('wallets')]: 'wallets@0.2.0' },
    });
    const hinted = preloads(tester.body).filter((hint) => hint.includes('/remotes/'));
    expect(hinted).toEqual([
      'fetch /remotes/wallets/0.2.0/mf-manifest.json',
      'style /remotes/wallets/0.2.0/chunks/1.4e5f6a7b.css',
      'script /remotes/wallets/0.2.0/remoteEntry.js',
      'script /remotes/wallets/0.2.0/chunks/1.0a1b2c3d.js',
    ]);
  });

  it('hints only what the route loads: the login form on /login, no host services on the landing page', async () => {
    expect(preloads((await app.inject('/login')).body)).toEqual([
      'fetch /mf-manifest.json',
      'style /assets/bootstrap.5a6b7c8d.css',
      'script /assets/bootstrap.0a1b2c3d.js',
      'script /assets/login-page.1a2b3c4d.js',
      'script /remoteEntry.js',
      'script /host/bus.11111111.js',
      'script /host/session.22222222.js',
    ]);
    // public_pages is not published here: nothing of it is hinted, the page still serves.
    const home = await app.inject('/');
    expect(home.statusCode).toBe(200);
    expect(preloads(home.body)).toEqual([
      'style /assets/bootstrap.5a6b7c8d.css',
      'script /assets/bootstrap.0a1b2c3d.js',
    ]);
  });

  it("resolves the first screen of a path from the document's routes, as the shell does", () => {
    const doc = documentOf();
    expect(firstScreenOf('/', doc)).toEqual({
      remote: 'public_pages',
      services: false,
      signedIn: false,
    });
    expect(firstScreenOf('/login/', doc)).toEqual({
      remote: null,
      services: true,
      signedIn: false,
    });
    expect(firstScreenOf('/dashboard', doc)).toEqual({
      remote: 'wallets',
      services: true,
      signedIn: true,
    });
    expect(firstScreenOf('/dashboard/transfers/other-wallet', doc)).toMatchObject({
      remote: 'transfers',
    });
    expect(firstScreenOf('/register/step-2', doc)).toMatchObject({
      remote: 'onboarding',
      signedIn: false,
    });
    expect(firstScreenOf('/no-such-page', doc)).toMatchObject({ remote: 'public_pages' });
  });

  it('knows a route only while a version declaring it is what the browser gets', () => {
    const loans = {
      routes: [{ path: '/dashboard/loans', label: 'Loans', access: 'signed-in' as const }],
    };
    expect(firstScreenOf('/dashboard/loans', documentOf({ loans }))).toEqual({
      remote: 'loans',
      services: true,
      signedIn: true,
    });
    // Rolled back (or never live): the path is the home page's, like any unknown path.
    expect(firstScreenOf('/dashboard/loans', documentOf())).toMatchObject({
      remote: 'public_pages',
      signedIn: false,
    });
  });
});

describe("a signed-in page's first requests, started by its HTML", () => {
  /** The page's inline script (not a JSON data element), with its nonce. */
  const inlineScripts = (html: string) =>
    [...html.matchAll(/<script nonce="([0-9a-f]+)">(.*?)<\/script>/g)].map(([, nonce, code]) => ({
      nonce,
      code: code!,
    }));

  /** What the stand-in fetch answers per URL: an answer, or an Error to throw (offline). */
  type Answers = Record<
    string,
    { status?: number; headers?: Record<string, string>; body?: unknown } | Error | undefined
  >;

  /** Runs the page's script as a browser would, against `storage`; answers what it asked and left. */
  async function runIn(code: string, storage: Record<string, string>, answers: Answers) {
    const asked: { url: string; headers: unknown }[] = [];
    const window: Record<string, unknown> = {
      localStorage: { getItem: (key: string) => storage[key] ?? null },
    };
    const fetch = async (url: string, init?: { headers?: unknown }) => {
      asked.push({ url, headers: init?.headers ?? {} });
      const answer = answers[url];
      if (answer instanceof Error) throw answer;
      return {
        ok: answer?.status === 200,
        status: answer?.status,
        headers: { get: (name: string) => answer?.headers?.[name.toLowerCase()] ?? null },
        json: async () => answer?.body,
      };
    };
    vm.runInNewContext(code, { window, fetch, encodeURIComponent });
    const left = window[EARLY_REQUESTS_GLOBAL] as
      { appCheck: Promise<unknown>; user: Promise<unknown> } | undefined;
    const results = left ? { appCheck: await left.appCheck, user: await left.user } : null;
    return { asked, left, results };
  }

  const ANSWERS = {
    '/api/app-check/token': { status: 200, body: { token: 'ac-1', expiresAt: 'x' } },
    '/api/users/7': { status: 200, body: { user: { id: 7 } } },
  };

  it('asks for the app-check token, then the user with it and the stored bearer', async () => {
    const page = await app.inject('/dashboard');
    const script = inlineScripts(page.body)[0]!;
    expect(script?.nonce).toBe(nonceOf(page));
    // Before the other head content: the requests start as early as the page allows.
    expect(page.body.indexOf(script.code)).toBeLessThan(
      page.body.indexOf(`id="${REGISTRY_DATA_ID}"`),
    );
    const { asked, left, results } = await runIn(script.code, { tk: 'tk-1', id: '7' }, ANSWERS);
    expect(asked).toEqual([
      { url: '/api/app-check/token', headers: {} },
      { url: '/api/users/7', headers: { Authorization: 'Bearer tk-1', 'X-App-Check': 'ac-1' } },
    ]);
    expect(left).toMatchObject({ tk: 'tk-1', id: '7' });
    expect(results).toEqual({
      appCheck: { token: 'ac-1', expiresAt: 'x' },
      user: { status: 200, challenge: '', body: { user: { id: 7 } } },
    });
  });

  it('asks nothing without a stored session, passes a refusal on, and leaves null when a request fails', async () => {
    const script = inlineScripts((await app.inject('/dashboard')).body)[0]!;
    expect((await runIn(script.code, {}, ANSWERS)).asked).toEqual([]);
    expect((await runIn(script.code, { tk: 'tk-1' }, ANSWERS)).asked).toEqual([]);
    const refused = await runIn(
      script.code,
      { tk: 'dead', id: '7' },
      {
        ...ANSWERS,
        '/api/users/7': {
          status: 401,
          headers: { 'www-authenticate': 'Bearer error="invalid_token"' },
          body: { message: 'Unauthorized' },
        },
      },
    );
    // The refusal is passed on whole: the shell ends the session from it without asking again.
    expect(refused.results).toEqual({
      appCheck: { token: 'ac-1', expiresAt: 'x' },
      user: {
        status: 401,
        challenge: 'Bearer error="invalid_token"',
        body: { message: 'Unauthorized' },
      },
    });
    const offline = await runIn(
      script.code,
      { tk: 'tk-1', id: '7' },
      {
        '/api/app-check/token': new Error('offline'),
        '/api/users/7': new Error('offline'),
      },
    );
    expect(offline.results).toEqual({ appCheck: null, user: null });
    // Without a token the user is still asked for, without the header: the server decides.
    expect(offline.asked[1]).toEqual({
      url: '/api/users/7',
      headers: { Authorization: 'Bearer tk-1' },
    });
  });

  it('is only on signed-in pages', async () => {
    for (const url of ['/', '/login', '/signup', '/faq']) {
      expect(inlineScripts((await app.inject(url)).body)).toEqual([]);
    }
  });
});
