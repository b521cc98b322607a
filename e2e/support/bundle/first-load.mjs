// First load of a page as a browser sees it: a cold cache, every JavaScript response recorded until
// the network is idle, each body gzipped to count what a compressing server would send.
import { spawn } from 'node:child_process';
import net from 'node:net';
import { chromium } from '@playwright/test';
import { classifyChunk, licenseFileOf } from './attribution.mjs';
import { gzipBytes } from './sizes.mjs';

export const CHROMIUM_LAUNCH = {
  executablePath: '/usr/bin/chromium',
  headless: true,
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--disable-quic',
    '--no-first-run',
  ],
};

/** The user the /dashboard measurement signs in with (SPEC §3 "User"; no real sign-in needed). */
const REPORT_USER = {
  id: 4242,
  first_name: 'Adaeze',
  last_name: 'Okafor',
  phone_number: '2348031234567',
  address: '12 Admiralty Way, Lekki, Lagos',
  photo_url: null,
  is_verified: true,
  mifos_client_id: 1042,
  nin: '12345678901',
  nin_verification_status: 'approved',
  isTransactionPinEnabled: true,
  referral_code: 'ADAEZE42',
  wallets: [
    {
      id: 1,
      name: 'Main Wallet',
      account_no: '1100012345',
      balance: 1000,
      product_id: 1,
      account_status: 'active',
    },
  ],
};

export function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

async function waitForHttp(url, child, timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null)
      throw new Error(`the app server exited with code ${child.exitCode}`);
    try {
      const response = await fetch(url);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`the app server did not answer ${url} within ${timeoutMs} ms`);
}

/** Starts control-plane/bin/serve.mjs on a free port; resolves { baseURL, stop }. */
export async function startAppServer({ serverScript, deployDir, cwd }) {
  const port = await freePort();
  let stderr = '';
  const child = spawn(process.execPath, [serverScript], {
    cwd,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DEPLOY_DIR: deployDir,
      // Nothing listens there: the measurement answers the only API call it needs itself.
      MIDDLEWARE_URL: 'http://127.0.0.1:9',
      REGISTRY_ADMIN_TOKEN: 'bundle-report-token',
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  child.stderr.on('data', (chunk) => (stderr += chunk));
  const baseURL = `http://127.0.0.1:${port}`;
  const stop = () =>
    new Promise((resolve) => {
      if (child.exitCode !== null) return resolve();
      child.once('exit', () => resolve());
      child.kill('SIGTERM');
    });
  try {
    await waitForHttp(`${baseURL}/`, child, 30_000);
  } catch (error) {
    await stop();
    throw new Error(`${error.message}\n${stderr}`);
  }
  return { baseURL, stop };
}

async function signInWithFixture(context, baseURL) {
  // SPEC §3 "Browser session data": token under tk, user id under id.
  await context.addInitScript((id) => {
    window.localStorage.setItem('tk', 'bundle-report-token');
    window.localStorage.setItem('id', id);
  }, String(REPORT_USER.id));
  await context.route(`${baseURL}/api/**`, (route) => {
    const url = new URL(route.request().url());
    if (url.pathname === `/api/users/${REPORT_USER.id}`)
      return route.fulfill({ json: { user: REPORT_USER } });
    if (url.pathname === '/api/app-check/token') {
      return route.fulfill({ json: { token: 'bundle-report', expiresAt: Date.now() + 3_600_000 } });
    }
    return route.fulfill({ status: 404, json: { message: 'Not measured by the bundle report' } });
  });
}

/** Loads `pathname` in a fresh context and returns every JavaScript response, classified. */
export async function measurePage(browser, { baseURL, pathname, signedIn, index }) {
  // The first load happens before the app's service worker exists (it registers after load, and
  // keeps what the page loaded from the HTTP cache): a worker answering the page's late requests
  // would have them reported twice (docs/decisions/036-a-service-worker-of-our-own.md).
  const context = await browser.newContext({ serviceWorkers: 'block' });
  if (signedIn) await signInWithFixture(context, baseURL);
  const page = await context.newPage();
  const pending = [];
  page.on('response', (response) => {
    const type = response.request().resourceType();
    const contentType = response.headers()['content-type'] ?? '';
    if (type !== 'script' && !contentType.includes('javascript')) return;
    pending.push(
      response.body().then(
        (body) => ({ url: response.url(), body }),
        () => null,
      ),
    );
  });
  await page.goto(`${baseURL}${pathname}`, { waitUntil: 'load' });
  await page.waitForLoadState('networkidle');
  const bodies = (await Promise.all(pending)).filter(Boolean);
  await context.close();

  const licenses = new Map();
  const chunks = [];
  for (const { url, body } of bodies) {
    const licenseUrl = licenseFileOf(url, body);
    if (licenseUrl && !licenses.has(licenseUrl)) {
      licenses.set(
        licenseUrl,
        await fetch(licenseUrl).then(
          (r) => (r.ok ? r.text() : ''),
          () => '',
        ),
      );
    }
    const { category, libraries, notes } = classifyChunk(
      { url, body, licenseText: licenses.get(licenseUrl) },
      index,
    );
    chunks.push({
      url,
      raw: body.length,
      gzip: gzipBytes(body),
      category,
      libraries,
      notes,
      runtimeCores: countOf(body.toString('latin1'), RUNTIME_CORE_MARK),
    });
  }
  return { pathname, chunks, raw: sum(chunks, 'raw'), gzip: sum(chunks, 'gzip') };
}

/**
 * A string literal that each copy of the federation runtime core carries once (its hook's name): the
 * shell's runtime and the one it provides to the containers must be the same copy
 * (tooling/webpack-config.cjs, docs/decisions/017-compressed-and-budgeted-first-pages.md).
 */
export const RUNTIME_CORE_MARK = '"beforeInitContainer"';

function countOf(text, mark) {
  return text.split(mark).length - 1;
}

function sum(items, key) {
  return items.reduce((total, item) => total + item[key], 0);
}

/**
 * react, react-dom and the federation runtime core must come from one build, once: two build
 * folders serving the same library, or one chunk fetched twice, means two copies
 * (docs/architecture.md "Known traps": duplicate React, two copies of the runtime core).
 */
export function duplicateLibraries(result) {
  const problems = [];
  for (const library of ['react', 'react-dom']) {
    const chunks = result.chunks.filter((c) => c.libraries.includes(library));
    const folders = new Set(chunks.map((c) => new URL(c.url).pathname.replace(/[^/]*$/, '')));
    const urls = chunks.map((c) => c.url);
    if (folders.size > 1 || new Set(urls).size !== urls.length) {
      problems.push(
        `${library} downloaded ${chunks.length} times on ${result.pathname}: ${urls.join(', ')}`,
      );
    }
  }
  const cores = result.chunks.reduce((total, c) => total + (c.runtimeCores ?? 0), 0);
  if (cores > 1) {
    const urls = result.chunks.filter((c) => c.runtimeCores > 0).map((c) => c.url);
    problems.push(
      `the federation runtime core downloaded ${cores} times on ${result.pathname}: ${urls.join(', ')}`,
    );
  }
  return problems;
}

export async function launchChromium() {
  return chromium.launch(CHROMIUM_LAUNCH);
}
