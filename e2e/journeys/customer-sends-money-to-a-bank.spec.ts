// Wallet to bank (SPEC §2, §4; docs/domain.md "Bank switch"; README "Sandbox bank accounts"): a
// transfer the bank pays; one the bank leaves pending and then refuses, reversed once the status
// query gets the answer (run by the sandbox trigger, no waiting); a beneficiary saved, chosen and
// deleted.
import { expect, test } from '../support/fixtures';
import { balanceOf, fundedCustomer } from '../support/activated-customer';
import {
  confirmWithPin,
  expectStatus,
  runStatusQueriesNow,
  startBankTransfer,
} from '../support/transfer-screens';
import { expectStatementRow, latestTransactions } from '../support/wallet-screens';

test.describe.configure({ timeout: 150_000 });

const GTBANK = { bank: 'GTBank', account: '0123456785', accountName: 'ADAEZE OKONKWO' };
const UBA_PENDING_THEN_REFUSED = {
  bank: 'United Bank for Africa',
  account: '3000000032',
  accountName: 'EMEKA OBI',
};

test('a bank transfer the bank pays: successful, with a receipt, and a Bank Transfer (Debit) row', async ({
  page,
}) => {
  const ada = await fundedCustomer(page, 20_000);
  await startBankTransfer(page, { ...GTBANK, amount: '5000', narration: 'Shop rent' });
  const details = page.getByLabel('Transaction details');
  await expect(details).toContainText('GTBank');
  await expect(details).toContainText('ADAEZE OKONKWO');
  await confirmWithPin(page);
  await expectStatus(page, 'Transaction Successful');
  await expect(page.getByRole('button', { name: 'Download PDF' })).toBeVisible();
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download PDF' }).click();
  expect((await download).suggestedFilename()).toMatch(/^ajo-receipt-money-[0-9a-f]{32}\.pdf$/);
  expect(await balanceOf(ada, ada.mainWallet.account_no)).toBe(15_000);

  await page.getByRole('link', { name: 'Close' }).click();
  await expectStatementRow(latestTransactions(page), {
    type: 'Bank Transfer (Debit)',
    amount: '₦5,000.00',
    narration: 'Shop rent',
    colour: 'danger',
  });
});

test('a transfer the bank leaves pending and then refuses: told pending, then the money comes back with a reversal row', async ({
  page,
}) => {
  const ada = await fundedCustomer(page, 20_000);
  await startBankTransfer(page, {
    ...UBA_PENDING_THEN_REFUSED,
    amount: '7000',
    narration: 'Supplier',
  });
  await confirmWithPin(page);
  await expectStatus(page, 'Transaction Pending');
  await expect(
    page.getByText(
      /If the bank does not pay it, your money comes back to your wallet automatically/,
    ),
  ).toBeVisible();
  expect(await balanceOf(ada, ada.mainWallet.account_no)).toBe(13_000);

  await runStatusQueriesNow();
  await page.getByRole('button', { name: 'Check status' }).click();
  await expect(page.getByText(/Your money has been returned to your wallet/)).toBeVisible();
  await expectStatus(page, 'Transaction Failed');
  expect(await balanceOf(ada, ada.mainWallet.account_no)).toBe(20_000);

  await page.getByRole('link', { name: 'Close' }).click();
  const table = latestTransactions(page);
  await expectStatementRow(table, {
    type: 'Bank Transfer (Debit)',
    amount: '₦7,000.00',
    narration: 'Supplier',
    colour: 'danger',
  });
  await expect(table.getByRole('row').filter({ hasText: 'Reversal: Supplier' })).toContainText(
    '₦7,000.00',
  );
});

test('a beneficiary is saved with a transfer, chosen for the next one, and deleted', async ({
  page,
}) => {
  await fundedCustomer(page, 20_000);

  await test.step('saved with a successful transfer', async () => {
    await startBankTransfer(page, { ...GTBANK, amount: '1000', narration: 'Stock', save: true });
    await confirmWithPin(page);
    await expectStatus(page, 'Transaction Successful');
    await expect(page.getByText('Beneficiary Saved Successfully!')).toBeVisible();
  });

  await test.step('chosen: the form is filled and validated, Save is hidden', async () => {
    await page.goto('/dashboard/transfers/wallet-to-bank');
    await page.getByRole('button', { name: 'Choose Beneficiary' }).click();
    const dialog = page.getByRole('dialog', { name: 'Beneficiaries' });
    await expect(dialog.getByText('GTBank')).toBeVisible();
    await dialog.getByRole('button', { name: /^Choose ADAEZE OKONKWO/ }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('textbox', { name: 'Account number' })).toHaveValue(GTBANK.account);
    await expect(page.getByRole('textbox', { name: 'Account name' })).toHaveValue(
      GTBANK.accountName,
    );
    await expect(page.getByRole('checkbox', { name: 'Save Beneficiary' })).toBeHidden();
  });

  await test.step('deleted after the confirm dialog', async () => {
    await page.getByRole('button', { name: 'Choose Beneficiary' }).click();
    await page.getByRole('button', { name: 'Delete ADAEZE OKONKWO' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Delete Saved Beneficiary!' });
    await confirm.getByRole('button', { name: 'Confirm Delete' }).click();
    await expect(page.getByText('Beneficiary deleted successfully!')).toBeVisible();
    // Back on the list, which is now empty.
    await expect(
      page
        .getByRole('dialog', { name: 'Beneficiaries' })
        .getByText('You have not saved any beneficiary yet!'),
    ).toBeVisible();
  });
});
