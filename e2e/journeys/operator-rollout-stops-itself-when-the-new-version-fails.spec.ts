// A rollout that stops itself (docs/decisions/045-release-safety-in-the-browser.md): in the console
// an operator rolls a new version of the public pages out to 20 % of browsers, forced past the mount
// check that refuses it, with a stop: above 250 failures per 1,000 loads, after at least 3 loads.
// Its mount throws in browsers. Visitors in the rollout (bucket cookies 3, 9 and 15) fail on it and
// fall back to the live version, whose landing page they get; the others (40) never see it. Below
// the minimum the rollout goes on; once the third browser has loaded it, the rollout ends itself:
// no rollout in the registry state, a `rollout-cancel` by `auto-stop` in the history with the
// figures, the failure rate per version in the console, and a fresh browser in the same bucket gets
// the live version only. Own app server (own port, own .deploy copy, its own load counts).
import type { Browser } from '@playwright/test';
import { startPrivateAppServer, type PrivateAppServer } from '../support/app-server';
import { mountThrows, publishBrokenVersion } from '../support/broken-version';
import { expect, test } from '../support/fixtures';
import { operatorCall } from '../support/operator';
import { REGISTRY_ADMIN_TOKEN } from '../support/paths';
import { liveVersion } from '../support/rollout';
import { remoteArea } from '../support/screens';
import { openVisitor, unexpectedErrors, type Visitor } from '../support/visitor';

const REMOTE = 'public_pages';
const CANARY = '7.0.0-mount-throws';
const PERCENT = 20;
const STOP_ABOVE = 250;
const MIN_LOADS = 3;
// Rollout buckets (0..99): below 20 the browser is in the rollout.
const IN_ROLLOUT = [3, 9, 15] as const;
const OUTSIDE = 40;

// SPEC §8 'Rendering fallback', word for word: it must not show while a good version exists.
const RENDER_FALLBACK = "We ran into an issue, but don't worry, we'll take care of it for sure.";
/** What the shell logs when it replaces the failing version (host/src/federation/with-fallback.ts). */
const REPLACED = /\[public_pages\] public_pages@7\.0\.0-mount-throws failed to mount; loading /;

let server: PrivateAppServer;
let live: string;

test.describe.configure({ mode: 'serial' });
test.use({
  // Chromium logs the console's refused call (the mount check's 409).
  allowedConsoleErrors: {
    patterns: [/Failed to load resource: the server responded with a status of 409/],
  },
});

test.beforeAll(async () => {
  test.setTimeout(90_000);
  server = await startPrivateAppServer('rollout-stops-itself');
  live = await liveVersion(server, REMOTE);
  await publishBrokenVersion(server, REMOTE, CANARY, mountThrows);
});

test.afterAll(async () => {
  await server?.stop();
});

const visitors: Visitor[] = [];
test.afterEach(async () => {
  for (const visitor of visitors.splice(0)) await visitor.close();
});

/**
 * A new visitor in `bucket` opens the landing page: the public pages' heading shows (never the
 * SPEC §8 fallback); answers which versions of the remote the browser fetched, in order.
 */
async function versionsLoadedInBucket(browser: Browser, bucket: number) {
  const visitor = await openVisitor(browser, server, REMOTE, { bucket });
  visitors.push(visitor);
  await visitor.page.goto(`${server.baseURL}/`);
  await expect(remoteArea(visitor.page, REMOTE).getByRole('heading', { level: 1 })).toBeVisible();
  await expect(visitor.page.getByText(RENDER_FALLBACK)).toHaveCount(0);
  expect(unexpectedErrors(visitor, [REPLACED])).toEqual([]);
  return visitor.manifests;
}

interface Counted {
  remote: string;
  version: string;
  count: number;
}

/** What the operator API says: the remote's rollout, and the canary's failures and loads. */
async function registryNow() {
  const res = await operatorCall(server, 'GET', '');
  const body = (await res.json()) as {
    state: { remotes: Record<string, { active: string; rollout?: { version: string } }> };
    failures: Counted[];
    loads: Counted[];
  };
  const canary = (rows: Counted[]) =>
    rows.find((r) => r.remote === REMOTE && r.version === CANARY)?.count ?? 0;
  return {
    active: body.state.remotes[REMOTE]?.active,
    rollout: body.state.remotes[REMOTE]?.rollout?.version ?? null,
    failures: canary(body.failures),
    loads: canary(body.loads),
  };
}

