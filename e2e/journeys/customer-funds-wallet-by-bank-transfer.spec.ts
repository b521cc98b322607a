// Money that arrives by bank transfer. The test plays the bank switch (its inbound credit,
// POST /api/sandbox/inbound-transfer, sandbox only); the customer returns to the tab and sees the
// new balance and the 'Bank Transfer (Credit)' row in the primary colour (SPEC §9), on the
// dashboard and in Transaction History (SPEC §2).
import { randomUUID } from 'node:crypto';
import { expect, test } from '../support/fixtures';
import { activatedCustomer, balanceOf, inboundTransfer } from '../support/activated-customer';
import { pathnameIs } from '../support/onboarding';
import {
  expectStatementRow,
  latestTransactions,
  returnToTab,
  revealBalance,
  statementRow,
} from '../support/wallet-screens';

test.describe.configure({ timeout: 90_000 });

test('a customer paid by bank transfer sees the new balance on returning to the tab and the Bank Transfer (Credit) row in the primary colour', async ({
  page,
}) => {
  const customer = await activatedCustomer(page);
  const accountNumber = customer.mainWallet.account_no;
  const card = await revealBalance(page, 'Ajo Wallet');
  await expect(card.getByText('₦0.00', { exact: true })).toBeVisible();
  const reference = `e2e-${randomUUID()}`;
  const narration = 'From Chinedu Obi (GTBank)';

  await test.step('the bank credits ₦2,500.50 to the account number', async () => {
    const credit = {
      accountNumber,
      amount: 2500.5,
      senderName: 'Chinedu Obi',
      senderBank: 'GTBank',
      reference,
    };
    const first = await inboundTransfer(credit);
    expect(first).toEqual({ status: 201, body: { reference, credited: 2500.5 } });
    // The bank repeating the same reference moves the money once.
    const repeat = await inboundTransfer(credit);
    expect(repeat.status).toBe(200);
    expect(await balanceOf(customer, accountNumber)).toBe(2500.5);
  });

  await test.step('back on the tab: the balance and the latest transactions refresh', async () => {
    await returnToTab(page);
    await expect(card.getByText('₦2,500.50', { exact: true })).toBeVisible();
    await expectStatementRow(latestTransactions(page), {
      type: 'Bank Transfer (Credit)',
      amount: '₦2,500.50',
      narration,
      colour: 'primary',
    });
  });

  await test.step('Transaction History has the same single row, newest first', async () => {
    await page
      .getByRole('region', { name: 'Latest Transactions' })
      .getByRole('link', { name: 'View all' })
      .click();
    await expect(page).toHaveURL(pathnameIs('/dashboard/transaction-history'));
    // SPEC §3: the commission wallet's number is hidden in the selector; SPEC §9 type fixed to mini.
    const wallet = page.getByRole('combobox', { name: 'Wallet' });
    await expect(wallet.getByRole('option')).toHaveText([
      `Ajo Wallet - ${accountNumber}`,
      'Commission Wallet',
    ]);
    await expect(page.getByRole('combobox', { name: 'Statement type' })).toHaveValue('mini');
    const table = page.getByRole('table');
    // The fifth column holds each line's Report a problem (docs/decisions/034).
    await expect(table.getByRole('columnheader')).toHaveText([
      'Date',
      'Type',
      'Amount',
      'Narration',
      'Report',
    ]);
    await expectStatementRow(table, {
      type: 'Bank Transfer (Credit)',
      amount: '₦2,500.50',
      narration,
      colour: 'primary',
    });
    await expect(statementRow(table, narration)).toHaveCount(1);
  });
});
