// The operator console (/_operator/console, docs/decisions/022-...): an operator signs in with their
// token on a phone-sized screen, makes a published version live, is refused with the API's own
// words when someone changed the registry meanwhile and when a version fails the headless mount
// check, rolls back one step and to a chosen version, and reads each change in the history. Its own
// app server, so no other journey sees the switched remote.
import { startPrivateAppServer, type PrivateAppServer } from '../support/app-server';
import { expect, test } from '../support/fixtures';
import { activeVersion, uploadVersion } from '../support/operator';
import { REGISTRY_ADMIN_TOKEN } from '../support/paths';

const REMOTE = 'settings';
let server: PrivateAppServer;
let first: string;

test.describe.configure({ mode: 'serial' });
test.use({
  viewport: { width: 390, height: 844 },
  // Chromium logs every refused call of the page (the wrong token, the two 409s).
  allowedConsoleErrors: {
    patterns: [/Failed to load resource: the server responded with a status of (401|409)/],
  },
});

test.beforeAll(async () => {
  server = await startPrivateAppServer('operator-console');
  first = await activeVersion(server, REMOTE);
  await uploadVersion(server, REMOTE, first, '7.0.0');
});
test.afterAll(async () => {
  await server?.stop();
});

test('an operator switches a remote from the console, is refused with the reason, and rolls back', async ({
  page,
}, testInfo) => {
  await page.goto(`${server.baseURL}/_operator/console`);
  const token = page.getByLabel('Operator token');
  await token.fill('not-the-operator-token');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'not accepted' })).toHaveText(
    'The operator token was not accepted (Unauthorized).',
  );
  await token.fill(REGISTRY_ADMIN_TOKEN);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByText('Signed in as admin')).toBeVisible();
  await expect(token).toBeHidden();

  const card = page.getByRole('region', { name: REMOTE, exact: true });
  await expect(card.getByRole('listitem').filter({ hasText: /^Live:/ })).toHaveText(
    `Live: ${first}`,
  );
  const versions = card.getByRole('table');
  await expect(versions.getByRole('row', { name: /^7\.0\.0/ })).toContainText(/[0-9a-f]{12}/);
  await expect(versions.getByRole('row', { name: new RegExp(`^${first} live`) })).toBeVisible();

  // Activate the new version.
  const version = card.getByLabel('Version');
  const reason = card.getByLabel('Reason (kept in the history)');
  await version.selectOption('7.0.0');
  await reason.fill('new settings screen');
  await card.getByRole('button', { name: 'Activate' }).click();
  await expect(page.getByRole('status')).toContainText(`${REMOTE}: 7.0.0 is live (was ${first})`);
  await expect(card.getByRole('listitem').filter({ hasText: /^Live:/ })).toHaveText('Live: 7.0.0');
  expect(await activeVersion(server, REMOTE)).toBe('7.0.0');

  // Someone publishes meanwhile: the console's revision is stale, so its change is refused (If-Match).
  await uploadVersion(server, REMOTE, first, '7.0.1', { brokenEntry: true });
  await card.getByRole('button', { name: 'Roll back one step' }).click();
  await expect(card.getByRole('alert')).toContainText(
    'Refused (409): The registry changed: you saw revision',
  );
  expect(await activeVersion(server, REMOTE)).toBe('7.0.0');
  // Nothing to end: End rollout stays off after the refusal.
  await expect(card.getByRole('button', { name: 'End rollout' })).toBeDisabled();

  // Read again: the broken version is listed, and the mount check refuses it with its reason.
  await page.getByRole('button', { name: 'Refresh' }).click();
  await card.getByLabel('Version').selectOption('7.0.1');
  await card.getByRole('button', { name: 'Activate' }).click();
  await expect(card.getByRole('alert')).toContainText(
    `Refused (409): ${REMOTE}@7.0.1 cannot go live: the mount check failed: ./app did not load`,
  );
  expect(await activeVersion(server, REMOTE)).toBe('7.0.0');

  // One step back, with a reason: the history shows who, what, from, to and why.
  await card.getByLabel('Reason (kept in the history)').fill('settings page broke');
  await card.getByRole('button', { name: 'Roll back one step' }).click();
  await expect(page.getByRole('status')).toContainText(`${REMOTE}: ${first} is live (was 7.0.0)`);
  const history = page.getByRole('region', { name: 'History' }).getByRole('table');
  await expect(history.getByRole('row').nth(1)).toContainText(
    new RegExp(
      `admin\\s*rollback\\s*${REMOTE}\\s*7\\.0\\.0\\s*${first.replace(/\./g, '\\.')}\\s*settings page broke`,
    ),
  );

  // And to a chosen version.
  await card.getByLabel('Version').selectOption('7.0.0');
  await card.getByRole('button', { name: 'Roll back to this version' }).click();
  await expect(page.getByRole('status')).toContainText(`${REMOTE}: 7.0.0 is live (was ${first})`);
  await expect(history.getByRole('row').nth(1)).toContainText(
    /rollback\s*settings\s*\S+\s*7\.0\.0/,
  );
  expect(await activeVersion(server, REMOTE)).toBe('7.0.0');

  await page.screenshot({ path: testInfo.outputPath('console-390.png'), fullPage: true });
  await card.scrollIntoViewIfNeeded();
  await page.screenshot({ path: testInfo.outputPath('console-390-settings.png') });

  // Signing out forgets the token.
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page.getByLabel('Operator token')).toBeVisible();
  expect(await page.evaluate(() => sessionStorage.length)).toBe(0);
});

