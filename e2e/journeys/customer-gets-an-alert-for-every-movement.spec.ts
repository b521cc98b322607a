// Alerts (docs/decisions/033-alerts-derived-from-the-ledger.md): a transfer between two customers
// alerts both, in the sandbox outbox (SMS with the amount, balance after, narration and reference)
// and in the bell of the dashboard shell's header (on every signed-in page); the alerts screen lists them newest first and marks them read; the
// channels are switched in Settings. Screens looked at on a 390-px phone.
import { writeFileSync } from 'node:fs';
import { expect, test } from '../support/fixtures';
import { activatedCustomer, inboundTransfer } from '../support/activated-customer';
import { middlewareURL } from '../support/paths';
import { confirmWithPin, expectStatus, startWalletTransfer } from '../support/transfer-screens';

test.describe.configure({ timeout: 150_000 });
test.use({ viewport: { width: 390, height: 844 } });

async function smsTo(phone: string): Promise<string[]> {
  const url = `${middlewareURL}/api/sandbox/outbox?recipient=${encodeURIComponent(phone)}`;
  const res = await fetch(url);
  if (!res.ok) throw new Error(`GET ${url} answered ${res.status}`);
  const { messages } = (await res.json()) as { messages: { channel: string; body: string }[] };
  return messages.filter((m) => m.channel === 'sms').map((m) => m.body);
}

/** The alert SMS that mentions `text`, once the alert job has sent it (polled, never a sleep). */
async function alertSms(phone: string, text: string): Promise<string> {
  let found: string | undefined;
  await expect
    .poll(
      async () => {
        found = (await smsTo(phone)).find((body) => body.includes(text));
        return found !== undefined;
      },
      { message: `an alert SMS with '${text}' to ${phone}`, timeout: 30_000 },
    )
    .toBe(true);
  return found as string;
}

test('a transfer produces an alert in the bell and in the sandbox outbox', async ({
  page,
  browser,
}, testInfo) => {
  const shot = (name: string) =>
    page.screenshot({ path: testInfo.outputPath(`${name}-390.png`), fullPage: true });
  const ada = await activatedCustomer(page);
  const otherContext = await browser.newContext();
  const bola = await activatedCustomer(await otherContext.newPage());
  await otherContext.close();
  await inboundTransfer({
    accountNumber: ada.mainWallet.account_no,
    amount: 10_000,
    senderName: 'Chidi Eze',
    senderBank: 'GTBank',
  });

  await test.step('Ada sends ₦1,500 to Bola', async () => {
    await startWalletTransfer(page, {
      receiver: bola.mainWallet.account_no,
      receiverName: `${bola.firstName} ${bola.lastName}`,
      amount: '1500',
      narration: 'Market',
    });
    await confirmWithPin(page);
    await expectStatus(page, 'Transaction Successful');
  });
  const paidAt = Date.now();

  await test.step('both get an SMS alert with amount, balance after, narration and reference', async () => {
    const debit = await alertSms(ada.phone.international, 'Debit alert');
    // How long the customer waited for the alert (the job polls every 2 s): in the report.
    const latency = `${Date.now() - paidAt} ms from the success screen to the SMS in the outbox`;
    testInfo.annotations.push({ type: 'alert latency', description: latency });
    writeFileSync(testInfo.outputPath('alert-latency.txt'), `${latency}\n`);
    expect(debit).toContain('Debit alert: ₦1,500.00');
    expect(debit).toContain('Desc: Market');
    expect(debit).toContain('Bal: ₦8,500.00');
    expect(debit).toMatch(/Ref: \S+/);
    const credit = await alertSms(bola.phone.international, 'Credit alert');
    expect(credit).toContain('Credit alert: ₦1,500.00');
    expect(credit).toContain(`Desc: Transfer from ${ada.firstName} ${ada.lastName}: Market`);
    expect(credit).toContain('Bal: ₦1,500.00');
    // Exactly one of each, however often the jobs ran.
    const adas = await smsTo(ada.phone.international);
    expect(adas.filter((b) => b.includes('Debit alert'))).toHaveLength(1);
  });

  await test.step('the header bell counts them on every signed-in page and opens the alerts', async () => {
    // One bell, in the shell's header: on Settings as on the dashboard.
    await page.goto('/settings');
    const header = page.getByRole('banner');
    // The funding credit and the transfer's debit.
    await expect(header.getByRole('link', { name: 'Alerts, 2 unread' })).toBeVisible();
    await shot('settings-header-bell');
    await page.goto('/dashboard');
    const bell = header.getByRole('link', { name: 'Alerts, 2 unread' });
    await expect(bell).toBeVisible();
    await expect(page.getByRole('link', { name: /^Alerts/ })).toHaveCount(1);
    await shot('dashboard-bell');
    await bell.click();
    await expect(page).toHaveURL(/\/dashboard\/alerts$/);
    const items = page
      .getByRole('list', { name: 'Your alerts, newest first' })
      .getByRole('listitem');
    await expect(items).toHaveCount(2);
    await expect(items.first()).toContainText('Debit alert');
    await expect(items.first()).toContainText('-₦1,500.00');
    await expect(items.first()).toContainText('Balance after: ₦8,500.00');
    await expect(items.nth(1)).toContainText('Credit alert');
    await shot('alerts');
    await page.getByRole('button', { name: 'Mark all as read' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'unread' })).toHaveText(
      '0 unread alerts',
    );
    // The screen told the header's bell on the bus: no badge, without a reload.
    await expect(header.getByRole('link', { name: 'Alerts', exact: true })).toBeVisible();
    await page.goto('/settings');
    await expect(header.getByRole('link', { name: 'Alerts', exact: true })).toBeVisible();
  });

  await test.step('Settings → Alerts switches SMS alerts off', async () => {
    await page.goto('/settings?tab=alerts');
    const sms = page.getByRole('switch', { name: 'SMS alerts' });
    await expect(sms).toBeChecked();
    await sms.click();
    await expect(page.getByText('Your alert choices are saved.')).toBeVisible();
    await expect(sms).not.toBeChecked();
    await shot('settings-alerts');
  });
});
