// Release control at run time (docs/decisions/020-last-known-good-fallback.md): a version of a remote
// that cannot work in the customer's browser is live for everyone (an operator forced it past the
// checks, with a reason). The host falls back by itself to the remote's last known good version, so
// the customer still gets that remote's screens; the other remotes and the shared singletons (one
// React, one session, one bus) keep working in the same tab and after navigation; and the failure
// is reported, so operators see it counted per remote and version.
// Own app server (own port, own .deploy copy): parallel journeys never see the broken versions.
import type { Page } from '@playwright/test';
import { startPrivateAppServer, type PrivateAppServer } from '../support/app-server';
import { mountThrows, publishBrokenVersion, requiresReact19 } from '../support/broken-version';
import { expect, test } from '../support/fixtures';
import { failureCounts, fallbackVersion, forceVersion, tryActivate } from '../support/operator';
import type { RouteOwner } from '../support/routes';
import { remoteArea } from '../support/screens';

// SPEC §8 'Rendering fallback', word for word: it must not show while a good version exists.
const RENDER_FALLBACK = "We ran into an issue, but don't worry, we'll take care of it for sure.";

const NEEDS_REACT_19 = { remote: 'payments', version: '9.0.0-needs-react-19' } as const;
const THROWS_AT_MOUNT = { remote: 'settings', version: '9.0.0-mount-throws' } as const;

let server: PrivateAppServer;
const good: Record<string, string> = {};

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  // Its own server and two uploads (each packed, digested and compressed): slow on a busy machine.
  test.setTimeout(90_000);
  server = await startPrivateAppServer('last-good-version');
  good.payments = await publishBrokenVersion(
    server,
    NEEDS_REACT_19.remote,
    NEEDS_REACT_19.version,
    requiresReact19,
  );
  good.settings = await publishBrokenVersion(
    server,
    THROWS_AT_MOUNT.remote,
    THROWS_AT_MOUNT.version,
    mountThrows,
  );
});

test.afterAll(async () => {
  await server?.stop();
});

test.use({
  // What the host logs about the versions it replaced (host/src/federation/with-fallback.ts and the
  // runtime plugin of host/src/federation/runtime.ts).
  allowedConsoleErrors: {
    patterns: [
      /\[payments\] payments@9\.0\.0-needs-react-19 failed to load; loading /,
      /\[federation\] could not load payments\/app/,
      /\[payments\] reloading to load payments@/,
      /\[settings\] settings@9\.0\.0-mount-throws failed to mount; loading /,
    ],
  },
});

const menu = (page: Page) => page.getByRole('navigation', { name: 'Dashboard menu' });
const heading = (page: Page, remote: RouteOwner) =>
  remoteArea(page, remote).getByRole('heading', { level: 1 });

/** The same objects the shell holds: one React, one session with the customer, one bus. */
async function sharedSingletons(page: Page, remote: string) {
  return page.evaluate(async (remote) => {
    interface Shared {
      loaded?: boolean;
      lib?: () => unknown;
    }
    interface Instance {
      name: string;
      loadRemote(id: string): Promise<unknown>;
      registerRemotes(remotes: { name: string; entry: string }[]): void;
    }
    const { __FEDERATION__ } = window as unknown as {
      __FEDERATION__: {
        __INSTANCES__: Instance[];
        __SHARE__: Record<string, Record<string, Record<string, Record<string, Shared>>>>;
      };
    };
    const loadedCopies = (pkg: string) => {
      const copies = new Set<unknown>();
      for (const scopes of Object.values(__FEDERATION__.__SHARE__)) {
        for (const shared of Object.values(scopes.default?.[pkg] ?? {})) {
          if (shared.loaded && shared.lib) copies.add(shared.lib());
        }
      }
      return copies.size;
    };
    const shell = __FEDERATION__.__INSTANCES__.find((i) => i.name === 'ajo_shell');
    // The instance of the version now mounted: the newest one of that name.
    const instance = __FEDERATION__.__INSTANCES__.filter((i) => i.name === remote).at(-1);
    if (!shell || !instance) return { error: `no ${remote} or shell instance` };
    instance.registerRemotes([{ name: 'host', entry: '/mf-manifest.json' }]);
    const same = async (id: string) =>
      (await instance.loadRemote(id)) === (await shell.loadRemote(id));
    const { session } = (await instance.loadRemote('host/session')) as {
      session: { getUser(): { first_name: string } | null };
    };
    const { bus } = (await instance.loadRemote('host/bus')) as { bus: { emit(e: unknown): void } };
    bus.emit({ type: 'toast', toast: { kind: 'info', message: `Hello from ${remote}` } });
    return {
      react: loadedCopies('react'),
      reactDom: loadedCopies('react-dom'),
      sameSession: await same('host/session'),
      sameBus: await same('host/bus'),
      firstName: session.getUser()?.first_name,
    };
  }, remote);
}

