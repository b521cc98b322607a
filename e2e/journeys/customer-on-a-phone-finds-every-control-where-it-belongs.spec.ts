// What a customer on a 390-px phone stumbled on, measured in the real layout (jsdom has none):
// a Validate button level with its field, Choose Beneficiary a button and not a heading, the
// settings tabs saying there are more, the FAQ's questions saying they open, a checkbox its own
// size beside a long label, data plans named one way with the naira sign.
import { expect, test } from '../support/fixtures';
import { activatedCustomer, fundedCustomer } from '../support/activated-customer';
import { fillAirtime } from '../support/transfer-screens';

test.describe.configure({ timeout: 120_000 });
test.use({ viewport: { width: 390, height: 844 } });

test('a customer on a phone finds every control where it belongs', async ({ page }, testInfo) => {
  const shot = (name: string) =>
    page.screenshot({ path: testInfo.outputPath(`${name}-390.png`), fullPage: true });
  await activatedCustomer(page);

  await test.step('electricity: Validate sits level with the meter number field', async () => {
    await page.goto('/dashboard/payments/electricity');
    const meter = page.getByRole('textbox', { name: /Meter number/ });
    const validate = page.getByRole('button', { name: 'Validate' });
    const [field, button] = [await meter.boundingBox(), await validate.boundingBox()];
    expect(field && button).toBeTruthy();
    expect(Math.abs((field?.y ?? 0) - (button?.y ?? 100))).toBeLessThanOrEqual(2);
    // A disabled Proceed says what is missing.
    await expect(page.getByRole('button', { name: 'Proceed' })).toHaveAccessibleDescription(
      /^Still needed: /,
    );
    await shot('electricity');
  });

  await test.step('data plans read one way, with the naira sign', async () => {
    await page.goto('/dashboard/payments/data');
    await page.getByRole('textbox', { name: /Phone number/ }).fill('08051234567');
    const options = page
      .getByRole('combobox', { name: /Data plan/ })
      .locator('option:not([value=""])');
    // The plans arrive from the aggregator after the screen opens.
    await expect(options.first()).toBeAttached();
    const plans = await options.allTextContents();
    expect(plans.length).toBeGreaterThan(0);
    for (const plan of plans) expect(plan).toMatch(/^\d+(\.\d+)?(MB|GB), \d+ \w+ \(₦[\d,]+\)$/);
  });

  await test.step('Choose Beneficiary is a bordered button of its own size', async () => {
    await page.goto('/dashboard/transfers/wallet-to-bank');
    const choose = page.getByRole('button', { name: 'Choose Beneficiary' });
    const form = await choose.locator('xpath=ancestor::form').boundingBox();
    const box = await choose.boundingBox();
    expect((box?.width ?? 999) < (form?.width ?? 0) * 0.8).toBe(true);
    const border = await choose.evaluate((el) => getComputedStyle(el).borderTopWidth);
    expect(parseFloat(border)).toBeGreaterThan(0);
    await shot('wallet-to-bank');
  });

  await test.step('the settings tabs say there are more, and go there', async () => {
    await page.goto('/settings');
    const more = page.getByRole('button', { name: 'Show more tabs' });
    await expect(more).toBeVisible();
    await shot('settings');
    // Each press moves most of a screen along, until the last tab shows.
    await expect(async () => {
      if (await more.isVisible()) await more.click();
      await expect(page.getByRole('tab', { name: 'More' })).toBeInViewport({ timeout: 500 });
    }).toPass({ timeout: 10_000 });
    await expect(page.getByRole('button', { name: 'Show earlier tabs' })).toBeVisible();
  });

  await test.step('the delete-account agreement has a full-size checkbox', async () => {
    await page.goto('/settings/delete-account');
    const agree = page.getByRole('checkbox', { name: /I understand/ });
    const box = await agree.boundingBox();
    expect(box?.width).toBeGreaterThanOrEqual(24);
    expect(box?.height).toBeGreaterThanOrEqual(24);
    await shot('delete-account');
  });
});

test('a visitor on a phone sees that each FAQ question opens', async ({ page }) => {
  await page.goto('/faq');
  const question = page.locator('h3 button[aria-expanded]').first();
  const chevron = () =>
    question.evaluate((el) => {
      const after = getComputedStyle(el, '::after');
      return { content: after.content, transform: after.transform };
    });
  expect((await chevron()).content).not.toBe('none');
  const name = await question.textContent();
  // The chevron is not read out as part of the question.
  await expect(question).toHaveAccessibleName((name ?? '').trim());
  await question.click();
  await expect(question).toHaveAttribute('aria-expanded', 'true');
  await expect.poll(async () => (await chevron()).transform).not.toBe('none');
});

test("a customer's Back on Confirm returns to the form with the fields kept", async ({ page }) => {
  const customer = await fundedCustomer(page, 2000, { name: 'A', bank: 'B' });
  const wallet = customer.mainWallet.account_no;
  await fillAirtime(page, `Ajo Wallet - ${wallet}`, '08031234567', '500');
  await page.getByRole('button', { name: 'Proceed' }).click();
  await expect(page.getByRole('heading', { name: 'Confirm details' })).toBeVisible();
  // The phone's Back button (the browser's here).
  await page.goBack();
  await expect(page).toHaveURL(/\/dashboard\/payments\/airtime$/);
  await expect(page.getByRole('heading', { name: 'Airtime details' })).toBeVisible();
  await expect(page.getByRole('textbox', { name: /Phone number/ })).toHaveValue('08031234567');
  await expect(page.getByRole('textbox', { name: /Amount/ })).toHaveValue('500');
  // Proceed again and a second Back still stays on the screen.
  await page.getByRole('button', { name: 'Proceed' }).click();
  await expect(page.getByRole('heading', { name: 'Confirm details' })).toBeVisible();
  await page.goBack();
  await expect(page.getByRole('heading', { name: 'Airtime details' })).toBeVisible();
});
