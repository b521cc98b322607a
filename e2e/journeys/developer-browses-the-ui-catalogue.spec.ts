// /ui-catalogue: the shared money flow (SPEC §4) against the page's fake server, on a 390-px phone.
// The fake server lives in the page, so nothing here reaches the middleware; the page's clock is
// driven (page.clock) for the 180-s resend countdown, never waited for.
import type { Locator, Page } from '@playwright/test';
import { expect, test } from '../support/fixtures';

test.use({ viewport: { width: 390, height: 844 } });

const flowOf = (page: Page) => page.getByRole('region', { name: 'Money flow' });

/** The Idempotency-Key of each call in the page's log of calls to the fake server. */
async function loggedCalls(page: Page): Promise<Array<{ kind: string; key: string }>> {
  const items = await page
    .getByRole('list', { name: 'Calls to the fake server' })
    .getByRole('listitem')
    .allTextContents();
  return items.map((text) => {
    const [, kind = '', key = ''] = /^(\w+) Idempotency-Key (\S+)/.exec(text) ?? [];
    return { kind, key };
  });
}

async function fillTransfer(flow: Locator, amount: string) {
  await flow.getByRole('combobox', { name: 'Source wallet' }).selectOption('1100000001');
  await flow.getByRole('textbox', { name: 'Amount' }).fill(amount);
  await flow.getByRole('textbox', { name: 'Narration (optional)' }).fill('Rent');
  await flow.getByRole('button', { name: 'Proceed' }).click();
}

async function expectNoSidewaysScroll(page: Page) {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
}

