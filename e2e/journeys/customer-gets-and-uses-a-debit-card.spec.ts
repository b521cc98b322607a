// The debit card (SPEC §2 "Debit card terms", §4, §9), on a phone, against the real middleware: a
// customer requests a card from the cards remote (fee and delivery shown before the PIN, charged
// once), sees the virtual card and reveals it after the PIN, freezes it (the sandbox network
// refuses it, 62) and unfreezes it, pays a merchant on the sandbox card network (the money is
// reserved, then the clearing posts it), has the physical card delivered by the sandbox bureau and
// activates it (a wrong last 4 refused first), pays with it (reserved), and reports the cards lost
// or stolen (refused, 41; the report's time shown; a new card can be requested). The route and the sidebar entry come from the
// cards remote's remote.json (docs/decisions/038-remotes-declare-their-routes.md), the shell names
// no remote. Sandbox card network: root README "Sandbox card network".
import type { Page } from '@playwright/test';
import {
  balanceOf,
  customerOnServer,
  fundedCustomer,
  TRANSACTION_PIN,
} from '../support/activated-customer';
import { expect, test } from '../support/fixtures';
import { middlewareURL } from '../support/paths';
import { confirmWithPin } from '../support/transfer-screens';

test.describe.configure({ timeout: 180_000 });
test.use({
  viewport: { width: 390, height: 844 },
  // The wrong last 4 digits on purpose: the browser logs the server's 422, and the screen says why.
  allowedConsoleErrors: { patterns: [/status of 422 .*\/api\/cards\/[0-9a-f-]+\/activate/] },
});

interface NetworkAnswer {
  response_code: string;
  state: string;
  amount: number;
  posted_amount: number | null;
}

