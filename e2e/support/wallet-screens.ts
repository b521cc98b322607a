// The wallet screens (mfe-wallets) as a customer sees them: one card per wallet on
// /dashboard (SPEC §2 "Dashboard and funding"), the mini-statement tables (SPEC §2 Transaction
// History, §9 labels and colours). Accessible names only.
import type { Locator, Page } from '@playwright/test';
import { expect } from './fixtures';
import { textColour, themeColour, type ThemeColour } from './theme-colours';

/** The card of one wallet (an article named by the wallet's name). */
export const walletCard = (page: Page, name: string): Locator =>
  page.getByRole('article', { name, exact: true });

/** SPEC §2: the balance is hidden by default; the eye toggle shows it. Returns the card. */
export async function revealBalance(page: Page, name: string): Promise<Locator> {
  const card = walletCard(page, name);
  await card.getByRole('button', { name: `Show ${name} balance` }).click();
  await expect(card.getByRole('button', { name: `Hide ${name} balance` })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  return card;
}

/** The table of the latest transactions on /dashboard. */
export const latestTransactions = (page: Page): Locator =>
  page.getByRole('region', { name: 'Latest Transactions' }).getByRole('table');

/** A statement row, found by its narration (unique per journey). */
export const statementRow = (table: Locator, narration: string): Locator =>
  table
    .getByRole('row')
    .filter({ has: table.page().getByRole('cell', { name: narration, exact: true }) });

/**
 * One row of a statement: Type label, Amount and its colour against the host's tokens (SPEC §9:
 * credits primary, all others red), Narration. Cells in the SPEC's column order Date, Type,
 * Amount, Narration.
 */
export async function expectStatementRow(
  table: Locator,
  row: { type: string; amount: string; narration: string; colour: ThemeColour },
): Promise<void> {
  const line = statementRow(table, row.narration);
  await expect(line).toHaveCount(1);
  const cells = line.getByRole('cell');
  await expect(cells.nth(1)).toHaveText(row.type);
  await expect(cells.nth(2)).toHaveText(row.amount);
  const expected = await themeColour(table.page(), row.colour);
  const other = await themeColour(table.page(), row.colour === 'primary' ? 'danger' : 'primary');
  expect(expected, 'primary and danger tokens differ').not.toBe(other);
  await expect.poll(() => textColour(cells.nth(2))).toBe(expected);
}

/**
 * "Returning to the tab" (balances and history refresh on it). Headless Chromium's tab is
 * always visible, so the event a real return fires is dispatched by hand.
 */
export async function returnToTab(page: Page): Promise<void> {
  await page.evaluate(() => document.dispatchEvent(new Event('visibilitychange')));
}
