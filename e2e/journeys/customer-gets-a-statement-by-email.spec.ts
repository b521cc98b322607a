// SPEC §2 Generate Statement and §7 GET /transaction-history/statement: the statement is a PDF sent
// by e-mail; the sandbox outbox keeps the attachment, and a person can open it.
import { fundedCustomer } from '../support/activated-customer';
import { expect, test } from '../support/fixtures';
import { notifications } from '../support/onboarding';
import { newestEmail } from '../support/outbox';
import { openSettingsTab } from '../support/settings';

test.describe.configure({ timeout: 120_000 });
test.use({ viewport: { width: 390, height: 844 } });

/** Today in Lagos (UTC+1), the day the statement counts in. */
const lagosToday = () => new Date(Date.now() + 3_600_000).toISOString().slice(0, 10);

test('a customer asks for a statement and opens the PDF from the e-mail', async ({
  page,
}, testInfo) => {
  const customer = await fundedCustomer(page, 2500.5);
  const email = `statement-${customer.phone.local}@example.com`;

  await openSettingsTab(page, 'statement', 'Generate Statement');
  await expect(page.getByRole('textbox', { name: 'Wallet number' })).toHaveValue(
    customer.mainWallet.account_no,
  );
  await page.getByRole('textbox', { name: 'Email' }).fill(email);
  await page.getByLabel('Start date').fill(lagosToday());
  await page.getByLabel('End date').fill(lagosToday());
  await page.screenshot({ path: testInfo.outputPath('statement-390.png'), fullPage: true });
  await page.getByRole('button', { name: 'Generate Statement' }).click();
  await expect(
    notifications(page).getByText(`Your account statement has been sent to ${email}.`),
  ).toBeVisible();

  const mail = await newestEmail(email);
  expect(mail.attachments).toHaveLength(1);
  const [pdf] = mail.attachments;
  expect(pdf?.filename).toMatch(/^statement-\d{10}-\d{4}-\d{2}-\d{2}-to-\d{4}-\d{2}-\d{2}\.pdf$/);
  const response = await page.request.get(pdf!.url);
  expect(response.status()).toBe(200);
  expect(response.headers()['content-type']).toBe('application/pdf');
  expect((await response.body()).subarray(0, 5).toString()).toBe('%PDF-');
});
