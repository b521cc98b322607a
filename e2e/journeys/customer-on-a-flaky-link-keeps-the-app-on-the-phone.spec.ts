// The service worker (docs/decisions/036-a-service-worker-of-our-own.md): a repeat visit to
// /dashboard downloads almost no code even with the browser's HTTP cache emptied; an operator's
// activation and rollback are seen on the next load with the worker installed; opened with no
// network the app shows the shell and says the customer is offline, money actions wait with the
// reason, and everything comes back by itself with the link; a new build of the shell is what the
// next load runs, and the old one is never served again. Its own app server (own origin, so
// its own worker, and its own registry for the switch).
import type { BrowserContext, Page, Response } from '@playwright/test';
import { startPrivateAppServer, type PrivateAppServer } from '../support/app-server';
import { fixtureUser } from '../support/fixture-user';
import { expect, test } from '../support/fixtures';
import { activeVersion, rollBack, tryActivate, uploadVersion } from '../support/operator';

/** A repeat visit may download at most this much code (scripts and styles, headers included). */
const REPEAT_VISIT_CODE_BUDGET = 10 * 1024;
// Word for word: host/public/index.html and shared/src/money-flow/use-link-down.ts.
const OFFLINE_NOTICE =
  'You are offline. Payments and transfers are paused until your connection returns.';
const OFFLINE_MONEY_REASON = 'You are offline. You can continue once your connection returns.';
const REMOTE = 'wallets';
const NEW_VERSION = '9.0.0';

let server: PrivateAppServer;

test.describe.configure({ mode: 'serial' });
test.use({
  serviceWorkers: 'allow',
  viewport: { width: 390, height: 844 },
  // What Chromium logs for the requests a page makes while the link is down.
  allowedConsoleErrors: {
    patterns: [/net::ERR_INTERNET_DISCONNECTED/, /net::ERR_FAILED/],
  },
});

test.beforeAll(async () => {
  server = await startPrivateAppServer('service-worker');
});
test.afterAll(async () => {
  await server?.stop();
});

const dashboardShown = (page: Page) =>
  expect(page.getByText(`Account number: ${fixtureUser.wallets[0].account_no}`)).toBeVisible();

/**
 * The worker controls the page and has kept every hashed file this page loaded (those loaded
 * before it ran are handed to it by the page, host/public/index.html).
 */
async function workerKeepsThisPage(page: Page): Promise<void> {
  await expect
    .poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller)))
    .toBe(true);
  await expect
    .poll(() =>
      page.evaluate(async () => {
        const hashed = performance
          .getEntriesByType('resource')
          .map((entry) => entry.name)
          .filter((url) => /\.[0-9a-f]{8}\.(js|css)$/.test(new URL(url).pathname));
        const cache = await caches.open('ajo-code-v1');
        const missing = [];
        for (const url of hashed) if (!(await cache.match(url))) missing.push(url);
        return hashed.length > 0 ? missing : ['no hashed file loaded'];
      }),
    )
    .toEqual([]);
}

/** Bytes of code (scripts and styles) that came over the network, and how many came from the worker. */
function countCode(context: BrowserContext) {
  const counted = { networkBytes: 0, fromDevice: 0, files: [] as string[] };
  const pending: Promise<void>[] = [];
  const onResponse = (response: Response) => {
    const url = new URL(response.url());
    if (!/\.(js|css)$/.test(url.pathname)) return;
    // The page's requests the worker answered: their network side, if any, is the worker's own
    // request, which the context reports too.
    if (response.fromServiceWorker()) {
      counted.fromDevice += 1;
      return;
    }
    pending.push(
      response
        .request()
        .sizes()
        .then((sizes) => {
          counted.networkBytes += sizes.responseBodySize + sizes.responseHeadersSize;
          counted.files.push(`${response.status()} ${url.pathname}`);
        }),
    );
  };
  context.on('response', onResponse);
  return {
    counted,
    stop: async () => {
      context.off('response', onResponse);
      await Promise.all(pending);
      return counted;
    },
  };
}

/** The versions of `remote` this load of the page fetched files of. */
const versionsLoaded = (page: Page, remote: string) =>
  page.evaluate(
    (name) => [
      ...new Set(
        performance
          .getEntriesByType('resource')
          .map((entry) => new RegExp(`/remotes/${name}/([^/]+)/`).exec(entry.name)?.[1])
          .filter(Boolean),
      ),
    ],
    remote,
  );

