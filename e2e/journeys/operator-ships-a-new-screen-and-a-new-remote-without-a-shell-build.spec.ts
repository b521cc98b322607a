// Remotes own their routes (docs/decisions/038-remotes-declare-their-routes.md): a team ships a new
// screen, or a whole new remote, and customers get it on their next page load with no build of the
// shell or of any other remote. The shell's route table, sidebar, breadcrumb and titles come from the
// registry document, so they follow exactly the version the browser gets: a rollback takes the
// screen away again.
// Own app server (own port, own .deploy copy) that starts with the shell alone: every remote it
// serves is added at run time through the operator API or console, as on a platform's first day.
import type { Page } from '@playwright/test';
import { activatedCustomer, type ActivatedCustomer } from '../support/activated-customer';
import { startPrivateAppServer, type PrivateAppServer } from '../support/app-server';
import { expect, test } from '../support/fixtures';
import { buildOf, changeContributions, release } from '../support/new-remote';
import { REGISTRY_ADMIN_TOKEN } from '../support/paths';
import { remoteArea } from '../support/screens';
import { rollBack } from '../support/operator';

const CABLE_TV = '/dashboard/payments/cable-tv';

let server: PrivateAppServer;

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  // Its own server and uploads (each digested, compressed and mounted before going live).
  test.setTimeout(120_000);
  server = await startPrivateAppServer('new-remote', {}, { emptyRegistry: true });
  for (const remote of ['public_pages', 'wallets']) {
    await release(server, await buildOf(remote), { newRemote: true });
  }
});

test.afterAll(async () => {
  await server?.stop();
});

const menu = (page: Page) => page.getByRole('navigation', { name: 'Dashboard menu' });

/** The customer's session (SPEC §3: tk and id in localStorage), carried to the private server. */
async function signInOnServer(page: Page, customer: ActivatedCustomer) {
  await page.goto(`${server.baseURL}/faq`);
  await page.evaluate(({ token, id }) => {
    window.localStorage.setItem('tk', token);
    window.localStorage.setItem('id', id);
  }, customer);
  await page.goto(`${server.baseURL}/dashboard`);
  await expect(menu(page).getByRole('link', { name: 'Overview' })).toBeVisible();
}

test('a payments release brings Cable TV to the sidebar and its screen; rolling it back takes both away', async ({
  page,
}) => {
  test.setTimeout(120_000);
  // Before the release: payments as it was, its declaration without Cable TV.
  const before = await buildOf('payments', (dir) =>
    changeContributions(
      dir,
      (contributes) => {
        contributes.routes = contributes.routes.filter((r) => r.path !== CABLE_TV);
        contributes.nav = contributes.nav?.filter((n) => n.path !== CABLE_TV);
      },
      '0.1.0',
    ),
  );
  await release(server, before, { newRemote: true });
  const customer = await activatedCustomer(page);
  await signInOnServer(page, customer);
  await expect(menu(page).getByRole('link', { name: 'Data' })).toBeVisible();
  await expect(menu(page).getByRole('link', { name: 'Cable TV' })).toHaveCount(0);
  // The path is nobody's: the home page, as for any unknown path (SPEC §2).
  await page.goto(`${server.baseURL}${CABLE_TV}`);
  await expect(remoteArea(page, 'public_pages').getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Cable TV' })).toHaveCount(0);

  // The release: the payments team's build of this checkout, which declares Cable TV.
  const withCableTv = await buildOf('payments');
  expect(withCableTv.version).not.toBe(before.version);
  await release(server, withCableTv);
  await page.goto(`${server.baseURL}/dashboard`);
  const links = menu(page).getByRole('link');
  await expect(menu(page).getByRole('link', { name: 'Cable TV' })).toBeVisible();
  const names = await links.allTextContents();
  expect(names.slice(names.indexOf('Airtime'), names.indexOf('Airtime') + 4)).toEqual([
    'Airtime',
    'Electricity',
    'Data',
    'Cable TV',
  ]);
  await menu(page).getByRole('link', { name: 'Cable TV' }).click();
  await expect(page).toHaveURL(new RegExp(`${CABLE_TV}$`));
  const area = remoteArea(page, 'payments');
  await expect(area.getByRole('heading', { level: 1, name: 'Cable TV' })).toBeVisible();
  await expect(area.getByLabel('Provider')).toBeVisible();
  await expect(page).toHaveTitle(/Cable TV/);

  // Rolled back: the route and the link leave with the version that declared them.
  await rollBack(server, 'payments');
  await page.goto(`${server.baseURL}/dashboard`);
  await expect(menu(page).getByRole('link', { name: 'Data' })).toBeVisible();
  await expect(menu(page).getByRole('link', { name: 'Cable TV' })).toHaveCount(0);
  await page.goto(`${server.baseURL}${CABLE_TV}`);
  await expect(remoteArea(page, 'public_pages').getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Cable TV' })).toHaveCount(0);
});

test('an operator adds a remote the platform never had, from the console, and the customer gets its screen on the next load', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const customer = await activatedCustomer(page);
  await signInOnServer(page, customer);
  await expect(menu(page).getByRole('link', { name: 'Settings' })).toHaveCount(0);

  // The settings team's first release, uploaded in the console as a new remote.
  const settings = await buildOf('settings');
  const operator = await browser.newPage();
  try {
    await operator.goto(`${server.baseURL}/_operator/console`);
    await operator.getByLabel('Operator token').fill(REGISTRY_ADMIN_TOKEN);
    await operator.getByRole('button', { name: 'Sign in' }).click();
    const form = operator.getByRole('form', { name: 'Publish a version' });
    await form.getByRole('textbox', { name: 'Remote', exact: true }).fill('settings');
    await form.getByRole('textbox', { name: 'Version', exact: true }).fill(settings.version);
    await form.getByLabel('Build (.tar.gz)').setInputFiles(settings.archive);
    await form.getByLabel('Make it live after the checks').check();
    // Without "New remote" the registry refuses a name it does not know.
    await form.getByRole('button', { name: 'Publish' }).click();
    await expect(form.getByRole('alert')).toContainText("Refused (404): Unknown remote 'settings'");
    await form.getByLabel('New remote (its first version)').check();
    await form.getByRole('button', { name: 'Publish' }).click();
    await expect(operator.getByRole('status')).toContainText(
      `settings@${settings.version} published, live`,
      { timeout: 30_000 },
    );
    await expect(operator.getByRole('form', { name: 'Change settings' })).toBeVisible();
  } finally {
    await operator.close();
  }

  // The customer's next page load has it: its sidebar entry and its screen, from the same shell.
  await page.reload();
  await menu(page).getByRole('link', { name: 'Settings' }).click();
  await expect(page).toHaveURL(/\/settings$/);
  await expect(
    remoteArea(page, 'settings').getByRole('heading', { level: 1, name: 'Settings' }),
  ).toBeVisible();
});
