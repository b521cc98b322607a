// Complaints (docs/decisions/034-complaints-with-a-clock.md; README "Complaints"): a bank transfer
// the bank leaves pending is reported from its history line, answered at once with a tracking
// number and a promised date, and resolved by the sandbox back office with a refund: the reversal
// is in the history and My reports shows the complaint refunded, with its timeline. A small PNG
// receipt goes with the report: uploaded when chosen, filed as the complaint's attachment_url.
// The screens are also looked at on a 390-px phone (screenshots kept with the test's output).
import { PNG } from 'pngjs';
import { expect, test } from '../support/fixtures';
import { balanceOf, fundedCustomer } from '../support/activated-customer';
import { middlewareURL } from '../support/paths';
import { confirmWithPin, expectStatus, startBankTransfer } from '../support/transfer-screens';

test.describe.configure({ timeout: 150_000 });

const UBA_PENDING_THEN_REFUSED = {
  bank: 'United Bank for Africa',
  account: '3000000032',
  accountName: 'EMEKA OBI',
};

/** A real 8×8 PNG (the storage checks the bytes, not the name). */
function smallPng(): Buffer {
  const picture = new PNG({ width: 8, height: 8 });
  picture.data.fill(0x80);
  return PNG.sync.write(picture);
}

async function runBackOfficeNow(): Promise<void> {
  const res = await fetch(`${middlewareURL}/api/sandbox/jobs/run-now`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ kind: 'disputes.back-office' }),
  });
  expect(res.status).toBe(200);
}

test('a pending bank transfer reported from the history is refunded, linked, and shown in My reports', async ({
  page,
}, testInfo) => {
  const ada = await fundedCustomer(page, 20_000);
  await startBankTransfer(page, {
    ...UBA_PENDING_THEN_REFUSED,
    amount: '7000',
    narration: 'Supplier',
  });
  await confirmWithPin(page);
  await expectStatus(page, 'Transaction Pending');
  // The pending screen offers the same report, opened in My reports for this reference.
  await expect(page.getByRole('link', { name: 'Report a problem' })).toHaveAttribute(
    'href',
    /^\/dashboard\/reports\?report=money-[0-9a-f]{32}$/,
  );
  expect(await balanceOf(ada, ada.mainWallet.account_no)).toBe(13_000);

  let trackingNumber = '';
  await test.step('reported from its history line: a tracking number and a date at once', async () => {
    // On a 390-px phone: the history is a list of entries, each with its Report a problem.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/dashboard/transaction-history');
    await page.getByRole('button', { name: /^Report a problem with ₦7,000\.00 Supplier/ }).click();
    const dialog = page.getByRole('dialog', { name: 'Report a problem' });
    await dialog
      .getByRole('combobox', { name: /What went wrong/ })
      .selectOption({ label: 'Money left but did not arrive' });
    await dialog
      .getByRole('textbox', { name: 'What happened?' })
      .fill('EMEKA OBI has not received it.');
    await dialog
      .getByLabel('Attach a screenshot or receipt (optional)')
      .setInputFiles({ name: 'receipt.png', mimeType: 'image/png', buffer: smallPng() });
    await expect(dialog.getByText('Attached: receipt.png')).toBeVisible();
    await page.screenshot({
      path: testInfo.outputPath('report-a-problem-attached-390.png'),
      fullPage: true,
    });
    await dialog.getByRole('button', { name: 'Send report' }).click();
    const answer = dialog.getByRole('status');
    await expect(answer).toContainText(/Your tracking number is AJO-CMP-\d{6}-[A-Z0-9]{6}\./);
    await expect(answer).toContainText('We will answer by');
    trackingNumber =
      /AJO-CMP-\d{6}-[A-Z0-9]{6}/.exec((await answer.textContent()) ?? '')?.[0] ?? '';
    await page.screenshot({
      path: testInfo.outputPath('report-a-problem-390.png'),
      fullPage: true,
    });
    await page.setViewportSize({ width: 1280, height: 800 });
  });

  await test.step("the middleware's complaint has the customer's own upload as its attachment", async () => {
    const res = await fetch(`${middlewareURL}/api/disputes`, {
      headers: { Authorization: `Bearer ${ada.token}` },
    });
    expect(res.status).toBe(200);
    const { disputes } = (await res.json()) as {
      disputes: Array<{ tracking_number: string; attachment_url: string | null }>;
    };
    expect(disputes).toHaveLength(1);
    expect(disputes[0]!.tracking_number).toBe(trackingNumber);
    expect(disputes[0]!.attachment_url).toMatch(/\/images\/report-\d+-receipt\.png$/);
  });

  await test.step("the sandbox back office refunds it through the transfer's reversal", async () => {
    await runBackOfficeNow();
    await expect
      .poll(() => balanceOf(ada, ada.mainWallet.account_no), { timeout: 20_000 })
      .toBe(20_000);
  });

  await test.step('My reports shows it refunded, with its timeline; the history has the reversal', async () => {
    // The phone-sized look above re-laid the history out (the dialog went with it): My reports
    // is linked from the history.
    await page.goto('/dashboard/transaction-history');
    await page.getByRole('link', { name: 'My reports' }).click();
    await expect(page).toHaveURL(/\/dashboard\/reports$/);
    const report = page.getByRole('listitem', { name: trackingNumber });
    await expect(report).toContainText('Resolved: refunded');
    await expect(report).toContainText(/Refund reference: money-[0-9a-f]{32}:reversal\./);
    await expect(report).toContainText('Attached: receipt.png');
    // The attachment opens (a short-lived link: uploads are private).
    const href = await report.getByRole('link', { name: 'receipt.png' }).getAttribute('href');
    const opened = await page.request.get(href ?? '');
    expect([opened.status(), opened.headers()['content-type']]).toEqual([200, 'image/png']);
    await expect(report.getByRole('list', { name: 'Timeline' }).getByRole('listitem')).toHaveCount(
      2,
    );
    await page.setViewportSize({ width: 390, height: 844 });
    await page.screenshot({ path: testInfo.outputPath('my-reports-390.png'), fullPage: true });
    await expect
      .poll(() => page.evaluate(() => document.documentElement.scrollWidth))
      .toBeLessThanOrEqual(390);
    await page.setViewportSize({ width: 1280, height: 800 });

    await page.goto('/dashboard/transaction-history');
    await expect(page.getByRole('row').filter({ hasText: 'Reversal: Supplier' })).toContainText(
      '₦7,000.00',
    );
  });
});
