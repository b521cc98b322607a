/** @jest-environment node */
// The first screen painted from HTML: docs/decisions/025-the-first-screen-painted-from-html.md.
import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from './app.js';
import { SHELL_CHUNKS_FILE } from './first-load.js';
import {
  FIRST_PAINT_FILE,
  firstPaintPaths,
  isServablePicture,
  paintPicture,
  shellBuildKey,
} from './first-paint.js';
import { overrideCookie } from './registry-per-browser.js';

import { documentOf, writeBuild, openTestStore } from './registry-test-support.js';
import type { FastifyInstance } from 'fastify';

const SHELL = {
  bootstrap: ['assets/bootstrap.0a1b2c3d.js', 'assets/bootstrap.5a6b7c8d.css'],
  login: ['assets/login-page.1a2b3c4d.js'],
};
const LANDING = '<header><a href="/">Ajo Wallet</a></header><main><h1>Your money</h1></main>';
const LOGIN = '<main><h1>Login</h1><form><input name="phone_number"></form></main>';

let tmp: string;
let deployDir: string;
let distDir: string;
let app: FastifyInstance;

function writePictures(pages: Record<string, unknown>, shell: unknown = SHELL) {
  const file = path.join(deployDir, FIRST_PAINT_FILE);
  writeFileSync(file, JSON.stringify({ shell: shellBuildKey(shell), pages }));
  // A rewrite within the same millisecond must still be seen as new.
  const later = new Date(Date.now() + Math.floor(Math.random() * 1e6));
  utimesSync(file, later, later);
}

const landing = (version = '1.0.0', more = {}) => ({
  manifest: `/remotes/public_pages/${version}/mf-manifest.json`,
  revealOn: 'landing-title',
  styles: ['/assets/bootstrap.5a6b7c8d.css', `/remotes/public_pages/${version}/app.1a2b.css`],
  html: LANDING,
  ...more,
});

beforeEach(async () => {
  tmp = mkdtempSync(path.join(os.tmpdir(), 'ajo-first-paint-'));
  distDir = path.join(tmp, 'dist');
  mkdirSync(distDir, { recursive: true });
  // As the build writes it: minified, the root element's id without quotes.
  writeFileSync(
    path.join(distDir, 'index.html'),
    '<!doctype html><html><head><script defer src=/assets/main.js></script></head><body><noscript>Ajo Wallet needs JavaScript to run.</noscript><div id=root></div></body></html>',
  );
  writeFileSync(path.join(distDir, SHELL_CHUNKS_FILE), JSON.stringify(SHELL));
  deployDir = path.join(tmp, 'deploy');
  const setup = openTestStore(deployDir);
  for (const version of ['1.0.0', '2.0.0']) {
    const build = path.join(tmp, 'builds', version);
    writeBuild(build, { name: 'public_pages', version });
    await setup.publishFolder('public_pages', build, version, { operator: 'setup' });
  }
  await setup.activate('public_pages', '1.0.0', { operator: 'setup' });
  await setup.close();
  app = await buildApp({
    distDir,
    deployDir,
    appConfig: { apiBaseUrl: '/api', encryptionSecret: 'secret-123', bankName: 'Test Bank' },
    operators: [{ name: 'ada', token: 'operator-token-0123456789' }],
    middlewareUrl: 'http://127.0.0.1:9',
    production: false,
  });
});

afterEach(async () => {
  await app.close();
  rmSync(tmp, { recursive: true, force: true });
});

const pictureIn = (html: string) =>
  /<div id="ajo-first-paint" inert data-reveal-on="([\w-]+)">(.*?)<\/div><\/body>/.exec(html);
const scriptHints = (html: string) => [
  ...html.matchAll(/<link rel="preload"[^>]* as="script"[^>]*>/g),
];