test('a developer walks the money flow through confirm, OTP and status, across a reload, with one Idempotency-Key', async ({
  page,
}) => {
  await page.clock.install();
  await page.goto('/ui-catalogue');
  await expect(page.getByRole('heading', { level: 1, name: 'UI catalogue' })).toBeVisible();
  const flow = flowOf(page);

  // Initiate: the shared fields; the commission wallet is not offered as a source (SPEC §5).
  await expect(flow.getByRole('option', { name: /Commission Wallet/ })).toHaveCount(0);
  await expect(flow.getByRole('button', { name: 'Proceed' })).toBeDisabled();
  await fillTransfer(flow, '60000');

  // Confirm: the summary in naira and the transaction PIN; focus moved to the step heading.
  await expect(flow.getByRole('heading', { name: 'Confirm details' })).toBeFocused();
  await expect(flow.getByLabel('Transaction details')).toContainText('₦60,000.00');
  await expectNoSidewaysScroll(page);
  await flow.getByLabel(/^Transaction PIN/).fill('123456');
  await flow.getByRole('button', { name: 'Next' }).click();

  // Authenticate (the fake server answered 202): the recipient masked per SPEC §9.
  await expect(flow.getByRole('heading', { name: 'Enter OTP' })).toBeFocused();
  await expect(flow.getByText(/your phone number 2348\*{5}5678/)).toBeVisible();
  await expect(flow.getByRole('button', { name: 'Resend OTP' })).toBeDisabled();
  const [confirmCall] = await loggedCalls(page);
  expect(confirmCall?.kind).toBe('confirm');
  const key = confirmCall?.key ?? '';
  expect(key).toMatch(/^[A-Za-z0-9_-]{8,64}$/);
  await expectNoSidewaysScroll(page);

  // A reload keeps the attempt: same step, and the PIN (never stored) is asked for again.
  await page.reload();
  await expect(flow.getByRole('heading', { name: 'Enter OTP' })).toBeVisible();
  await flow.getByLabel(/^Transaction PIN/).fill('123456');

  // SPEC §4: Resend OTP after 180 s; SPEC §8: its message vanishes after 5 s.
  await page.clock.fastForward('03:00');
  await flow.getByRole('button', { name: 'Resend OTP' }).click();
  const resent = flow.getByText('OTP has been resent successfully!');
  await expect(resent).toBeVisible();
  await expect(flow.getByRole('button', { name: 'Resend OTP' })).toBeDisabled();
  await page.clock.fastForward(5_000);
  await expect(resent).toBeHidden();

  // SPEC §4: 401 'Invalid otp' keeps the customer here, clears the field, shows the message.
  await page
    .getByRole('combobox', { name: 'Answer to Verify (OTP)' })
    .selectOption({ label: "Wrong OTP (401 'Invalid otp')" });
  const otp = flow.getByRole('textbox', { name: 'OTP' });
  await otp.fill('000000');
  await flow.getByRole('button', { name: 'Verify' }).click();
  await expect(flow.getByText('Invalid OTP! Please, check and try again.')).toBeVisible();
  await expect(otp).toHaveValue('');

  await page
    .getByRole('combobox', { name: 'Answer to Verify (OTP)' })
    .selectOption({ label: 'Successful (200)' });
  await otp.fill('123456');
  await flow.getByRole('button', { name: 'Verify' }).click();

  // Status: successful, the reference, the screen's slot and Close to /dashboard (SPEC §2).
  await expect(flow.getByRole('heading', { name: 'Transaction Successful' })).toBeFocused();
  await expect(
    flow.getByRole('status').filter({ hasText: 'Your transaction was successful.' }),
  ).toBeVisible();
  await expect(flow.getByRole('definition')).toHaveText(/^DEMO-\d{4}$/);
  await expect(flow.getByText('Screen content (slot): 12.5 kWh')).toBeVisible();
  await expect(flow.getByRole('link', { name: 'Close' })).toHaveAttribute('href', '/dashboard');
  await expectNoSidewaysScroll(page);

  // Every call of the attempt, before and after the reload, carried the same key.
  expect(await loggedCalls(page)).toEqual([
    { kind: 'resend', key },
    { kind: 'otp', key },
    { kind: 'otp', key },
  ]);

  // A new attempt gets a new key.
  await flow.getByRole('button', { name: 'Make another transfer' }).click();
  await fillTransfer(flow, '500');
  await page
    .getByRole('combobox', { name: 'Answer to Next (confirm)' })
    .selectOption({ label: 'Pending (200)' });
  await flow.getByLabel(/^Transaction PIN/).fill('123456');
  await flow.getByRole('button', { name: 'Next' }).click();
  await expect(flow.getByRole('heading', { name: 'Transaction Pending' })).toBeVisible();
  await expect(flow.getByRole('status').filter({ hasText: 'Your money is safe.' })).toBeVisible();
  const calls = await loggedCalls(page);
  expect(calls.at(-1)?.kind).toBe('confirm');
  expect(calls.at(-1)?.key).not.toBe(key);
});

test('a slow answer keeps Next busy and a double click sends one call; an error fails with a toast', async ({
  page,
}) => {
  await page.clock.install();
  await page.goto('/ui-catalogue');
  const flow = flowOf(page);
  await page.getByRole('checkbox', { name: 'Answer after 2 seconds' }).check();
  await page
    .getByRole('combobox', { name: 'Answer to Next (confirm)' })
    .selectOption({ label: 'Error with a message (422)' });
  await fillTransfer(flow, '1500');
  await flow.getByLabel(/^Transaction PIN/).fill('123456');
  await flow.getByRole('button', { name: 'Next' }).dblclick();

  await expect(flow.getByRole('button', { name: /Next/ })).toBeDisabled();
  await expect(flow.getByRole('button', { name: 'Back' })).toBeDisabled();
  await page.clock.fastForward(2_000);

  await expect(flow.getByRole('heading', { name: 'Transaction Failed' })).toBeVisible();
  await expect(page.getByRole('status', { name: 'Toast' })).toHaveText(
    'Insufficient funds in the source wallet.',
  );
  expect((await loggedCalls(page)).map((call) => call.kind)).toEqual(['confirm']);

  // Try again fills the form in again.
  await flow.getByRole('button', { name: 'Try again' }).click();
  await expect(flow.getByRole('textbox', { name: 'Amount' })).toHaveValue('1500');
});