/** The mounted version shares the shell's React, session and bus: its toast shows in the shell. */
async function expectOneOfEach(page: Page, remote: string, firstName: string): Promise<void> {
  expect(await sharedSingletons(page, remote)).toEqual({
    react: 1,
    reactDom: 1,
    sameSession: true,
    sameBus: true,
    firstName,
  });
  await expect(
    page.getByRole('region', { name: 'Notifications' }).getByText(`Hello from ${remote}`),
  ).toBeVisible();
}

/** What operators see on GET /_operator/registry for that version. */
async function expectCountedOnce(remote: string, version: string, lastMessage: string | RegExp) {
  await expect
    .poll(async () => (await failureCounts(server)).find((f) => f.version === version))
    .toMatchObject({
      remote,
      version,
      count: 1,
      lastMessage:
        typeof lastMessage === 'string' ? lastMessage : expect.stringMatching(lastMessage),
    });
}

test('a payments version that needs React 19 is forced live: the customer still buys airtime through the last good version, and the rest keeps working', async ({
  page,
  signedInShell,
}) => {
  const { remote, version } = NEEDS_REACT_19;
  // The checks refuse it: the host provides React 18. An operator forces it anyway, with a reason.
  const refused = await tryActivate(server, remote, version);
  expect(refused.status).toBe(409);
  expect(refused.message).toMatch(/needs react \^19\.0\.0, and the host provides 18\./);
  await forceVersion(server, remote, version, 'journey: React 19 build forced live');
  expect(await fallbackVersion(server, remote)).toBe(good.payments);

  await page.goto(`${server.baseURL}/dashboard/payments/airtime`);
  await expect(heading(page, remote)).toBeVisible();
  await expect(page.getByText(RENDER_FALLBACK)).toHaveCount(0);

  // Other remotes, then back to payments in the same tab.
  await menu(page).getByRole('link', { name: 'Wallet-to-Bank' }).click();
  await expect(heading(page, 'transfers')).toBeVisible();
  await menu(page).getByRole('link', { name: 'Data' }).click();
  await expect(heading(page, remote)).toBeVisible();
  await menu(page).getByRole('link', { name: 'Settings' }).click();
  await expect(heading(page, 'settings')).toBeVisible();
  await menu(page).getByRole('link', { name: 'Airtime' }).click();
  await expect(heading(page, remote)).toBeVisible();
  await expect(page.getByText(RENDER_FALLBACK)).toHaveCount(0);

  await expectOneOfEach(page, remote, signedInShell.user.first_name);

  // Operators see the failure counted for that remote and version, with what went wrong.
  await expectCountedOnce(remote, version, /^load: .*react/);
});

test('a settings version whose mount throws is forced live: the customer still gets settings through the last good version, in the same tab and after navigation', async ({
  page,
  signedInShell,
}) => {
  const { remote, version } = THROWS_AT_MOUNT;
  // Its files are sound: only the headless mount before going live finds that it throws, and
  // refuses it. An operator forces it anyway, with a reason.
  const refused = await tryActivate(server, remote, version);
  expect(refused.status).toBe(409);
  expect(refused.message).toMatch(/the mount check failed: .*mount threw/);
  await forceVersion(server, remote, version, 'journey: a mount that throws');
  expect(await fallbackVersion(server, remote)).toBe(good.settings);

  await page.goto(`${server.baseURL}/settings`);
  await expect(heading(page, remote)).toBeVisible();
  await expect(page.getByText(RENDER_FALLBACK)).toHaveCount(0);

  await menu(page).getByRole('link', { name: 'Airtime' }).click();
  await expect(heading(page, 'payments')).toBeVisible();
  await menu(page).getByRole('link', { name: 'Settings' }).click();
  await expect(heading(page, remote)).toBeVisible();
  await page.goto(`${server.baseURL}/dashboard`);
  await expect(heading(page, 'wallets')).toBeVisible();
  await menu(page).getByRole('link', { name: 'Settings' }).click();
  await expect(heading(page, remote)).toBeVisible();
  await expect(page.getByText(RENDER_FALLBACK)).toHaveCount(0);

  await expectOneOfEach(page, remote, signedInShell.user.first_name);

  // Counted once: after its failure the tab (and its later page loads) goes straight to the good one.
  await expectCountedOnce(remote, version, `mount: e2e: version ${version} mount threw`);
});
