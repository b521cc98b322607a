// SPEC §2 referral landing: after a successful referral an Android browser goes to the Android store
// listing and an iPhone to the Apple listing: the ANDROID_STORE_URL / IOS_STORE_URL the e2e app
// server is given (playwright.config.ts; README "Configuration"), not the built-in defaults. A
// desktop stays on the page: friend-signs-up-from-a-referral-link-and-both-earn-the-reward.spec.ts.
import type { Browser } from '@playwright/test';
import { expect, test } from '../support/fixtures';
import { E2E_ANDROID_STORE_URL, E2E_IOS_STORE_URL } from '../support/paths';
import { uniquePhone } from '../support/phone';
import { qualifyingReferrer, type Referrer } from '../support/referral';

// The referrer is signed up, verified, activated and funded through the real screens first.
test.describe.configure({ mode: 'serial', timeout: 90_000 });

const PHONES = [
  {
    device: 'an Android phone',
    store: 'the Play Store',
    userAgent:
      'Mozilla/5.0 (Linux; Android 13; SM-A145F) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Mobile Safari/537.36',
    storeUrl: E2E_ANDROID_STORE_URL,
    storePage: '<title>Google Play</title><h1>Ajo Wallet</h1>',
  },
  {
    device: 'an iPhone',
    store: 'the App Store',
    userAgent:
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
    storeUrl: E2E_IOS_STORE_URL,
    storePage: '<title>App Store</title><h1>Ajo Wallet</h1>',
  },
] as const;

let referrer: Referrer;
test.beforeAll(async ({ browser }: { browser: Browser }, testInfo) => {
  // A hook keeps the config's timeout, not the describe's: the referrer's sign-up needs more.
  testInfo.setTimeout(90_000);
  referrer = await qualifyingReferrer(browser);
});
test.afterAll(async () => referrer?.close());

for (const phone of PHONES) {
  test(`a visitor on ${phone.device} opens a referral link, leaves the number and is sent to ${phone.store}`, async ({
    browser,
  }, testInfo) => {
    const context = await browser.newContext({
      userAgent: phone.userAgent,
      viewport: { width: 390, height: 844 },
      isMobile: true,
      hasTouch: true,
    });
    // No internet here: the store answers from the test, so only the address is checked.
    await context.route(`${new URL(phone.storeUrl).origin}/**`, (route) =>
      route.fulfill({ contentType: 'text/html', body: phone.storePage }),
    );
    const page = await context.newPage();
    try {
      await page.goto(`/referral/${referrer.code}`);
      await expect(
        page.getByRole('heading', { name: `${referrer.shownAs} invited you to join the fun` }),
      ).toBeVisible();
      await expect(page.getByText('Welcome Bonus')).toBeVisible();

      const friend = uniquePhone();
      await page.getByRole('textbox', { name: /Phone number/ }).fill(friend.local);
      await page.screenshot({
        path: testInfo.outputPath('referral-landing-390.png'),
        fullPage: true,
      });
      const recorded = page.waitForResponse(
        (res) =>
          new URL(res.url()).pathname === '/api/referral' && res.request().method() === 'POST',
      );
      await page.getByRole('button', { name: 'Download & Enjoy' }).click();
      expect((await recorded).status()).toBe(201);
      await expect(page).toHaveURL(phone.storeUrl);
    } finally {
      await context.close();
    }
  });
}
