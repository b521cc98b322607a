// The identity verification issue's NIN journey against the real middleware and its sandbox
// provider (SPEC §2 /nin-verification-start → follow-on view → result → /onboarding?tid=), in the
// `camera` project: Chromium's fake camera shows a real face (support/fake-camera.ts).
import { expect, test } from '../support/fixtures';
import {
  expectOnboardingDetails,
  finishOnboardingWithAcceptedFace,
  sandboxNumber,
  signedInCustomerOnServer,
  signedInUnverifiedCustomer,
  submitNinForVerification,
} from '../support/identity';
import { pathnameIs } from '../support/onboarding';

test.describe.configure({ timeout: 120_000 });

test('a new customer verifies with a NIN and a camera photo and lands on an activated dashboard', async ({
  page,
}) => {
  await signedInUnverifiedCustomer(page);
  const nin = sandboxNumber('123');

  await test.step('the NIN, then the masked holder details and the result page', async () => {
    await submitNinForVerification(page, nin);
    // SPEC §4 NIN start: the follow-on view once the verification data is held.
    const holder = page.getByRole('definition');
    await expect(page.getByRole('heading', { name: 'Confirm your NIN details' })).toBeVisible();
    // The number typed, and the holder's names masked by the server (middleware identity/masking.ts,
    // e.g. 'A****') until the customer is verified.
    await expect(holder.nth(0)).toHaveText(nin);
    await expect(holder.nth(1)).toHaveText(/^\p{L}\*+$/u);
    await expect(holder.nth(2)).toHaveText(/^\p{L}\*+$/u);
    await page.getByRole('button', { name: 'Continue' }).click();
    // SPEC §2 NIN result page: success when nin is present, with a link to /onboarding?tid=.
    await expect(page).toHaveURL(pathnameIs('/nin-verification-start/result'));
    const onward = page.getByRole('link', { name: 'Continue to onboarding' });
    await expect(onward).toHaveAttribute('href', /^\/onboarding\?tid=.+/);
    await onward.click();
  });

  await test.step('the identity, photo, face check, upload and Next: activated', async () => {
    await expectOnboardingDetails(page, 'NIN', nin);
    await finishOnboardingWithAcceptedFace(page);
    const { wallets, is_verified } = await signedInCustomerOnServer(page);
    expect(is_verified).toBe(true);
    expect(wallets.map((w) => w.product_id).sort()).toEqual([1, 4]);
    await expect(page).toHaveURL(pathnameIs('/dashboard'));
  });
});
