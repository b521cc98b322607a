// SPEC §4 "OTP resend": a 180-second countdown, then Resend OTP is enabled; a successful resend
// restarts it. SPEC §8: 'OTP has been resent successfully!' / 'Failed to resend OTP! Please try
// again.' vanish after 5 s. The page's clock is driven (page.clock), never waited for.
import type { Page } from '@playwright/test';
import { expect, test } from '../support/fixtures';
import { expectedFailedResponse, startSignUp } from '../support/onboarding';
import { uniquePhone, type TestPhone } from '../support/phone';

const RESENT = 'OTP has been resent successfully!';
const RESEND_FAILED = 'Failed to resend OTP! Please try again.';

/** Signs up as far as /otp with the page's clock installed, then stops the clock. */
async function reachOtpWithStoppedClock(page: Page, phone: TestPhone) {
  // Installed before the first navigation, so the countdown's timers and Date are the fake ones.
  await page.clock.install();
  await startSignUp(page, phone);
  // From here only fastForward/runFor move the page's time (pauseAt needs a time ahead of it).
  const pageNow = await page.evaluate(() => Date.now());
  await page.clock.pauseAt(pageNow + 1_000);
  const timer = page.getByRole('timer');
  const resend = page.getByRole('button', { name: 'Resend OTP' });
  await expect(timer).toHaveText(/^Resend OTP in (3:00|2:5\d)$/);
  await expect(resend).toBeDisabled();
  return { timer, resend };
}

test('after the 180-second countdown a customer can resend the sign-up OTP and the countdown starts again', async ({
  page,
}) => {
  const phone = uniquePhone();
  const { timer, resend } = await reachOtpWithStoppedClock(page, phone);

  await page.clock.fastForward('02:50');
  await expect(timer).toHaveText(/^Resend OTP in 0:\d\d$/);
  await expect(resend).toBeDisabled();
  await page.clock.fastForward('00:10');
  await expect(resend).toBeEnabled();

  // The page's 180 s are fake but the middleware holds the same rule on the real clock (it would
  // answer 429), and the server must not be weakened for a test: this one GET /api/auth/get-otps
  // is answered here, as the middleware answers a resend (200 { message }). The real refusal is
  // the next test.
  const resendRequests: URL[] = [];
  await page.route(
    '**/api/auth/get-otps?*',
    async (route) => {
      resendRequests.push(new URL(route.request().url()));
      await route.fulfill({ json: { message: 'OTP has been resent' } });
    },
    { times: 1 },
  );
  await resend.click();

  const resent = page.getByText(RESENT);
  await expect(resent).toBeVisible();
  expect(resendRequests.map((url) => url.searchParams.get('phone_number'))).toEqual([
    phone.international,
  ]);
  // The countdown restarted: 3:00 again and the button waits for it.
  await expect(timer).toHaveText('Resend OTP in 3:00');
  await expect(resend).toBeDisabled();

  await page.clock.runFor(4_900);
  await expect(resent).toBeVisible();
  await page.clock.runFor(200);
  await expect(resent).toBeHidden();
  await expect(timer).toHaveText('Resend OTP in 2:55');
});

test.describe('a customer whose resend the server refuses', () => {
  // The middleware's 180 s run on the real clock, so it answers this resend 429, which Chromium
  // logs as a failed load of /api/auth/get-otps: expected here and nowhere else.
  test.use({ allowedConsoleErrors: { patterns: [expectedFailedResponse(429, '/auth/get-otps')] } });

  test('sees the failure message for 5 seconds and can try again', async ({ page }) => {
    const phone = uniquePhone();
    const { timer, resend } = await reachOtpWithStoppedClock(page, phone);

    await page.clock.fastForward('03:00');
    await expect(resend).toBeEnabled();
    await expect(timer).toHaveText("Didn't get the code?");

    const refused = page.waitForResponse(
      (res) => res.url().includes('/api/auth/get-otps') && res.status() === 429,
    );
    await resend.click();
    await refused;
    const failed = page.getByText(RESEND_FAILED);
    await expect(failed).toBeVisible();
    // A failed resend does not restart the countdown.
    await expect(resend).toBeEnabled();

    await page.clock.runFor(4_900);
    await expect(failed).toBeVisible();
    await page.clock.runFor(200);
    await expect(failed).toBeHidden();
    await expect(resend).toBeEnabled();
  });
});
