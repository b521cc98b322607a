// SPEC §2 Settings on a phone: all seven tabs are reachable at 390 px (the tab bar scrolls sideways,
// the page does not), and the open tab lives in the URL, so a reload and the Back button keep it.
import type { Page } from '@playwright/test';
import { activatedCustomer } from '../support/activated-customer';
import { expect, test } from '../support/fixtures';
import { pathnameIs } from '../support/onboarding';

test.describe.configure({ timeout: 120_000 });
test.use({ viewport: { width: 390, height: 844 } });

/** Each tab, the address it lives at and the heading its panel opens with. */
const TABS = [
  { name: 'General', url: '/settings?tab=general', heading: 'General' },
  { name: 'Security', url: '/settings?tab=security', heading: 'Security' },
  { name: 'KYC', url: '/settings?tab=kyc', heading: 'KYC' },
  { name: 'Transaction Pin', url: '/settings?tab=transaction-pin', heading: 'Transaction Pin' },
  { name: 'Referrals', url: '/settings?tab=referrals', heading: 'Referrals' },
  { name: 'Generate Statement', url: '/settings?tab=statement', heading: 'Generate Statement' },
  { name: 'More', url: '/settings/delete-account', heading: 'Delete Account' },
] as const;

const urlIs = (target: string) => (url: URL) => `${url.pathname}${url.search}` === target;

async function expectOpen(page: Page, tab: (typeof TABS)[number]) {
  await expect(page).toHaveURL(urlIs(tab.url));
  await expect(page.getByRole('tab', { name: tab.name, exact: true })).toHaveAttribute(
    'aria-selected',
    'true',
  );
  await expect(
    page.getByRole('tabpanel').getByRole('heading', { level: 2, name: tab.heading, exact: true }),
  ).toBeVisible();
}

/** Wider than the screen means a sideways-scrolling page: the tab bar alone may scroll. */
const pageWidth = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth);

test('a customer on a phone reaches every settings tab, and reload and Back keep the open one', async ({
  page,
}, testInfo) => {
  await activatedCustomer(page);
  await page.goto('/settings');
  await expect(page.getByRole('tab', { name: 'General', exact: true })).toHaveAttribute(
    'aria-selected',
    'true',
  );

  // General is open already (at /settings): every other tab first, then back to General.
  for (const tab of [...TABS.slice(1), TABS[0]]) {
    await page.getByRole('tab', { name: tab.name, exact: true }).click();
    await expectOpen(page, tab);
    await expect(page.getByRole('tab', { name: tab.name, exact: true })).toBeInViewport();
    expect(await pageWidth(page)).toBeLessThanOrEqual(390);
    await page.screenshot({
      path: testInfo.outputPath(`settings-${tab.url.replace(/\W+/g, '-')}-390.png`),
    });
  }

  const [kyc, , referrals] = [TABS[2], TABS[3], TABS[4]];
  await page.getByRole('tab', { name: referrals.name, exact: true }).click();
  await expectOpen(page, referrals);
  await page.reload();
  await expectOpen(page, referrals);

  await page.getByRole('tab', { name: kyc.name, exact: true }).click();
  await expectOpen(page, kyc);
  await page.goBack();
  await expectOpen(page, referrals);
  await page.goForward();
  await expectOpen(page, kyc);

  // Back from the More tab's own address returns to the tab before it, not to the dashboard.
  await page.getByRole('tab', { name: 'More', exact: true }).click();
  await expectOpen(page, TABS[6]);
  await page.goBack();
  await expectOpen(page, kyc);
  await expect(page).not.toHaveURL(pathnameIs('/dashboard'));
});