test('a rollout whose version fails in browsers ends itself past the failure rate the operator set', async ({
  page,
  browser,
}) => {
  await page.goto(`${server.baseURL}/_operator/console`);
  await page.getByLabel('Operator token').fill(REGISTRY_ADMIN_TOKEN);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByText('Signed in as admin')).toBeVisible();
  const card = page.getByRole('region', { name: REMOTE, exact: true });
  const rolloutLine = card.getByRole('listitem').filter({ hasText: /^(Rollout:|No rollout)/ });
  const history = page.getByRole('region', { name: 'History' }).getByRole('table');

  // The rollout with its stop. The mount check refuses the version; the operator forces it, the
  // stop being the safety net.
  await card.getByLabel('Version').selectOption(CANARY);
  await card.getByLabel('Rollout percent').fill(String(PERCENT));
  await card
    .getByLabel('Rollout stops itself above (failures per 1,000 loads)')
    .fill(String(STOP_ABOVE));
  await card.getByLabel('after at least (loads)').fill(String(MIN_LOADS));
  await card
    .getByLabel('Reason (kept in the history)')
    .fill('new landing page; the mount check has no real visitor');
  await card.getByRole('button', { name: 'Set rollout' }).click();
  await expect(card.getByRole('alert')).toContainText(
    `Refused (409): ${REMOTE}@${CANARY} cannot go live: the mount check failed:`,
  );
  await card.getByLabel('Force past failed checks (needs a reason)').check();
  await card.getByRole('button', { name: 'Set rollout' }).click();
  await expect(page.getByRole('status')).toContainText(
    `${REMOTE}: ${CANARY} rolls out to ${PERCENT}% of browsers`,
  );
  await expect(rolloutLine).toHaveText(
    `Rollout: ${CANARY} to ${PERCENT}% of browsers, stops itself above ${STOP_ABOVE} failures per 1,000 loads after ${MIN_LOADS} loads`,
  );
  await expect(history.getByRole('row').nth(1)).toContainText(
    new RegExp(
      `admin\\s*rollout\\s*${REMOTE}\\s*\\S+\\s*7\\.0\\.0-mount-throws\\s*new landing page`,
    ),
  );
  // What the force went past is kept beside the reason.
  await expect(history.getByRole('row').nth(1)).toContainText(
    /forced past: the mount check failed/,
  );

  // A browser outside the rollout never sees the new version.
  expect(await versionsLoadedInBucket(browser, OUTSIDE)).toEqual([live]);

  // Two browsers in the rollout: each fails on it and gets the live version's landing page.
  const [first, second, third] = IN_ROLLOUT;
  expect(await versionsLoadedInBucket(browser, first)).toEqual([CANARY, live]);
  expect(await versionsLoadedInBucket(browser, second)).toEqual([CANARY, live]);
  // Both failures and both loads are counted (loads are written every few seconds), and with fewer
  // loads than the operator's minimum the rollout goes on, whatever the rate.
  await expect
    .poll(registryNow, { timeout: 15_000 })
    .toEqual({ active: live, rollout: CANARY, failures: 2, loads: 2 });

  // The third browser in the rollout: the minimum is reached and the rollout ends itself.
  expect(await versionsLoadedInBucket(browser, third)).toEqual([CANARY, live]);
  await expect.poll(async () => (await registryNow()).rollout, { timeout: 15_000 }).toBeNull();
  expect((await registryNow()).active).toBe(live);

  // The history says who ended it and why, with the figures.
  const { history: entries } = (await (
    await operatorCall(server, 'GET', `/history?remote=${REMOTE}&limit=1`)
  ).json()) as {
    history: { operator: string; action: string; from: string; to: string; reason: string }[];
  };
  expect(entries[0]).toMatchObject({
    operator: 'auto-stop',
    action: 'rollout-cancel',
    from: CANARY,
    to: live,
  });
  const figures =
    /^failure rate ([\d.]+) per 1,000 loads \((\d+) failures in (\d+) loads\) passed the stop at 250 per 1,000 after at least 3 loads$/.exec(
      entries[0]?.reason ?? '',
    );
  expect(figures, entries[0]?.reason).not.toBeNull();
  const [, rate, failed, loaded] = (figures ?? []).map(Number);
  expect(loaded).toBe(MIN_LOADS);
  expect(failed).toBeGreaterThanOrEqual(2);
  expect(rate).toBe(Math.round(((failed ?? 0) * 10_000) / (loaded ?? 1)) / 10);

  // The console: no rollout, the stop in the history, the failure rate per version.
  await expect.poll(async () => (await registryNow()).failures).toBe(3);
  await page.getByRole('button', { name: 'Refresh' }).click();
  await expect(rolloutLine).toHaveText('No rollout');
  await expect(history.getByRole('row').nth(1)).toContainText(
    new RegExp(
      `auto-stop\\s*rollout-cancel\\s*${REMOTE}\\s*7\\.0\\.0-mount-throws\\s*${live.replace(/\./g, '\\.')}\\s*failure rate`,
    ),
  );
  const row = (version: string) =>
    card
      .getByRole('table')
      .getByRole('row', { name: new RegExp(`^${version.replace(/\./g, '\\.')}`) });
  await expect(row(CANARY).getByRole('cell').last()).toHaveText('1000 per 1,000 (3 in 3 loads)');
  await expect(row(live).getByRole('cell').last()).toHaveText(/^0 per 1,000 \(0 in \d+ loads\)$/);

  // A fresh browser in the rollout's old bucket gets the live version only.
  expect(await versionsLoadedInBucket(browser, first)).toEqual([live]);
});
