// SPEC §2 / §5 / §7 "Payments": a data plan bought after switching network (the plan resets, the
// amount is the plan's), and prepaid electricity whose token is shown and copied. Sandbox meters:
// middleware README "Payments".
import { expect, test } from '../support/fixtures';
import { balanceOf, fundedCustomer } from '../support/activated-customer';
import { confirmWithPin } from '../support/transfer-screens';

test.describe.configure({ timeout: 120_000 });
// What the token panel says when the browser refuses to copy (mfe-payments purchase-status.tsx).
const TOKEN_COPY_BLOCKED =
  'Your browser blocked copying. The token is selected: press and hold it (or use Ctrl+C) to copy it.';
test.use({ permissions: ['clipboard-read', 'clipboard-write'] });

test('a customer buys a data plan after switching network: the plan resets and the amount follows the plan', async ({
  page,
}) => {
  const customer = await fundedCustomer(page, 5000, { name: 'A', bank: 'B' });
  const wallet = customer.mainWallet.account_no;

  await page.goto('/dashboard/payments/data');
  await page.getByRole('combobox', { name: /Source wallet/ }).selectOption(wallet);
  await page.getByRole('textbox', { name: /Phone number/ }).fill('08031234567');
  const network = page.getByRole('combobox', { name: /Network/ });
  const plan = page.getByRole('combobox', { name: /Data plan/ });
  const amount = page.getByRole('textbox', { name: /Amount/ });
  await expect(network).toHaveValue('mtnng');
  await plan.selectOption({ label: '1.5GB, 30 days (₦1,000)' });
  await expect(amount).toHaveValue('1000');
  await expect(amount).toHaveAttribute('readonly');

  // Numbers are portable: the customer says it is a Glo line now.
  await network.selectOption('glong');
  await expect(plan).toHaveValue('');
  await expect(amount).toHaveValue('');
  await plan.selectOption({ label: '1.05GB, 14 days (₦500)' });
  await expect(amount).toHaveValue('500');

  await page.getByRole('button', { name: 'Proceed' }).click();
  await confirmWithPin(page);
  await expect(page.getByRole('heading', { name: 'Transaction Successful' })).toBeVisible();
  expect(await balanceOf(customer, wallet)).toBe(4500);
});

test('a customer buys prepaid electricity, sees the 20-digit token and copies it', async ({
  page,
}) => {
  const customer = await fundedCustomer(page, 10_000, { name: 'A', bank: 'B' });
  const wallet = customer.mainWallet.account_no;

  await page.goto('/dashboard/payments/electricity');
  await page.getByRole('combobox', { name: /Source wallet/ }).selectOption(wallet);
  await page
    .getByRole('combobox', { name: /Service provider/ })
    .selectOption({ label: 'Ikeja Electric (IKEDC) Prepaid' });
  await page.getByRole('textbox', { name: /Meter number/ }).fill('1111111111111');
  await page.getByRole('button', { name: 'Validate' }).click();
  await expect(page.getByText('TESTMETER ONE')).toBeVisible();
  await page.getByRole('textbox', { name: /Phone number/ }).fill('08031234567');
  await page.getByRole('textbox', { name: /Amount/ }).fill('2000');
  await page.getByRole('button', { name: 'Proceed' }).click();
  await confirmWithPin(page);
  await expect(page.getByRole('heading', { name: 'Transaction Successful' })).toBeVisible();

  const token = page.getByRole('status', { name: 'Electricity token' });
  await expect(token).toHaveText(/^\d{4}-\d{4}-\d{4}-\d{4}-\d{4}$/);
  await page.getByRole('button', { name: 'Copy token' }).click();
  await expect(page.getByRole('button', { name: 'Copied' })).toBeVisible();
  const shown = (await token.textContent())?.trim();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(shown);

  await test.step('a browser that refuses the clipboard: the token is selected, and the customer told how to copy it', async () => {
    await page.evaluate(() => {
      const refuse = () => Promise.reject(new DOMException('denied', 'NotAllowedError'));
      Object.defineProperty(navigator, 'clipboard', {
        value: { writeText: refuse },
        configurable: true,
      });
      document.execCommand = () => false;
    });
    await page.getByRole('button', { name: 'Copied' }).click();
    await expect(page.getByText(TOKEN_COPY_BLOCKED)).toBeVisible();
    await expect(page.getByRole('button', { name: 'Copy token' })).toBeVisible();
    expect(await page.evaluate(() => window.getSelection()?.toString())).toBe(shown);
  });
  expect(await balanceOf(customer, wallet)).toBe(8000);
});
