// SPEC §2 referral landing: after a successful referral an Android browser goes to the Android store
// listing (configuration: ANDROID_STORE_URL of the app server, README "Referral programme").
import { expect, test } from '../support/fixtures';
import { uniquePhone } from '../support/phone';
import { qualifyingReferrer } from '../support/referral';

// The referrer is signed up, verified, activated and funded through the real screens first.
test.describe.configure({ timeout: 90_000 });

const ANDROID =
  'Mozilla/5.0 (Linux; Android 13; SM-A145F) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Mobile Safari/537.36';

test('a visitor on an Android phone opens a referral link, leaves the number and is sent to the Play Store', async ({
  browser,
}) => {
  const referrer = await qualifyingReferrer(browser);
  const context = await browser.newContext({
    userAgent: ANDROID,
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
  });
  // No internet here: the store answers from the test, so only the address is checked.
  await context.route('https://play.google.com/**', (route) =>
    route.fulfill({
      contentType: 'text/html',
      body: '<title>Google Play</title><h1>Ajo Wallet</h1>',
    }),
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
    const recorded = page.waitForResponse(
      (res) => new URL(res.url()).pathname === '/api/referral' && res.request().method() === 'POST',
    );
    await page.getByRole('button', { name: 'Download & Enjoy' }).click();
    expect((await recorded).status()).toBe(201);
    await expect(page).toHaveURL(/^https:\/\/play\.google\.com\/store\/apps\/details\?id=/);
  } finally {
    await context.close();
    await referrer.close();
  }
});
