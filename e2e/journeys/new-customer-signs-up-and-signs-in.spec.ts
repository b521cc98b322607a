// The sign-up / sign-in issue's journeys against the real middleware (SPEC §2 /signup → /otp →
// /security-pin → /register → /login; SPEC §4 Login and Sign-out). The OTP is read from the
// sandbox outbox, as a customer would read the SMS.
import { expect, test } from '../support/fixtures';
import {
  choosePins,
  confirmSignUpOtp,
  expectedFailedResponse,
  notifications,
  pathnameIs,
  signIn,
  signUp,
  startSignUp,
} from '../support/onboarding';
import { uniquePhone } from '../support/phone';

const PIN = '2580';

// Each journey walks five screens and the middleware's real PIN hashing (scrypt) on a 2-core box
// that also runs the servers: 15-25 s under a parallel run, so the 30-s default is too tight.
test.describe.configure({ timeout: 90_000 });

test('a new customer signs up with the texted OTP, a PIN and a real state and LGA, then signs in and lands on /verify', async ({
  page,
}) => {
  const phone = uniquePhone();
  await signUp(page, phone, PIN);

  await signIn(page, phone, PIN);
  // SPEC §4: a user neither verified nor with a mifos_client_id goes to /verify.
  await expect(page).toHaveURL(pathnameIs('/verify'));
  await expect(page.getByRole('heading', { name: 'Verify Details' })).toBeVisible();
  // SPEC §4: on success the token and the id are stored (SPEC §3: under tk and id).
  const stored = await page.evaluate(() => ({
    tk: window.localStorage.getItem('tk'),
    id: window.localStorage.getItem('id'),
    phone: window.localStorage.getItem('phone_number'),
  }));
  expect(stored.tk, 'tk').toBeTruthy();
  expect(stored.id, 'id').toBeTruthy();
  // The sign-up number and token were spent at /register and cleared by the login attempt.
  expect(stored.phone).toBeNull();
});

test("a customer who confirms a different PIN is told 'Security PINs do not match!' and stays", async ({
  page,
}) => {
  const phone = uniquePhone();
  await startSignUp(page, phone);
  await confirmSignUpOtp(page, phone);
  await choosePins(page, '1234', '4321');
  // SPEC §5: the confirmation must equal the PIN.
  await expect(page.getByText('Security PINs do not match!')).toBeVisible();
  await expect(page).toHaveURL(pathnameIs('/security-pin'));
});

test.describe('a customer who mistypes the security PIN', () => {
  // The refused sign-in is a real 401 from POST /api/login, which Chromium logs as a failed load.
  test.use({ allowedConsoleErrors: { patterns: [expectedFailedResponse(401, '/login')] } });

  test("sees the server's 'Invalid phone number or security PIN.' and stays signed out on /login", async ({
    page,
  }) => {
    const phone = uniquePhone();
    await signUp(page, phone, PIN);

    await signIn(page, phone, '9999');
    // SPEC §8: toasts show the server's message.
    await expect(
      notifications(page)
        .getByRole('alert')
        .filter({ hasText: 'Invalid phone number or security PIN.' }),
    ).toBeVisible();
    await expect(page).toHaveURL(pathnameIs('/login'));
    expect(await page.evaluate(() => window.localStorage.getItem('tk'))).toBeNull();

    // The right PIN still works after one wrong try.
    await signIn(page, phone, PIN);
    await expect(page).toHaveURL(pathnameIs('/verify'));
  });
});

test('a signed-in customer signs out: storage is cleared, /login shows and /dashboard is protected again', async ({
  page,
}) => {
  const phone = uniquePhone();
  await signUp(page, phone, PIN);
  await signIn(page, phone, PIN);
  await expect(page).toHaveURL(pathnameIs('/verify'));

  // A real session now (no signedInShell): the shell loads the user from GET /api/users/{id}.
  await page.goto('/dashboard');
  // SPEC §4 "Account activation": a new customer has no wallets and sees the not-activated screen.
  await expect(page).toHaveURL(pathnameIs('/not-activated'));
  await expect(page.getByRole('heading', { name: 'Account not activated' })).toBeVisible();
  // SPEC §4 "Prompts on protected pages": the transaction PIN prompt waits until the customer has
  // wallets (host/src/prompts/prompt-conditions.ts); before activation it guards nothing.
  await expect(page.getByRole('dialog', { name: 'Create Transaction PIN' })).toHaveCount(0);
  await page
    .getByRole('complementary', { name: 'Dashboard' })
    .getByRole('button', { name: 'Signout' })
    .click();

  // SPEC §4 Sign-out: signed-out, then /login.
  await expect(page).toHaveURL(pathnameIs('/login'));
  await expect(page.getByRole('heading', { name: 'Login' })).toBeVisible();
  expect(await page.evaluate(() => window.localStorage.length)).toBe(0);
  expect(await page.evaluate(() => window.sessionStorage.length)).toBe(0);

  await page.goto('/dashboard');
  await expect(page).toHaveURL(pathnameIs('/login'));
});
