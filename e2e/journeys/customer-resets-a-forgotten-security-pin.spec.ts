// SPEC §4 "Security PIN reset: request-otp, submit-otp, then /login" on /forgot-pin (SPEC §2),
// against the real middleware: the reset code is read from the sandbox outbox like an SMS.
import { expect, test } from '../support/fixtures';
import {
  expectedFailedResponse,
  notifications,
  pathnameIs,
  signIn,
  signUp,
} from '../support/onboarding';
import { newestOtp } from '../support/outbox';
import { uniquePhone } from '../support/phone';

const OLD_PIN = '1357';
const NEW_PIN = '8642';

// Each journey walks five screens and the middleware's real PIN hashing (scrypt) on a 2-core box
// that also runs the servers: 15-25 s under a parallel run, so the 30-s default is too tight.
test.describe.configure({ timeout: 90_000 });

// The old PIN is refused on purpose after the reset: a real 401 from POST /api/login.
test.use({ allowedConsoleErrors: { patterns: [expectedFailedResponse(401, '/login')] } });

test('a customer who forgot the security PIN resets it with the texted code and signs in with the new PIN', async ({
  page,
}) => {
  const phone = uniquePhone();
  await signUp(page, phone, OLD_PIN);

  // From the login screen's own link (SPEC §2: /login links to /forgot-pin).
  await page.getByRole('link', { name: 'Forgot your security PIN?' }).click();
  await expect(page).toHaveURL(pathnameIs('/forgot-pin'));
  await page.getByRole('textbox', { name: 'Phone number' }).fill(phone.local);
  await page.getByRole('button', { name: 'Request OTP' }).click();
  // SPEC §8: the toast shows the server's message.
  await expect(
    notifications(page).getByText('If an account exists for this number, an OTP has been sent.'),
  ).toBeVisible();

  const otp = await newestOtp(phone.international, 'pin reset');
  await page.getByRole('textbox', { name: 'OTP' }).fill(otp);
  await page.getByRole('textbox', { name: 'New security PIN' }).fill(NEW_PIN);
  await page.getByRole('button', { name: 'Reset PIN' }).click();
  await expect(
    notifications(page).getByText('Your security PIN has been reset. Please log in.'),
  ).toBeVisible();
  await expect(page).toHaveURL(pathnameIs('/login'));

  // The old PIN no longer opens the account...
  await signIn(page, phone, OLD_PIN);
  await expect(
    notifications(page)
      .getByRole('alert')
      .filter({ hasText: 'Invalid phone number or security PIN.' }),
  ).toBeVisible();
  await expect(page).toHaveURL(pathnameIs('/login'));

  // ...the new one does (SPEC §4: an unverified customer lands on /verify).
  await signIn(page, phone, NEW_PIN);
  await expect(page).toHaveURL(pathnameIs('/verify'));
  expect(await page.evaluate(() => window.localStorage.getItem('tk'))).toBeTruthy();
});
