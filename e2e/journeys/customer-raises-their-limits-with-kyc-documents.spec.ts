// SPEC §2 KYC tab and docs/domain.md "KYC tiers": a verified customer uploads a proof of residence
// and an identity document; the sandbox review approves them (middleware README "Sandbox document
// review") and the tier, with its limits, rises to 3.
import { activatedCustomer } from '../support/activated-customer';
import { expect, test } from '../support/fixtures';
import { notifications } from '../support/onboarding';
import { openSettingsTab, pdfFile } from '../support/settings';

test.describe.configure({ timeout: 120_000 });
test.use({ viewport: { width: 390, height: 844 } });

test('a customer uploads both documents and sees their account move to Tier 3', async ({
  page,
}, testInfo) => {
  await activatedCustomer(page);
  await openSettingsTab(page, 'kyc', 'KYC');
  await expect(page.getByRole('heading', { name: 'Account level: Tier 2' })).toBeVisible();
  await expect(page.getByText('not available')).toHaveCount(2);

  await page.getByRole('button', { name: 'Upload Proof of Residence' }).click();
  const residence = page.getByRole('dialog', { name: 'Upload Proof of Residence' });
  await residence
    .getByRole('combobox', { name: 'Document type' })
    .selectOption({ label: 'Proof of Residence' });
  await residence.getByLabel('File').setInputFiles(pdfFile('electricity-bill.pdf'));
  await residence.getByRole('button', { name: 'Upload' }).click();
  await expect(notifications(page).getByText('Document Upload Successful')).toBeVisible();
  await expect(residence).toBeHidden();

  await page.getByRole('button', { name: 'Upload Identity Document' }).click();
  const identity = page.getByRole('dialog', { name: 'Upload Identity Document' });
  const types = identity.getByRole('combobox', { name: 'Document type' });
  await expect(types.getByRole('option', { name: 'Proof of Residence' })).toHaveCount(0);
  await types.selectOption({ label: 'International Passport' });
  await identity.getByRole('textbox', { name: 'Document number' }).fill(`A${Date.now() % 1e8}`);
  await identity.getByLabel('File').setInputFiles(pdfFile('passport.pdf'));
  await page.screenshot({ path: testInfo.outputPath('kyc-upload-390.png'), fullPage: true });
  await identity.getByRole('button', { name: 'Upload' }).click();
  await expect(identity).toBeHidden();

  const residenceList = page.getByRole('list', { name: 'Proof of Residence documents' });
  const identityList = page.getByRole('list', { name: 'Identity Document documents' });
  await expect(residenceList.getByText('Uploaded')).toBeVisible();
  await expect(identityList.getByText('International Passport')).toBeVisible();

  // The review is a background job on the middleware's poll; the tab looks again while in review.
  await expect(residenceList.getByText('Approved')).toBeVisible({ timeout: 30_000 });
  await expect(identityList.getByText('Approved')).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole('heading', { name: 'Account level: Tier 3' })).toBeVisible({
    timeout: 30_000,
  });
  await expect(page.getByText('₦5,000,000.00')).toBeVisible();
  await expect(page.getByText('No limit')).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('kyc-tier-3-390.png'), fullPage: true });
});
