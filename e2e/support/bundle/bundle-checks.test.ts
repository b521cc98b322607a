// The bundle report's gates (duplicate React, per-page budgets), checked without a browser: they must fail on the regressions they
// exist for (a second React, a chunk nobody can name), not only pass on today's build.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { classifyChunk, loadManifestIndex } from './attribution.mjs';
import { overBudget, pagesToMeasure } from './budgets.mjs';
import { duplicateLibraries } from './first-load.mjs';

function chunk(url: string, libraries: string[]) {
  return { url, raw: 1, gzip: 1, category: libraries[0] ?? 'app code', libraries, notes: [] };
}

test('react-dom served by the shell and by a remote counts as downloaded twice', () => {
  const page = {
    pathname: '/dashboard',
    chunks: [
      chunk('http://app/assets/59.aaaa.js', ['react-dom']),
      chunk('http://app/remotes/wallets/0.1.0/59.bbbb.js', ['react-dom']),
    ],
  };
  expect(duplicateLibraries(page)).toEqual([
    expect.stringContaining('react-dom downloaded 2 times on /dashboard'),
  ]);
});

test('the same react chunk fetched twice counts as downloaded twice', () => {
  const page = {
    pathname: '/',
    chunks: [
      chunk('http://app/assets/378.js', ['react']),
      chunk('http://app/assets/378.js', ['react']),
    ],
  };
  expect(duplicateLibraries(page)).toEqual([expect.stringContaining('react downloaded 2 times')]);
});

test('react split over two chunks of one build is one copy', () => {
  const page = {
    pathname: '/',
    chunks: [
      chunk('http://app/assets/378.js', ['react']),
      chunk('http://app/assets/106.js', ['react']),
    ],
  };
  expect(duplicateLibraries(page)).toEqual([]);
});

test('a second copy of the federation runtime core on a page is reported, one copy is not', () => {
  // The shell's main.js once carried two: the ES module build it runs and the CommonJS build it
  // provided to the containers (tooling/webpack-config.cjs).
  const withCores = (...cores: number[]) => ({
    pathname: '/',
    chunks: cores.map((runtimeCores, i) => ({
      ...chunk(`http://app/assets/${i}.js`, []),
      runtimeCores,
    })),
  });
  expect(duplicateLibraries(withCores(2))).toEqual([
    'the federation runtime core downloaded 2 times on /: http://app/assets/0.js',
  ]);
  expect(duplicateLibraries(withCores(1, 1))).toEqual([
    expect.stringContaining('the federation runtime core downloaded 2 times'),
  ]);
  expect(duplicateLibraries(withCores(1, 0))).toEqual([]);
});

test('chunks are named from the manifests, then from their license headers, then from their code', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ajo-bundle-checks-'));
  const manifest = path.join(dir, 'mf-manifest.json');
  fs.writeFileSync(
    manifest,
    JSON.stringify({
      metaData: { remoteEntry: { name: 'remoteEntry.js' } },
      shared: [
        { name: 'react-dom', assets: { js: { sync: ['59.abc.js'], async: [] } } },
        { name: 'react/jsx-runtime', assets: { js: { sync: ['106.abc.js'], async: [] } } },
        { name: '@ajo/shared/router', assets: { js: { sync: ['526.abc.js'], async: [] } } },
        { name: '@ajo/shared/rx', assets: { js: { sync: ['77.abc.js'], async: [] } } },
        { name: '@ajo/shared/ui', assets: { js: { sync: ['88.abc.js'], async: [] } } },
      ],
      exposes: [
        { name: 'app', assets: { js: { sync: ['__federation_expose_app.abc.js'], async: [] } } },
      ],
    }),
  );
  const index = loadManifestIndex([manifest]);
  fs.rmSync(dir, { recursive: true, force: true });
  const body = Buffer.from('console.log(1)');
  const name = (file: string, licenseText?: string, code = body) =>
    classifyChunk({ url: `http://app/remotes/x/1.0.0/${file}`, body: code, licenseText }, index);

  expect(name('59.abc.js')).toMatchObject({ category: 'react-dom', libraries: ['react-dom'] });
  expect(name('106.abc.js')).toMatchObject({ category: 'react', libraries: ['react'] });
  // The router and rxjs facades of @ajo/shared are named for the library they carry.
  expect(name('526.abc.js').category).toBe('router');
  expect(name('77.abc.js').category).toBe('rxjs');
  expect(name('88.abc.js').category).toBe('shared package');
  expect(name('remoteEntry.js').category).toBe('remote entries');
  expect(name('__federation_expose_app.abc.js').category).toBe('app code');
  // A remote that bundled its own React is caught by the license header even without a manifest entry.
  expect(
    name('999.zzz.js', '/** @license React\n * react-dom.production.min.js */').libraries,
  ).toEqual(['react-dom']);
  expect(name('main.js', undefined, Buffer.from('self.__FEDERATION__={}'))).toMatchObject({
    category: 'MF runtime',
    notes: ['federation + webpack runtime'],
  });
});

test('every page of the route table is measured against its budget: / 130 KB, signed-out 160 KB, signed-in 200 KB', () => {
  const pages = pagesToMeasure();
  const budgetOf = (pathname: string) => pages.find((p) => p.pathname === pathname);
  expect(budgetOf('/')).toEqual({ pathname: '/', signedIn: false, budget: 130 * 1024 });
  for (const pathname of ['/login', '/signup', '/otp', '/onboarding', '/faq', '/referral']) {
    expect(budgetOf(pathname)).toMatchObject({ signedIn: false, budget: 160 * 1024 });
  }
  // The BVN start page calls the API as it opens: still a signed-out page, held to 160 KB.
  expect(budgetOf('/bvn-verification-start')).toMatchObject({
    signedIn: false,
    budget: 160 * 1024,
  });
  for (const pathname of [
    '/dashboard',
    '/dashboard/transaction-history',
    '/dashboard/payments/data',
    '/settings',
    '/not-activated',
  ]) {
    expect(budgetOf(pathname)).toMatchObject({ signedIn: true, budget: 200 * 1024 });
  }
  const remotes = [
    { routes: [{ path: '/a' }, { path: '/b/secret', access: 'signed-in' }] },
    { routes: [{ path: '/c', prefix: true }] },
  ];
  expect(pagesToMeasure(remotes).map((p) => [p.pathname, p.budget / 1024])).toEqual([
    ['/', 130],
    ['/login', 160],
    ['/a', 160],
    ['/b/secret', 200],
    ['/c', 160],
  ]);
  // No page measured twice, none missing: one per route plus / and /login.
  expect(new Set(pages.map((p) => p.pathname)).size).toBe(pages.length);
  expect(pages.filter((p) => p.signedIn).length).toBeGreaterThan(10);
});

test('a page one byte over its budget fails the report, one exactly at it does not', () => {
  const page = (pathname: string, gzip: number, budget = 200 * 1024) => ({
    pathname,
    gzip,
    budget,
  });
  expect(
    overBudget([
      page('/dashboard', 200 * 1024),
      page('/settings', 200 * 1024 + 1),
      page('/login', 160 * 1024, 160 * 1024),
      page('/signup', 160 * 1024 + 1, 160 * 1024),
    ]),
  ).toEqual([
    'first load of /settings is 204801 bytes gzip, over its budget of 204800',
    'first load of /signup is 163841 bytes gzip, over its budget of 163840',
  ]);
});