test('a repeat visit to the dashboard comes from the phone, even with the browser cache emptied', async ({
  page,
  context,
  signedInShell: _shell,
}, testInfo) => {
  await page.goto(`${server.baseURL}/dashboard`);
  await dashboardShown(page);
  await workerKeepsThisPage(page);

  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.clearBrowserCache');
  const counter = countCode(context);
  await page.goto(`${server.baseURL}/dashboard`, { waitUntil: 'networkidle' });
  await dashboardShown(page);
  const { networkBytes, fromDevice, files } = await counter.stop();
  testInfo.annotations.push({
    type: 'repeat visit',
    description: `${networkBytes} bytes of code over the network (${files.join(', ')}); ${fromDevice} files from the worker`,
  });
  // The code did come, from the device: without the worker every file would be downloaded again.
  expect(fromDevice).toBeGreaterThan(5);
  expect(networkBytes, files.join('\n')).toBeLessThanOrEqual(REPEAT_VISIT_CODE_BUDGET);
});

test("an operator's activation, and then the rollback, are seen on the next load with the worker installed", async ({
  page,
  signedInShell: _shell,
}) => {
  const first = await activeVersion(server, REMOTE);
  await uploadVersion(server, REMOTE, first, NEW_VERSION);
  await page.goto(`${server.baseURL}/dashboard`);
  await dashboardShown(page);
  await workerKeepsThisPage(page);
  expect(await versionsLoaded(page, REMOTE)).toEqual([first]);

  expect(await tryActivate(server, REMOTE, NEW_VERSION)).toMatchObject({ status: 200 });
  await page.reload();
  await dashboardShown(page);
  expect(await page.evaluate(() => Boolean(navigator.serviceWorker.controller))).toBe(true);
  expect(await versionsLoaded(page, REMOTE)).toEqual([NEW_VERSION]);

  await rollBack(server, REMOTE);
  await page.reload();
  await dashboardShown(page);
  expect(await page.evaluate(() => Boolean(navigator.serviceWorker.controller))).toBe(true);
  expect(await versionsLoaded(page, REMOTE)).toEqual([first]);
});

test('a new build of the shell is what the next load runs, and the old one is never served again, not even offline', async ({
  page,
  context,
  signedInShell: _shell,
}) => {
  // The new build, as the worker sees it from the app server: another page (its own mark) and
  // another /assets/main.js (its own ETag and a line that leaves its mark), everything else
  // unchanged. context.route sees the worker's own requests too.
  const NEW_BUILD = 'shell-build-2';
  const NEW_ETAG = `"${NEW_BUILD}"`;
  let deployed = false;
  let offline = false;
  const mainBodies: string[] = [];
  await context.route(
    (url) =>
      url.origin === server.baseURL &&
      (url.pathname === '/assets/main.js' || url.pathname === '/dashboard'),
    async (route) => {
      if (offline) return route.abort('internetdisconnected');
      if (!deployed) return route.fallback();
      const request = route.request();
      const isMain = new URL(request.url()).pathname === '/assets/main.js';
      if (isMain && (await request.headerValue('if-none-match')) === NEW_ETAG) {
        return route.fulfill({
          status: 304,
          headers: { ETag: NEW_ETAG, 'Cache-Control': 'no-cache' },
        });
      }
      const headers = { ...(await request.allHeaders()) };
      delete headers['if-none-match'];
      const original = await route.fetch({ headers });
      const text = await original.text();
      const {
        'content-encoding': _e,
        'content-length': _l,
        etag: _t,
        ...kept
      } = original.headers();
      const body = isMain
        ? `${text}\n;document.documentElement.dataset.shellBuild=${JSON.stringify(NEW_BUILD)};`
        : text.replace('<head>', `<head><meta name="shell-build" content="${NEW_BUILD}">`);
      if (isMain) mainBodies.push(body);
      return route.fulfill({
        status: original.status(),
        headers: isMain ? { ...kept, ETag: NEW_ETAG, 'Cache-Control': 'no-cache' } : kept,
        body,
      });
    },
  );
  const builds = () =>
    page.evaluate(() => ({
      page: document.querySelector('meta[name="shell-build"]')?.getAttribute('content') ?? 'old',
      main: document.documentElement.dataset.shellBuild ?? 'old',
    }));
  const keptMain = () =>
    page.evaluate(async () => {
      const kept = await (
        await caches.open('ajo-code-v1')
      ).match(`${location.origin}/assets/main.js`);
      return kept ? (await kept.text()).includes('shell-build-2') : null;
    });

  await page.goto(`${server.baseURL}/dashboard`);
  await dashboardShown(page);
  await workerKeepsThisPage(page);
  expect(await builds()).toEqual({ page: 'old', main: 'old' });
  expect(await keptMain()).toBe(false);

  // Deployed: the very next load runs it, page and code, through the worker.
  deployed = true;
  await page.reload();
  await dashboardShown(page);
  expect(await page.evaluate(() => Boolean(navigator.serviceWorker.controller))).toBe(true);
  expect(await builds()).toEqual({ page: NEW_BUILD, main: NEW_BUILD });
  expect(await keptMain()).toBe(true);

  // And every load after it: the worker asks with the new build's ETag and is told it is current.
  const asked = mainBodies.length;
  await page.reload();
  await dashboardShown(page);
  expect(await builds()).toEqual({ page: NEW_BUILD, main: NEW_BUILD });
  expect(mainBodies, 'the unchanged new main.js is not downloaded again').toHaveLength(asked);

  // With no network the worker's copies are the new build's, never the old one's.
  offline = true;
  await context.setOffline(true);
  await page.reload();
  await expect(page.getByRole('banner')).toBeVisible();
  expect(await builds()).toEqual({ page: NEW_BUILD, main: NEW_BUILD });
  offline = false;
  await context.setOffline(false);
});

