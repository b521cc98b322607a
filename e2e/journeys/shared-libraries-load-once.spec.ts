// docs/architecture.md "Micro-frontends": react, react-dom, react-router-dom, rxjs and shared are
// federation singletons, loaded once; host/api, host/session and host/bus have one instance across
// the host and every remote ("Known traps": duplicate React, webpack#17575).
import type { Response } from '@playwright/test';
import { classifyChunk, licenseFileOf } from '../support/bundle/attribution.mjs';
import { duplicateLibraries } from '../support/bundle/first-load.mjs';
import { expect, test } from '../support/fixtures';
import { manifestIndex } from '../support/manifest-index';
import { remoteArea } from '../support/screens';

interface Fetched {
  url: string;
  body: Buffer;
}

test('a customer visits four remotes and React, ReactDOM, the router and rxjs are downloaded once', async ({
  page,
  request,
  signedInShell: _shell,
}) => {
  const pending: Promise<Fetched | null>[] = [];
  page.on('response', (response: Response) => {
    if (response.request().resourceType() !== 'script') return;
    pending.push(
      response.body().then(
        (body) => ({ url: response.url(), body }),
        () => null,
      ),
    );
  });

  await page.goto('/dashboard');
  await expect(remoteArea(page, 'wallets').getByRole('heading', { level: 1 })).toBeVisible();
  const menu = page.getByRole('navigation', { name: 'Dashboard menu' });
  for (const [link, remote] of [
    ['Airtime', 'payments'],
    ['Wallet-to-Bank', 'transfers'],
    ['Settings', 'settings'],
  ] as const) {
    await menu.getByRole('link', { name: link }).click();
    await expect(remoteArea(page, remote).getByRole('heading', { level: 1 })).toBeVisible();
  }
  await page.waitForLoadState('networkidle');

  const index = manifestIndex();
  const fetched = (await Promise.all(pending)).filter((f): f is Fetched => f !== null);
  const chunks = [];
  for (const { url, body } of fetched) {
    const licenseUrl = licenseFileOf(url, body);
    const licenseText = licenseUrl ? await (await request.get(licenseUrl)).text() : undefined;
    chunks.push({
      url,
      raw: body.length,
      gzip: 0,
      ...classifyChunk({ url, body, licenseText }, index),
    });
  }
  const journey = { pathname: 'the dashboard journey', chunks, raw: 0, gzip: 0 };

  for (const library of ['react', 'react-dom']) {
    expect(
      chunks.filter((c) => c.libraries.includes(library)),
      `${library} was never downloaded`,
    ).not.toHaveLength(0);
  }
  expect(duplicateLibraries(journey)).toEqual([]);

  // The other singletons: react-router-dom and rxjs come from one build each, however many remotes
  // asked for them.
  for (const category of ['router', 'rxjs']) {
    const folders = new Set(
      chunks
        .filter((c) => c.category === category)
        .map((c) => new URL(c.url).pathname.replace(/[^/]*$/, '')),
    );
    expect(folders.size, `${category} came from ${[...folders].join(', ') || 'nowhere'}`).toBe(1);
  }
});

test('host/api, host/session and host/bus are one instance for the shell and for two remotes', async ({
  page,
  signedInShell,
}) => {
  await page.goto('/dashboard');
  await expect(remoteArea(page, 'wallets').getByRole('heading', { level: 1 })).toBeVisible();
  await page
    .getByRole('navigation', { name: 'Dashboard menu' })
    .getByRole('link', { name: 'Airtime' })
    .click();
  await expect(remoteArea(page, 'payments').getByRole('heading', { level: 1 })).toBeVisible();

  // Resolve each host module three ways: from the shell's federation instance, straight from the
  // `host` container, and from the wallets and payments remotes' own instances (with the host
  // registered on them, which is how a remote reaches host/*). All must be the very same object.
  const verdict = await page.evaluate(async () => {
    interface Instance {
      name: string;
      loadRemote(id: string): Promise<unknown>;
      registerRemotes(remotes: { name: string; entry: string }[]): void;
    }
    interface Container {
      get(module: string): Promise<() => unknown>;
    }
    const w = window as unknown as {
      __FEDERATION__: { __INSTANCES__: Instance[] };
      host: Container;
    };
    const instances = w.__FEDERATION__.__INSTANCES__;
    const shell = instances.find((i) => i.name === 'ajo_shell');
    const remotes = instances.filter((i) => i.name === 'wallets' || i.name === 'payments');
    if (!shell)
      return { error: `no shell instance among ${instances.map((i) => i.name).join(', ')}` };
    for (const remote of remotes)
      remote.registerRemotes([{ name: 'host', entry: '/mf-manifest.json' }]);
    const result: Record<string, { fromContainer: boolean; fromRemotes: Record<string, boolean> }> =
      {};
    for (const id of ['host/api', 'host/session', 'host/bus']) {
      const fromShell = await shell.loadRemote(id);
      const fromContainer =
        (await (await w.host.get(`./${id.slice('host/'.length)}`))()) === fromShell;
      const fromRemotes: Record<string, boolean> = {};
      for (const remote of remotes)
        fromRemotes[remote.name] = (await remote.loadRemote(id)) === fromShell;
      result[id] = { fromContainer, fromRemotes };
    }
    return { result };
  });
  expect(verdict).toEqual({
    result: Object.fromEntries(
      ['host/api', 'host/session', 'host/bus'].map((id) => [
        id,
        { fromContainer: true, fromRemotes: { wallets: true, payments: true } },
      ]),
    ),
  });

  // Behaviour, not just identity: the session a remote holds already has the user the shell
  // loaded, and a toast a remote emits on its bus shows up in the shell's notification area.
  const remoteView = await page.evaluate(async () => {
    interface Instance {
      name: string;
      loadRemote(id: string): Promise<unknown>;
    }
    const instances = (window as unknown as { __FEDERATION__: { __INSTANCES__: Instance[] } })
      .__FEDERATION__.__INSTANCES__;
    const payments = instances.find((i) => i.name === 'payments');
    const { session } = (await payments?.loadRemote('host/session')) as {
      session: { getUser(): { first_name: string } | null };
    };
    const { bus } = (await payments?.loadRemote('host/bus')) as {
      bus: { emit(event: unknown): void };
    };
    bus.emit({ type: 'toast', toast: { kind: 'info', message: 'Sent from the payments remote' } });
    return { firstName: session.getUser()?.first_name };
  });
  expect(remoteView.firstName).toBe(signedInShell.user.first_name);
  await expect(
    page.getByRole('region', { name: 'Notifications' }).getByText('Sent from the payments remote'),
  ).toBeVisible();
});
