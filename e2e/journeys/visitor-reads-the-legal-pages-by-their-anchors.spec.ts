// SPEC §2 legal pages: every section has a heading anchor and a contents entry; a link with an
// anchor (the landing footer's privacy link, a shared #account-closure) opens at that section.
import { expect, test } from '../support/fixtures';

const PAGES = [
  {
    path: '/terms-and-conditions/account',
    sections: 14,
    title: 'Account Terms and Privacy Policy',
  },
  { path: '/terms-and-conditions/referrals', sections: 10, title: 'Referral Reward Terms' },
  { path: '/terms-and-conditions/cards', sections: 13, title: 'Debit Card Terms' },
] as const;

test.use({ viewport: { width: 390, height: 844 } });

for (const legal of PAGES) {
  test(`every contents link of ${legal.path} goes to its section`, async ({ page }) => {
    await page.goto(legal.path);
    await expect(page.getByRole('heading', { level: 1, name: legal.title })).toBeVisible();
    const links = page.getByRole('navigation', { name: 'Contents' }).getByRole('link');
    await expect(links).toHaveCount(legal.sections);
    for (let i = 0; i < legal.sections; i++) {
      const link = links.nth(i);
      const id = ((await link.getAttribute('href')) ?? '').slice(1);
      await link.click();
      await expect(page).toHaveURL(new RegExp(`${legal.path}#${id}$`));
      const heading = page.locator(`[id="${id}"]`);
      await expect(heading).toHaveRole('heading');
      await expect(heading).toContainText(((await link.textContent()) ?? '').trim());
      await expect(heading).toBeInViewport();
      await page.evaluate(() => window.scrollTo(0, 0));
    }
  });
}

test('a link straight to an anchor opens the page at that section', async ({ page }) => {
  await page.goto('/terms-and-conditions/account#account-closure');
  await expect(page.getByRole('heading', { name: /Account Closure/ })).toBeInViewport();
  await page.goto('/terms-and-conditions/cards#clause-10');
  await expect(page.getByRole('heading', { name: /10\. Loss or misuse/ })).toBeInViewport();
});

test('the landing footer says who holds the money and leads to the privacy policy', async ({
  page,
}) => {
  await page.goto('/');
  const footer = page.getByRole('region', { name: 'About Ajo Wallet' });
  await expect(footer).toContainText('Your money is held by Ajo Microfinance Bank.');
  await expect(footer.getByRole('link', { name: 'Get it on Google Play' })).toHaveAttribute(
    'href',
    /^https:\/\/play\.google\.com\//,
  );
  await footer.getByRole('link', { name: 'Privacy policy' }).click();
  await expect(page).toHaveURL(/\/terms-and-conditions\/account#data-protection$/);
  await expect(page.getByRole('heading', { name: /Data Protection and Privacy/ })).toBeInViewport();
});