test('opened with no network the app shows the shell and says so, and comes back by itself', async ({
  page,
  context,
  signedInShell: _shell,
}, testInfo) => {
  // The fixture answers the customer's reads in the page; with the link down, nothing answers.
  let offline = false;
  await page.route('**/api/**', (route) =>
    offline ? route.abort('internetdisconnected') : route.fallback(),
  );
  const goOffline = async (down: boolean) => {
    offline = down;
    await context.setOffline(down);
  };

  await page.goto(`${server.baseURL}/dashboard`);
  await dashboardShown(page);
  await workerKeepsThisPage(page);
  const notice = page.getByRole('status').filter({ hasText: OFFLINE_NOTICE });
  await expect(notice).toHaveCount(0);

  await goOffline(true);
  await page.reload();
  // The shell from the device, the notice at the top, never the browser's error page.
  await expect(notice).toBeVisible();
  await expect(page.getByRole('banner')).toBeVisible();
  const started = testInfo.outputPath('offline-start-390px.png');
  await page.screenshot({ path: started });
  await testInfo.attach('offline-start-390px', { path: started, contentType: 'image/png' });

  await goOffline(false);
  // The customer's data arrives by itself once the link is back, and the notice goes.
  await dashboardShown(page);
  await expect(notice).toHaveCount(0);
});

test('a money action waits with the reason while the link is down, and goes on when it returns', async ({
  page,
  context,
}, testInfo) => {
  // The UI catalogue's money flow: the shared flow against a fake server in the page.
  await page.goto(`${server.baseURL}/ui-catalogue`);
  const flow = page.getByRole('region', { name: 'Money flow' });
  await flow.getByRole('combobox', { name: 'Source wallet' }).selectOption('1100000001');
  await flow.getByRole('textbox', { name: 'Amount' }).fill('500');
  await flow.getByRole('button', { name: 'Proceed' }).click();
  await flow.getByLabel(/^Transaction PIN/).fill('123456');

  await context.setOffline(true);
  const next = flow.getByRole('button', { name: 'Next' });
  await expect(next).toBeDisabled();
  await expect(next).toHaveAccessibleDescription(OFFLINE_MONEY_REASON);
  await expect(page.getByRole('status').filter({ hasText: OFFLINE_NOTICE })).toBeVisible();
  const money = testInfo.outputPath('offline-money-390px.png');
  await page.screenshot({ path: money, fullPage: true });
  await testInfo.attach('offline-money-390px', { path: money, contentType: 'image/png' });

  await context.setOffline(false);
  await expect(next).toBeEnabled();
  await expect(flow.getByText(OFFLINE_MONEY_REASON)).toHaveCount(0);
  await next.click();
  // The catalogue's fake server asks for the OTP next: the call went out once the link was back.
  await expect(flow.getByRole('heading', { name: 'Enter OTP' })).toBeVisible();
});
