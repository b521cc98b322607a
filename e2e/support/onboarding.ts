// The sign-up and sign-in screens driven the way a customer uses them (SPEC §2: /signup, /otp,
// /security-pin, /register, /login), with accessible names only. Each step checks where it lands,
// so a journey that breaks says at which screen.
import type { Page } from '@playwright/test';
import { expect } from './fixtures';
import { newestOtp } from './outbox';
import type { TestPhone } from './phone';

/** SPEC §8 "Account Setup" success toast. */
export const ACCOUNT_CREATED = 'Yaay! Your account creation was successful.';

export const notifications = (page: Page) => page.getByRole('region', { name: 'Notifications' });

export const pathnameIs = (pathname: string) => (url: URL) => url.pathname === pathname;

/** /signup: the number and the terms box; the OTP goes out and the browser moves to /otp. */
export async function startSignUp(page: Page, phone: TestPhone): Promise<void> {
  await page.goto('/signup');
  await page.getByRole('textbox', { name: 'Phone number' }).fill(phone.local);
  await page.getByRole('checkbox', { name: /I agree to the Terms and Conditions/ }).check();
  await page.getByRole('button', { name: 'Sign up' }).click();
  await expect(page).toHaveURL(pathnameIs('/otp'));
}

/** /otp: the code from the sandbox outbox; on to /security-pin. */
export async function confirmSignUpOtp(page: Page, phone: TestPhone): Promise<void> {
  const otp = await newestOtp(phone.international, 'sign-up');
  await page.getByRole('textbox', { name: 'OTP' }).fill(otp);
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page).toHaveURL(pathnameIs('/security-pin'));
}

/** /security-pin: the PIN twice; /register follows when they match. */
export async function choosePins(page: Page, pin: string, confirmPin = pin): Promise<void> {
  await page.getByRole('textbox', { name: 'Security PIN', exact: true }).fill(pin);
  await page.getByRole('textbox', { name: 'Confirm Security PIN', exact: true }).fill(confirmPin);
  await page.getByRole('button', { name: 'Continue' }).click();
}

/** /register (Account Setup): a real state and one of its LGAs from the middleware's lists. */
export async function setUpAccount(page: Page): Promise<void> {
  await expect(page).toHaveURL(pathnameIs('/register'));
  const create = page.getByRole('button', { name: 'Create account' });
  // SPEC §4: submit stays disabled until every field but referrer code and email is filled.
  await expect(create).toBeDisabled();
  await fillAccountSetup(page);
  await expect(create).toBeEnabled();
  await create.click();
  await expect(notifications(page).getByText(ACCOUNT_CREATED)).toBeVisible();
  await expect(page).toHaveURL(pathnameIs('/login'));
}

/** Account Setup's required fields: Female, an Ikeja address, Lagos and Ikeja from the real lists. */
export async function fillAccountSetup(page: Page): Promise<void> {
  await page.getByRole('combobox', { name: 'Gender' }).selectOption({ label: 'Female' });
  await page.getByRole('textbox', { name: 'Address' }).fill(SETUP_ADDRESS);
  const state = page.getByRole('combobox', { name: 'State' });
  await expect(state.getByRole('option', { name: 'Lagos', exact: true })).toBeAttached();
  await state.selectOption({ label: 'Lagos' });
  const lga = page.getByRole('combobox', { name: 'Local government' });
  await expect(lga.getByRole('option', { name: 'Ikeja', exact: true })).toBeAttached();
  await lga.selectOption({ label: 'Ikeja' });
}

export const SETUP_ADDRESS = '12 Allen Avenue, Ikeja';

/** The whole sign-up (SPEC §2 order): ends on /login with a customer who holds `pin`. */
export async function signUp(page: Page, phone: TestPhone, pin: string): Promise<void> {
  await startSignUp(page, phone);
  await confirmSignUpOtp(page, phone);
  await choosePins(page, pin);
  await setUpAccount(page);
}

/** /login: number and PIN, then Login. The caller checks where the browser lands. */
export async function signIn(page: Page, phone: TestPhone, pin: string): Promise<void> {
  if (new URL(page.url()).pathname !== '/login') await page.goto('/login');
  await page.getByRole('textbox', { name: 'Phone number' }).fill(phone.local);
  await page.getByRole('textbox', { name: 'Security PIN', exact: true }).fill(pin);
  await page.getByRole('button', { name: 'Login' }).click();
}

/**
 * What Chromium logs for a response the test provokes on purpose (a refused PIN, a resend the
 * server refuses): "Failed to load resource: … status of 401 (Unauthorized)" at the request's URL.
 * Only that status at that API path is allowed; any other console error still fails the test.
 */
export function expectedFailedResponse(status: number, apiPath: string): RegExp {
  const escaped = apiPath.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
  return new RegExp(
    `^console\\.error: Failed to load resource: the server responded with a status of ${status}\\b.*\\(https?://[^/]+/api${escaped}(\\?[^)]*)?:\\d+\\)$`,
  );
}
