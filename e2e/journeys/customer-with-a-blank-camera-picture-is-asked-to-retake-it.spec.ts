// The identity verification issue's face-check refusal, in the `blank-camera` project: Chromium's
// fake camera shows a uniform grey picture (support/fake-camera.ts), which the middleware's real
// face detector refuses (SPEC §5 "Face photo must pass a server face check").
import { expect, test } from '../support/fixtures';
import {
  captureAndAcceptPhoto,
  expectOnboardingDetails,
  sandboxNumber,
  signedInUnverifiedCustomer,
  submitNinForVerification,
} from '../support/identity';
import { expectedFailedResponse } from '../support/onboarding';

test.describe.configure({ timeout: 120_000 });

/** middleware face-check/messages.ts `noFace`: the server's message, which the screen shows. */
const NO_FACE = 'No face was found in the picture. Please face the camera in good light.';

// The refusal is a real 422 from the face check, which Chromium logs as a failed load.
test.use({
  allowedConsoleErrors: { patterns: [expectedFailedResponse(422, '/services/detect-face')] },
});

test('a customer whose camera shows no face is told so, can recapture, and cannot go on', async ({
  page,
}) => {
  await signedInUnverifiedCustomer(page);
  const nin = sandboxNumber('123');
  // The NIN path is the shorter way to /onboarding (no provider page).
  await submitNinForVerification(page, nin);
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByRole('link', { name: 'Continue to onboarding' }).click();
  await expectOnboardingDetails(page, 'NIN', nin);

  await captureAndAcceptPhoto(page);
  const photo = page.getByRole('group', { name: 'Your photo' });
  // The first face check of a run loads the detector's model in the middleware.
  await expect(photo.getByRole('alert')).toHaveText(NO_FACE, { timeout: 45_000 });
  await expect(photo.getByRole('button', { name: 'Recapture' })).toBeVisible();
  // Nothing was uploaded, so there is no photo URL and Next stays disabled (SPEC §5).
  await expect(photo.getByText('Picture Uploaded')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Next' })).toBeDisabled();

  // Recapture reopens the live camera for another try.
  await photo.getByRole('button', { name: 'Recapture' }).click();
  await expect(photo.getByLabel('Camera preview')).toBeVisible();
  await expect(photo.getByRole('button', { name: 'Capture' })).toBeEnabled();
});