test('an operator rolls a version out to a share of browsers, ends the rollout, and sees failures counted per version', async ({
  page,
}) => {
  await page.goto(`${server.baseURL}/_operator/console`);
  await page.getByLabel('Operator token').fill(REGISTRY_ADMIN_TOKEN);
  await page.getByRole('button', { name: 'Sign in' }).click();
  const card = page.getByRole('region', { name: REMOTE, exact: true });
  const rolloutLine = card.getByRole('listitem').filter({ hasText: /^(Rollout:|No rollout)/ });
  const history = page.getByRole('region', { name: 'History' }).getByRole('table');
  await expect(card.getByRole('listitem').filter({ hasText: /^Live:/ })).toHaveText('Live: 7.0.0');
  await expect(rolloutLine).toHaveText('No rollout');

  // The earlier version to a quarter of browsers; everyone else keeps 7.0.0.
  await card.getByLabel('Version').selectOption(first);
  await card.getByLabel('Rollout percent').fill('25');
  await card.getByLabel('Reason (kept in the history)').fill('canary');
  await card.getByRole('button', { name: 'Set rollout' }).click();
  await expect(page.getByRole('status')).toContainText(
    `${REMOTE}: ${first} rolls out to 25% of browsers`,
  );
  await expect(rolloutLine).toHaveText(`Rollout: ${first} to 25% of browsers`);
  await expect(
    card
      .getByRole('table')
      .getByRole('row', { name: new RegExp(`^${first.replace(/\./g, '\\.')}`) }),
  ).toContainText('rollout 25%');
  await expect(history.getByRole('row').nth(1)).toContainText(/admin\s*rollout\s*settings/);
  expect(await activeVersion(server, REMOTE)).toBe('7.0.0');

  // Ended: nobody gets it any more, and the live version has not moved.
  await card.getByRole('button', { name: 'End rollout' }).click();
  await expect(rolloutLine).toHaveText('No rollout');
  await expect(history.getByRole('row').nth(1)).toContainText(/rollout-cancel\s*settings/);
  await expect(card.getByRole('button', { name: 'End rollout' })).toBeDisabled();
  expect(await activeVersion(server, REMOTE)).toBe('7.0.0');

  // A customer's browser reports that the live version failed to mount: the console counts it.
  const beacon = await fetch(`${server.baseURL}/_beacon/remote-failure`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ remote: REMOTE, version: '7.0.0', phase: 'mount', message: 'boom' }),
  });
  expect(beacon.status).toBe(204);
  await page.getByRole('button', { name: 'Refresh' }).click();
  await expect(card.getByRole('listitem').filter({ hasText: /^Failures/ })).toHaveText(
    'Failures of the live version: 1',
  );
  await expect(card.getByRole('table').getByRole('row', { name: /^7\.0\.0/ })).toContainText(
    'mount: boom',
  );
});