/** The test plays the merchant's acquirer on the sandbox card network (plain JSON, no auth). */
async function network(
  call: 'authorize' | 'clear' | 'reverse',
  body: Record<string, unknown>,
): Promise<NetworkAnswer> {
  const res = await fetch(`${middlewareURL}/api/sandbox/card-network/${call}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  expect(res.status, await res.clone().text()).toBe(200);
  return (await res.json()) as NetworkAnswer;
}

/** The customer's physical card, as GET /api/cards answers it (the screen never shows an id). */
async function physicalCardId(token: string): Promise<string> {
  const res = await fetch(`${middlewareURL}/api/cards`, {
    headers: { Authorization: `Bearer ${token}` },
  });
  expect(res.status, await res.clone().text()).toBe(200);
  const { cards } = (await res.json()) as {
    cards: Array<{ id: string; kind: string; status: string }>;
  };
  const card = cards.find((c) => c.kind === 'physical' && c.status === 'inactive');
  if (!card) throw new Error('no physical card to deliver');
  return card.id;
}

/** The sandbox card bureau hands the card over now: its last 4 digits are printed on it. */
async function deliverNow(cardId: string): Promise<{ delivery_status: string; last4: string }> {
  const res = await fetch(`${middlewareURL}/api/sandbox/card-bureau/advance`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ card_id: cardId, to: 'delivered' }),
  });
  expect(res.status, await res.clone().text()).toBe(200);
  const answer = (await res.json()) as { delivery_status: string; last4: string };
  expect(answer.delivery_status).toBe('delivered');
  expect(answer.last4).toMatch(/^\d{4}$/);
  return answer;
}

let references = 0;
const networkReference = () => `e2e-${Date.now().toString(36)}-${(references += 1)}`;

/** The shell reloads balances and lists when the tab comes back (useMoneyMoved). */
async function backOnTheTab(page: Page) {
  await page.evaluate(() => document.dispatchEvent(new Event('visibilitychange')));
}

test('a customer gets a debit card, reveals it, freezes it, pays with it, activates the delivered one and reports it lost', async ({
  page,
}, testInfo) => {
  // Each state pictured on the phone, and none wider than it (no sideways scrolling).
  const shot = async (name: string) => {
    await page.screenshot({ path: testInfo.outputPath(`cards-${name}-390.png`), fullPage: true });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      390,
    );
  };
  const customer = await fundedCustomer(page, 20_000, { name: 'Ada Eze', bank: 'GTBank' });
  const wallet = customer.mainWallet.account_no;

  // The cards remote's sidebar entry, from its remote.json.
  await page.goto('/dashboard');
  await page.getByRole('button', { name: 'Menu' }).click();
  await page
    .getByRole('navigation', { name: 'Dashboard menu' })
    .getByRole('link', { name: 'Debit card' })
    .click();
  await expect(page).toHaveURL(/\/dashboard\/cards$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Debit card' })).toBeVisible();
  // Opened again by its address: on a phone the menu starts collapsed (the screenshots show the screen).
  await page.goto('/dashboard/cards');

  // Request: the address from the profile, the fee and delivery before any PIN.
  await expect(page.getByRole('heading', { name: 'Request a card' })).toBeVisible();
  const costs = page.getByLabel('What the card costs');
  await expect(costs).toContainText('₦1,050.00');
  await expect(costs).toContainText('₦1,500.00');
  await expect(costs).toContainText('₦2,550.00');
  await expect(page.getByLabel('Transaction PIN')).toHaveCount(0);
  await expect(page.getByRole('textbox', { name: /Delivery address/ })).not.toHaveValue('');
  await page.getByRole('textbox', { name: /City/ }).fill('Ikeja');
  await page.getByRole('combobox', { name: /State/ }).selectOption('Lagos');
  await shot('request');
  await page.getByRole('button', { name: 'Proceed' }).click();
  await expect(page.getByLabel('Transaction details')).toContainText('₦2,550.00');
  await confirmWithPin(page);

  const virtual = page.getByRole('article', { name: 'Virtual card' });
  const plastic = page.getByRole('article', { name: 'Physical card' });
  await expect(virtual).toBeVisible();
  await expect(virtual).toContainText('Active');
  await expect(virtual.getByLabel('Card number')).toHaveText(/^5069 99•• •••• \d{4}$/);
  await expect(
    plastic.getByRole('list', { name: 'Delivery' }).getByText('Requested'),
  ).toHaveAttribute('aria-current', 'step');
  await expect(page.getByRole('status')).toContainText('Your card has been requested.');
  await shot('issued');
  // Charged once, and a reload shows the same cards, no second request offered.
  expect(await balanceOf(customer, wallet)).toBe(17_450);
  await page.reload();
  await expect(virtual).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Request a card' })).toHaveCount(0);
  expect(await balanceOf(customer, wallet)).toBe(17_450);
  // The sandbox bureau's step needs its hour of app time: a run now does not move it early.
  await fetch(`${middlewareURL}/api/sandbox/jobs/run-now`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ kind: 'cards.bureau' }),
  });
  await page.reload();
  await expect(plastic.getByRole('button', { name: 'Activate card' })).toHaveCount(0);

  // Reveal after the PIN: the full number and CVV, for 60 s.
  await virtual.getByRole('button', { name: 'Show card details' }).click();
  await virtual.getByLabel('Transaction PIN').fill(TRANSACTION_PIN);
  await virtual.getByRole('button', { name: 'Show', exact: true }).click();
  const details = virtual.getByLabel('Card details');
  await expect(details.getByRole('timer')).toContainText(/Hidden in \d+ s/);
  const cardNumber = ((await details.locator('p').first().textContent()) ?? '').replace(/\s/g, '');
  expect(cardNumber).toMatch(/^506999\d{10}$/);
  const expiry = (await details.getByText(/Expiry/).textContent())?.match(/\d{2}\/\d{2}/)?.[0];
  expect(expiry).toBeTruthy();
  await shot('revealed');
  const stored = await page.evaluate(() =>
    JSON.stringify({ ...localStorage }).concat(JSON.stringify({ ...sessionStorage })),
  );
  expect(stored).not.toContain(cardNumber);
  await virtual.getByRole('button', { name: 'Hide card details' }).click();
  await expect(details).toHaveCount(0);

  const purchase = (amount: number) => ({
    network_reference: networkReference(),
    card_number: cardNumber,
    expiry,
    amount,
    merchant: 'Chicken Republic',
  });

  // Frozen at once: the network's authorisation is refused (62), nothing reserved.
  await virtual.getByRole('button', { name: 'Freeze card' }).click();
  await expect(virtual).toContainText('Frozen');
  await shot('frozen');
  expect((await network('authorize', purchase(1_000))).response_code).toBe('62');
  await virtual.getByRole('button', { name: 'Unfreeze card' }).click();
  await expect(virtual).toContainText('Active');

  // A purchase reserves the money at once (nothing posted), then the clearing posts it.
  const paid = purchase(1_234);
  expect((await network('authorize', paid)).response_code).toBe('00');
  await backOnTheTab(page);
  const payments = page.getByRole('region', { name: 'Card transactions' }).getByRole('listitem');
  await expect(payments.filter({ hasText: 'Authorised · money reserved' })).toHaveCount(1);
  await expect(payments.first()).toContainText('₦1,234.00');
  await shot('reserved');
  const cleared = await network('clear', {
    network_reference: paid.network_reference,
    amount: 1_234,
  });
  expect(cleared.posted_amount).toBe(1_234);
  await backOnTheTab(page);
  await expect(payments.filter({ hasText: 'Posted' })).toHaveCount(1);
  await expect(payments.filter({ hasText: 'Authorised' })).toHaveCount(0);
  expect(await balanceOf(customer, wallet)).toBe(17_450 - 1_234);
  await shot('posted');

  // The physical card: the sandbox bureau delivers it now (README "Sandbox card network"), the
  // tracking says so, and the customer activates it with the last 4 digits printed on it.
  const plasticId = await physicalCardId(customer.token);
  const delivered = await deliverNow(plasticId);
  await page.reload();
  await expect(
    plastic.getByRole('list', { name: 'Delivery' }).getByText('Delivered'),
  ).toHaveAttribute('aria-current', 'step');
  const activation = plastic.getByRole('form', { name: 'Activate your card' });
  await expect(activation).toBeVisible();
  await shot('delivered');
  const wrongLast4 = String((Number(delivered.last4) + 1) % 10_000).padStart(4, '0');
  await activation.getByRole('textbox', { name: /Last 4 digits/ }).fill(wrongLast4);
  await activation.getByRole('textbox', { name: 'Card PIN', exact: true }).fill('4826');
  await activation.getByRole('textbox', { name: 'Confirm card PIN' }).fill('4826');
  await activation.getByRole('button', { name: 'Activate card' }).click();
  await expect(page.getByText('The last 4 digits do not match this card.')).toBeVisible();
  await expect(plastic).toContainText('Not activated');
  await shot('activation-refused');
  await activation.getByRole('textbox', { name: /Last 4 digits/ }).fill(delivered.last4);
  await activation.getByRole('textbox', { name: 'Card PIN', exact: true }).fill('4826');
  await activation.getByRole('textbox', { name: 'Confirm card PIN' }).fill('4826');
  await activation.getByRole('button', { name: 'Activate card' }).click();
  await expect(plastic).toContainText('Active');
  await expect(plastic).not.toContainText('Not activated');
  await expect(plastic.getByLabel('Card number')).toHaveText(
    new RegExp(`^5069 99•• •••• ${delivered.last4}$`),
  );
  await expect(page.getByText('Your card is active.').first()).toBeVisible();
  await page.reload();
  await expect(plastic).toContainText('Active');
  await shot('activated');

  // A purchase with the physical card reserves the money as the virtual card's did.
  await plastic.getByRole('button', { name: 'Show card details' }).click();
  await plastic.getByLabel('Transaction PIN').fill(TRANSACTION_PIN);
  await plastic.getByRole('button', { name: 'Show', exact: true }).click();
  const plasticDetails = plastic.getByLabel('Card details');
  const plasticNumber = ((await plasticDetails.locator('p').first().textContent()) ?? '').replace(
    /\s/g,
    '',
  );
  expect(plasticNumber).toMatch(new RegExp(`^506999\\d{6}${delivered.last4}$`));
  const plasticExpiry = (await plasticDetails.getByText(/Expiry/).textContent())?.match(
    /\d{2}\/\d{2}/,
  )?.[0];
  await plastic.getByRole('button', { name: 'Hide card details' }).click();
  const shopped = {
    ...purchase(2_345),
    card_number: plasticNumber,
    expiry: plasticExpiry,
    merchant: 'Shoprite Ikeja',
  };
  expect((await network('authorize', shopped)).response_code).toBe('00');
  await backOnTheTab(page);
  await expect(payments.filter({ hasText: 'Authorised · money reserved' })).toHaveCount(1);
  await expect(
    payments.filter({ hasText: 'Authorised · money reserved' }).filter({ hasText: '₦2,345.00' }),
  ).toHaveCount(1);
  // Reserved, not posted: the ledger balance stands, the available balance falls.
  const reserved = (await customerOnServer(customer)).wallets.find((w) => w.account_no === wallet);
  expect(Number(reserved?.balance)).toBe(17_450 - 1_234);
  expect(Number((reserved as { available_balance?: number } | undefined)?.available_balance)).toBe(
    17_450 - 1_234 - 2_345,
  );
  await shot('physical-reserved');

  // Report lost or stolen: asked first, then blocked for good with the time kept.
  await virtual.getByRole('button', { name: 'Report lost or stolen' }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Report this card lost or stolen?' });
  await expect(dialog).toContainText('not liable for transactions more than 60 minutes');
  await shot('report-confirm');
  await dialog.getByRole('button', { name: 'Block my card' }).click();
  await expect(virtual).toContainText('Reported lost or stolen on');
  expect((await network('authorize', purchase(500))).response_code).toBe('41');
  await plastic.getByRole('button', { name: 'Report lost or stolen' }).click();
  await page.getByRole('button', { name: 'Block my card' }).click();
  await expect(plastic).toContainText('Reported lost or stolen on');
  // No physical card is live: a replacement can be requested.
  await page.reload();
  await expect(plastic).toContainText('Reported lost or stolen on');
  await shot('reported');
  await plastic.getByRole('button', { name: 'Request a new card' }).click();
  await expect(page.getByRole('heading', { name: 'Request a card' })).toBeVisible();
  expect(await balanceOf(customer, wallet)).toBe(17_450 - 1_234);
});
