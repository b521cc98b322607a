// The settings screen (SPEC §2 "Settings"): a tab opened through its URL, as reload and back keep it.
import type { Page } from '@playwright/test';
import { expect } from './fixtures';

export type SettingsTab =
  'general' | 'security' | 'kyc' | 'transaction-pin' | 'referrals' | 'statement';

export async function openSettingsTab(page: Page, tab: SettingsTab, name: string): Promise<void> {
  await page.goto(`/settings?tab=${tab}`);
  await expect(page.getByRole('tab', { name, exact: true })).toHaveAttribute(
    'aria-selected',
    'true',
  );
}

/** A file the customer picks, as the browser hands it to the page. */
export const pdfFile = (name: string) => ({
  name,
  mimeType: 'application/pdf',
  buffer: Buffer.from('%PDF-1.7\n1 0 obj << >> endobj\ntrailer << >>\n%%EOF\n'),
});
