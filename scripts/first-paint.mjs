#!/usr/bin/env node
// Takes the pictures of the first screens the app server paints from HTML
// (docs/decisions/025-the-first-screen-painted-from-html.md, control-plane/src/first-paint.ts): each page
// of firstPaintPaths (the home page, /login and the routes remotes declare `firstPaint`) is opened in headless Chromium on the built app, drawn by the app itself,
// and its #root written down without ids, with the stylesheets it uses and the remote version and
// shell build it was drawn with. Run by `npm run build` after the remotes are published.
// Writes <deploy>/first-paint.json. Without Chromium it writes nothing and says so: the pages are
// then drawn by JavaScript alone, as before.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { launchChromium, startAppServer } from '../e2e/support/bundle/first-load.mjs';
import { importSource } from '../control-plane/bin/source.mjs';

// The app server's own rules (TypeScript, loaded through tsx).
const { firstScreenOf, SHELL_CHUNKS_FILE } = await importSource('src/first-load.ts');
const { FIRST_PAINT_FILE, firstPaintPaths, isServablePicture, shellBuildKey } =
  await importSource('src/first-paint.ts');

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const deployDir = path.join(repoRoot, '.deploy');
const distDir = path.join(repoRoot, 'host', 'dist');
const serverScript = path.join(repoRoot, 'control-plane', 'bin', 'serve.mjs');

/** Attributes a picture leaves out: ids (the live page's must stay unique) and what points at them. */
const LEFT_OUT = ['id', 'for', 'aria-labelledby', 'aria-describedby', 'aria-controls', 'tabindex'];

/** In the page: the screen is drawn when its heading is there and no screen is still loading. */
const DRAWN = () =>
  document.querySelector('#root main h1[id]') !== null &&
  document.querySelector('#root [data-screen-loading]') === null;

async function picture(browser, baseURL, pathname) {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  try {
    const page = await context.newPage();
    await page.goto(`${baseURL}${pathname}`, { waitUntil: 'load' });
    await page.waitForLoadState('networkidle');
    await page.waitForFunction(DRAWN, null, { timeout: 15_000 });
    return await page.evaluate((leftOut) => {
      const root = document.getElementById('root');
      const revealOn = root.querySelector('main h1[id]').id;
      const copy = root.cloneNode(true);
      for (const element of copy.querySelectorAll('*')) {
        for (const name of leftOut) element.removeAttribute(name);
      }
      const registry = JSON.parse(document.getElementById('ajo-registry')?.textContent ?? 'null');
      return {
        html: copy.innerHTML,
        revealOn,
        styles: [...document.querySelectorAll('link[rel="stylesheet"]')].map(
          (link) => new URL(link.getAttribute('href'), document.baseURI).pathname,
        ),
        registry,
      };
    }, LEFT_OUT);
  } finally {
    await context.close();
  }
}

async function main() {
  const out = path.join(deployDir, FIRST_PAINT_FILE);
  // An old picture would be served while the new ones are taken: the app draws them itself.
  fs.rmSync(out, { force: true });
  const shell = JSON.parse(fs.readFileSync(path.join(distDir, SHELL_CHUNKS_FILE), 'utf8'));
  let browser;
  try {
    browser = await launchChromium();
  } catch (error) {
    console.log(
      `first-paint: no pictures taken (${String(error.message).split('\n')[0]}); pages are drawn by JavaScript alone`,
    );
    return 0;
  }
  const server = await startAppServer({ serverScript, deployDir, cwd: repoRoot });
  const pages = {};
  try {
    const registry = await (await fetch(`${server.baseURL}/registry.json`)).json();
    for (const pathname of firstPaintPaths(registry)) {
      const taken = await picture(browser, server.baseURL, pathname);
      const { remote } = firstScreenOf(pathname, taken.registry);
      if (!isServablePicture(taken.html)) {
        console.log(
          `first-paint: ${pathname} left out: its markup is not plain (script, style or id)`,
        );
        continue;
      }
      pages[pathname] = {
        manifest: remote ? (taken.registry?.remotes?.[remote]?.manifest ?? null) : null,
        revealOn: taken.revealOn,
        styles: [...new Set(taken.styles)],
        html: taken.html,
      };
    }
  } finally {
    await browser.close();
    await server.stop();
  }
  fs.writeFileSync(out, `${JSON.stringify({ shell: shellBuildKey(shell), pages }, null, 1)}\n`);
  const sizes = Object.entries(pages).map(
    ([p, v]) => `${p} ${(v.html.length / 1024).toFixed(1)} KB`,
  );
  console.log(`first-paint: ${sizes.length} pictures written (${sizes.join(', ')})`);
  return 0;
}

process.exitCode = await main();