describe('a page painted from HTML', () => {
  it('serves the picture inert after a hidden, empty #root, with its stylesheets in the head', async () => {
    writePictures({ '/': landing() });
    const page = await app.inject('/');
    const nonce = /'nonce-([0-9a-f]+)'/.exec(String(page.headers['content-security-policy']))![1];
    expect(page.body).toContain(`<div id="root" hidden></div><div id="ajo-first-paint" inert`);
    expect(pictureIn(page.body)?.slice(1)).toEqual(['landing-title', LANDING]);
    const head = page.body.slice(0, page.body.indexOf('</head>'));
    expect(head).toContain(
      `<link rel="stylesheet" href="/assets/bootstrap.5a6b7c8d.css" nonce="${nonce}">`,
    );
    expect(head).toContain(
      `<link rel="stylesheet" href="/remotes/public_pages/1.0.0/app.1a2b.css" nonce="${nonce}">`,
    );
    // The scripts wait behind the stylesheets the picture needs.
    const hints = scriptHints(page.body);
    expect(hints.length).toBeGreaterThan(0);
    for (const [hint] of hints) expect(hint).toContain('fetchpriority="low"');
  });

  it('paints the sign-in form, which belongs to no remote, and a trailing slash finds its picture', async () => {
    writePictures({
      '/login': { manifest: null, revealOn: 'login-title', styles: [], html: LOGIN },
    });
    for (const url of ['/login', '/login/', '/login?next=%2Fsettings']) {
      expect(pictureIn((await app.inject(url)).body)?.[2]).toBe(LOGIN);
    }
  });

  it('serves no picture to a browser on another version of the remote, or after the shell was rebuilt', async () => {
    writePictures({ '/': landing() });
    const tester = await app.inject({
      url: '/',
      cookies: { [overrideCookie('public_pages')]: 'public_pages@2.0.0' },
    });
    expect(tester.body).toContain('/remotes/public_pages/2.0.0/');
    expect(pictureIn(tester.body)).toBeNull();
    expect(tester.body).toContain('<div id=root></div>');
    for (const [hint] of scriptHints(tester.body)) expect(hint).not.toContain('fetchpriority');

    writePictures({ '/': landing() }, { ...SHELL, bootstrap: ['assets/bootstrap.ffffffff.js'] });
    expect(pictureIn((await app.inject('/')).body)).toBeNull();
    // A new picture, taken with this shell, is served without a restart.
    writePictures({ '/': landing() });
    expect(pictureIn((await app.inject('/')).body)).not.toBeNull();
  });

  it('paints the home page, /login and the routes remotes declare painted, no other', () => {
    expect(firstPaintPaths(documentOf())).toEqual([
      '/',
      '/login',
      '/faq',
      '/terms-and-conditions/account',
      '/terms-and-conditions/referrals',
      '/terms-and-conditions/cards',
    ]);
    // No registry yet: only what the shell owns.
    expect(firstPaintPaths(null)).toEqual(['/', '/login']);
  });

  it('paints only the pages it lists, and nothing without a picture file', async () => {
    expect(pictureIn((await app.inject('/')).body)).toBeNull();
    writePictures({ '/dashboard': landing(), '/signup': landing() });
    for (const url of ['/dashboard', '/signup']) {
      expect(pictureIn((await app.inject(url)).body)).toBeNull();
    }
    expect(firstPaintPaths(documentOf())).not.toContain('/dashboard');
  });

  it('serves no picture whose markup, stylesheets or named element are not plain', async () => {
    const refused = [
      landing('1.0.0', { html: `${LANDING}<script>alert(1)</script>` }),
      landing('1.0.0', { html: '<h1 style="color:red">Hi</h1>' }),
      landing('1.0.0', { html: '<h1 id="root">Hi</h1>' }),
      landing('1.0.0', { html: '<a href="javascript:alert(1)">Hi</a>' }),
      landing('1.0.0', { html: '<img src=x onerror=alert(1)>' }),
      landing('1.0.0', { styles: ['https://evil.example/x.css'] }),
      landing('1.0.0', { styles: ['/assets/x.css" onload="alert(1)'] }),
      landing('1.0.0', { revealOn: 'x" onclick="alert(1)' }),
    ];
    for (const picture of refused) {
      writePictures({ '/': picture });
      const page = await app.inject('/');
      expect(page.statusCode).toBe(200);
      expect(pictureIn(page.body)).toBeNull();
    }
  });
});

describe('isServablePicture', () => {
  it('takes markup with classes, links, labels and form fields', () => {
    expect(
      isServablePicture(
        '<main class="a_1"><h1 class="b">Login</h1><form novalidate=""><label class="c">Phone</label><input type="tel" name="phone_number" placeholder="08012345678"><a href="/signup">Sign up</a></form></main>',
      ),
    ).toBe(true);
  });

  it.each([
    ['a script', '<p>Hi</p><script>x()</script>'],
    ['a style element', '<style>p{}</style>'],
    ['an inline style', '<p style="x">Hi</p>'],
    ['an id', '<p id="ajo-mfe-area">Hi</p>'],
    ['an event handler', '<p onclick="x()">Hi</p>'],
    ['a javascript: link', '<a href="javascript:x()">Hi</a>'],
    ['a frame', '<iframe src="/"></iframe>'],
    ['nothing', ''],
  ])('refuses %s', (_what, html) => {
    expect(isServablePicture(html)).toBe(false);
  });
});

describe('paintPicture', () => {
  it('leaves a page without an empty #root as it is', () => {
    const html = '<html><head></head><body><div id="app"></div></body></html>';
    expect(paintPicture(html, landing(), 'n')).toBe(html);
  });
});
