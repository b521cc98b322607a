// Gradual rollout and testers' overrides (docs/decisions/021-rollout-and-overrides.md): an operator
// makes a new version of the public pages live for half of the browsers, each browser keeping its
// side (its bucket cookie, forced here to 10 and 90); a tester opens a signed override link and gets
// another version in their browser only; an unsigned override is ignored, as the app server runs in
// production mode. Which version a browser runs shows in the manifest it fetches. A private app
// server (own port, own .deploy copy), so other journeys keep the versions they expect.
import type { BrowserContext, Page } from '@playwright/test';
import { startPrivateAppServer, type PrivateAppServer } from '../support/app-server';
import { expect, test } from '../support/fixtures';
import { liveVersion, overrideLink, rollOut, watchManifests } from '../support/rollout';
import { publishCopy } from '../support/operator';
import { remoteArea } from '../support/screens';

const REMOTE = 'public_pages';
const CANARY = '90.0.0-canary';
const PINNED = '90.0.0-pinned';

let server: PrivateAppServer;
let live: string;

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  server = await startPrivateAppServer('rollout', {
    NODE_ENV: 'production',
    // The middleware the journeys run is in development mode, with its development secret.
    ENCRYPTION_SECRET: 'ajo-wallet-local-sandbox-envelope-secret',
  });
  live = await liveVersion(server, REMOTE);
  await publishCopy(server, REMOTE, live, CANARY);
  await publishCopy(server, REMOTE, live, PINNED);
  await rollOut(server, REMOTE, CANARY, 50);
});

test.afterAll(async () => {
  await server?.stop();
});

/** A browser whose rollout bucket is `bucket` (the app server's HttpOnly cookie). */
async function browserInBucket(context: BrowserContext, bucket: number): Promise<void> {
  await context.addCookies([{ name: 'ajo-bucket', value: String(bucket), url: server.baseURL }]);
}

/** Opens `url` and answers which version of the public pages the landing page was rendered by. */
async function versionShown(page: Page, url: string): Promise<string> {
  const manifests = watchManifests(page, REMOTE);
  await page.goto(url);
  await expect(remoteArea(page, REMOTE).getByRole('heading', { level: 1 })).toBeVisible();
  expect(manifests).toHaveLength(1);
  return manifests[0] ?? '';
}

test('half of the browsers get the new version and keep it; a signed link pins another in one browser; an unsigned one is ignored', async ({
  page,
  browser,
}) => {
  // Browser A is in the rollout (bucket 10 < 50), browser B is not (90).
  await browserInBucket(page.context(), 10);
  const other = await browser.newContext();
  const errorsOfB: string[] = [];
  try {
    await browserInBucket(other, 90);
    const pageB = await other.newPage();
    pageB.on('pageerror', (error) => errorsOfB.push(error.message));
    pageB.on('console', (m) => m.type() === 'error' && errorsOfB.push(m.text()));

    expect(await versionShown(page, `${server.baseURL}/`)).toBe(CANARY);
    expect(await versionShown(pageB, `${server.baseURL}/`)).toBe(live);
    // Sticky: each keeps its side on the next visit.
    expect(await versionShown(page, `${server.baseURL}/faq`)).toBe(CANARY);
    expect(await versionShown(pageB, `${server.baseURL}/faq`)).toBe(live);
    // The rollout browser is told what to fall back to.
    const registryOfA = await page.context().request.get(`${server.baseURL}/registry.json`);
    expect((await registryOfA.json()).remotes[REMOTE]).toMatchObject({
      version: CANARY,
      fallback: { version: live },
    });

    // A tester in browser B opens the operator's signed link: B alone now runs the pinned version,
    // on the page the link named, without the token in the address bar.
    const link = await overrideLink(server, REMOTE, PINNED);
    const pinnedVersion = await versionShown(pageB, link);
    expect(pinnedVersion).toBe(PINNED);
    await expect(pageB).toHaveURL(`${server.baseURL}/`);
    expect(await versionShown(pageB, `${server.baseURL}/faq`)).toBe(PINNED);
    expect(await versionShown(page, `${server.baseURL}/`)).toBe(CANARY);
    // The override is out of the page's reach (HttpOnly), like the bucket.
    const cookies = await other.cookies(server.baseURL);
    expect(cookies.find((c) => c.name === `ajo-override-${REMOTE}`)).toMatchObject({
      httpOnly: true,
      sameSite: 'Lax',
    });
    expect(await pageB.evaluate(() => document.cookie)).not.toContain('ajo-override');

    // Browser A tries the unsigned form: in production it is ignored.
    expect(await versionShown(page, `${server.baseURL}/?ajo-override=${REMOTE}@${PINNED}`)).toBe(
      CANARY,
    );
    await expect(page).toHaveURL(`${server.baseURL}/`);
    expect(
      (await page.context().cookies(server.baseURL)).some((c) => c.name.startsWith('ajo-override')),
    ).toBe(false);

    // The tester is done: clearing puts browser B back on the version live for everyone.
    expect(await versionShown(pageB, `${server.baseURL}/?ajo-override=clear`)).toBe(live);
    expect(errorsOfB).toEqual([]);
  } finally {
    await other.close();
  }
});
