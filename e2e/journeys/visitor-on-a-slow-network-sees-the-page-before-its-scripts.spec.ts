// On a slow link the scripts take seconds to arrive; the landing page, the sign-in form, the FAQ and
// the legal pages do not wait for them: the app server sends a picture of the screen in the HTML,
// taken by the build from the app itself, and the shell swaps it for the live page once that shows
// the same screen (docs/decisions/025-the-first-screen-painted-from-html.md).
import { expect, test } from '../support/fixtures';

const PAINTED = [
  { path: '/', heading: /^Your money, your wallet/ },
  { path: '/login', heading: /^Login$/ },
  { path: '/faq', heading: /^Frequently Asked Questions$/ },
  { path: '/terms-and-conditions/account', heading: /^Account Terms and Privacy Policy$/ },
] as const;

test.use({ viewport: { width: 390, height: 844 } });

test('without a single script run, each page shows the screen the app will show', async ({
  browser,
}) => {
  const painted = await browser.newContext({ javaScriptEnabled: false });
  const live = await browser.newContext();
  try {
    for (const { path, heading } of PAINTED) {
      const before = await painted.newPage();
      await before.goto(path);
      const pictured = before.locator('h1');
      await expect(pictured).toHaveText(heading);
      await expect(pictured).toBeVisible();
      const pictureBox = await pictured.boundingBox();

      const after = await live.newPage();
      await after.goto(path);
      await expect(after.getByRole('heading', { level: 1 })).toHaveText(heading);
      await expect(after.locator('#ajo-first-paint')).toHaveCount(0);
      // The same heading, the same size (the no-script page has one line more at the top, the
      // "needs JavaScript" notice, so only its size is compared).
      const liveBox = await after.getByRole('heading', { level: 1 }).boundingBox();
      expect(Math.round(liveBox?.width ?? 0)).toBe(Math.round(pictureBox?.width ?? -1));
      expect(Math.round(liveBox?.height ?? 0)).toBe(Math.round(pictureBox?.height ?? -1));
      await before.close();
      await after.close();
    }
  } finally {
    await painted.close();
    await live.close();
  }
});

test('the picture is the largest paint, and handing over to the live page shifts nothing', async ({
  page,
}) => {
  // Recorded from the first byte: every layout shift, every largest-paint candidate and when the
  // live page took the picture's place.
  await page.addInitScript(() => {
    const seen = { shifts: [] as number[], largest: [] as number[], swappedAt: -1 };
    (window as unknown as { __seen: typeof seen }).__seen = seen;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries())
        seen.shifts.push((entry as unknown as { value: number }).value);
    }).observe({ type: 'layout-shift', buffered: true });
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) seen.largest.push(entry.startTime);
    }).observe({ type: 'largest-contentful-paint', buffered: true });
    new MutationObserver(() => {
      const root = document.getElementById('root');
      if (seen.swappedAt < 0 && root && !root.hidden) seen.swappedAt = performance.now();
    }).observe(document, { subtree: true, childList: true, attributes: true });
  });
  // A slow link and a slow phone, so the scripts arrive well after the HTML and its CSS.
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 150,
    downloadThroughput: (1.6 * 1024 * 1024) / 8,
    uploadThroughput: (750 * 1024) / 8,
  });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  for (const path of ['/', '/login']) {
    await page.goto(path);
    await expect(page.locator('#ajo-first-paint')).toHaveCount(0, { timeout: 20_000 });
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    const seen = await page.evaluate(
      () =>
        (
          window as unknown as {
            __seen: { shifts: number[]; largest: number[]; swappedAt: number };
          }
        ).__seen,
    );
    expect(seen.swappedAt, `${path}: the live page took over`).toBeGreaterThan(0);
    expect(seen.largest.length, `${path}: a largest paint was recorded`).toBeGreaterThan(0);
    // Every candidate was painted before the live page was shown: the picture's.
    for (const at of seen.largest) expect(at, path).toBeLessThan(seen.swappedAt);
    expect(seen.shifts, `${path}: nothing moved`).toEqual([]);
  }
});
