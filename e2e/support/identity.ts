// The identity verification screens driven the way a customer uses them (SPEC §2 /verify,
// /bvn-verification-start → provider consent page → /bvn-verification-status, /nin-verification-start,
// /onboarding?tid=), against the middleware's sandbox identity provider (middleware/README.md
// "Sandbox test identities": the outcome is decided by the number's first digits).
import { randomInt } from 'node:crypto';
import type { Page } from '@playwright/test';
import { expect } from './fixtures';
import { notifications, pathnameIs, signIn, signUp } from './onboarding';
import { uniquePhone, type TestPhone } from './phone';

/** SPEC §8 / §5 words the identity journeys look for. */
export const VERIFICATION_COMPLETED = 'Verification process has been successfully completed.';
export const BVN_VERIFY_ERROR =
  'Sorry, we encountered an error verifying your BVN. Please, ensure it is correct and try again.';
export const ACCOUNT_NOT_ACTIVATED =
  'Sorry this account has not yet been activated. Please contact support for more info.';
export const PICTURE_UPLOADED = 'Picture Uploaded';

/**
 * An 11-digit BVN or NIN with a sandbox prefix ('222' BVN success, '229' BVN mismatch, '123' NIN
 * success…) and random digits: one account per BVN and per NIN, and the journeys share a database.
 */
export function sandboxNumber(prefix: string): string {
  return `${prefix}${String(randomInt(0, 10 ** (11 - prefix.length))).padStart(11 - prefix.length, '0')}`;
}

/** The security PIN the journeys' customers sign in with. */
export const CUSTOMER_PIN = '2580';

/** A fresh customer, signed up and signed in: SPEC §4 Login sends an unverified one to /verify. */
export async function signedInUnverifiedCustomer(page: Page): Promise<TestPhone> {
  const phone = uniquePhone();
  await signUp(page, phone, CUSTOMER_PIN);
  await signIn(page, phone, CUSTOMER_PIN);
  await expect(page).toHaveURL(pathnameIs('/verify'));
  return phone;
}

/**
 * /verify → BVN Verification: the app asks for a consent session and the browser lands on the
 * sandbox provider's page, where the customer types the BVN, ticks consent and grants access.
 */
export async function verifyBvnAtProvider(page: Page, bvn: string): Promise<void> {
  await page.goto('/verify');
  await page.getByRole('link', { name: /BVN Verification/ }).click();
  await grantBvnConsent(page, bvn);
}

/** The sandbox consent page (middleware identity/consent-page.ts); it redirects back with status. */
export async function grantBvnConsent(page: Page, bvn: string): Promise<void> {
  await expect(page.getByRole('heading', { name: 'Verify your BVN' })).toBeVisible();
  await page.getByRole('textbox', { name: 'BVN' }).fill(bvn);
  await page
    .getByRole('checkbox', { name: 'I consent to Ajo Wallet retrieving my BVN details' })
    .check();
  await page.getByRole('button', { name: 'Grant access' }).click();
}

/** /nin-verification-start: the NIN, Submit, then the follow-on view with the holder's details. */
export async function submitNinForVerification(page: Page, nin: string): Promise<void> {
  await page.goto('/verify');
  await page.getByRole('link', { name: /NIN Verification/ }).click();
  await expect(page).toHaveURL(pathnameIs('/nin-verification-start'));
  // SPEC §2: titled 'Start NIN Verification', Submit disabled until the NIN is valid.
  await expect(page.getByRole('heading', { name: 'Start NIN Verification' })).toBeVisible();
  const submit = page.getByRole('button', { name: 'Submit' });
  await expect(submit).toBeDisabled();
  await page.getByRole('textbox', { name: 'NIN' }).fill(nin);
  await expect(submit).toBeEnabled();
  await submit.click();
}

/** /onboarding?tid=: the identity behind the tid is shown read-only (SPEC §2). */
export async function expectOnboardingDetails(page: Page, idLabel: 'BVN' | 'NIN', id: string) {
  await expect(page).toHaveURL(
    (url) => url.pathname === '/onboarding' && Boolean(url.searchParams.get('tid')),
  );
  const idField = page.getByRole('textbox', { name: idLabel, exact: true });
  await expect(idField).toHaveValue(id);
  await expect(idField).toHaveAttribute('readonly', '');
  await expect(page.getByRole('textbox', { name: 'First name' })).not.toHaveValue('');
  await expect(page.getByRole('textbox', { name: 'Last name' })).not.toHaveValue('');
}

/** The photo (SPEC §2): open the camera if asked, Capture from the live preview, then Accept. */
export async function captureAndAcceptPhoto(page: Page): Promise<void> {
  const photo = page.getByRole('group', { name: 'Your photo' });
  const openCamera = photo.getByRole('button', { name: 'Open camera' });
  const capture = photo.getByRole('button', { name: 'Capture' });
  await expect(openCamera.or(capture)).toBeVisible();
  if (await openCamera.isVisible()) await openCamera.click();
  // Enabled once the stream arrives; a customer then waits for the picture to show before pressing
  // Capture, which here means the preview has decoded a frame of the fake camera.
  await expect(capture).toBeEnabled();
  const preview = photo.getByLabel('Camera preview');
  await expect
    .poll(() =>
      preview.evaluate((video: HTMLVideoElement) => video.videoWidth > 0 && video.readyState >= 2),
    )
    .toBe(true);
  await capture.click();
  await expect(photo.getByRole('img', { name: 'Your captured photo' })).toBeVisible();
  await photo.getByRole('button', { name: 'Accept' }).click();
}

/**
 * An accepted real face: the server face check passes, the upload shows its percentage, then
 * 'Picture Uploaded'; Next activates the account and the shell opens /dashboard.
 */
export async function finishOnboardingWithAcceptedFace(page: Page): Promise<void> {
  const photo = page.getByRole('group', { name: 'Your photo' });
  const next = page.getByRole('button', { name: 'Next' });
  await expect(next).toBeDisabled();
  await captureAndAcceptPhoto(page);
  // The first face check of a run loads the detector's model in the middleware (several seconds).
  await expect(photo.getByText(PICTURE_UPLOADED)).toBeVisible({ timeout: 45_000 });
  await expect(notifications(page).getByText('File uploaded successfully!')).toBeVisible();
  await expect(next).toBeEnabled();
  await next.click();
  await expect(notifications(page).getByText(VERIFICATION_COMPLETED)).toBeVisible();
  await expect(page).toHaveURL(pathnameIs('/dashboard'));
}

interface ServerWallet {
  name: string;
  account_no: string | null;
  product_id: number;
}

export interface ServerUser {
  first_name: string;
  last_name: string;
  is_verified: boolean;
  isTransactionPinEnabled: boolean;
  wallets: ServerWallet[];
}

/**
 * The signed-in customer as the server now holds them: GET /api/users/{id} from the page, with the
 * session's own token (SPEC §3 `tk`/`id`), as the shell itself reads the user.
 */
export async function signedInCustomerOnServer(page: Page): Promise<ServerUser> {
  return page.evaluate(async () => {
    const id = window.localStorage.getItem('id');
    const token = window.localStorage.getItem('tk');
    const res = await fetch(`/api/users/${id}`, { headers: { Authorization: `Bearer ${token}` } });
    if (!res.ok) throw new Error(`GET /api/users/${id} answered ${res.status}`);
    // The middleware answers with the user object itself (users/routes.ts, SPEC §7).
    return (await res.json()) as ServerUser;
  });
}
