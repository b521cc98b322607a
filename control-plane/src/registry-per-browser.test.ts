/** @jest-environment node */
// Gradual rollout for one browser, end to end on the app server (in-process): the document per
// browser, the sticky bucket, rollouts over the operator API (docs/decisions/021-rollout-and-overrides.md).
// Testers' signed overrides: registry-per-browser-overrides.test.ts.
import { BUCKET_COOKIE, resolveForBrowser } from './registry-per-browser.js';
import type { HistoryEntry } from './registry/index.js';
import {
  manifest,
  operator,
  perBrowserRegistryHooks,
  registryFor,
  rollOut,
  startApp,
  walletsFor,
} from './registry-per-browser-test-support.js';

perBrowserRegistryHooks();

describe('resolving the document for one browser', () => {
  const everyone = {
    remotes: {
      wallets: { version: '0.1.0', manifest: manifest('0.1.0') },
      settings: { version: '1.0.0', manifest: '/remotes/settings/1.0.0/mf-manifest.json' },
    },
  };
  const rollouts = { wallets: { version: '0.2.0', percent: 30 } };
  const rolledOut = {
    version: '0.2.0',
    manifest: manifest('0.2.0'),
    fallback: { version: '0.1.0', manifest: manifest('0.1.0') },
  };

  it('gives browsers whose bucket is below the percentage the rollout version, falling back to the live one', () => {
    for (const bucket of [0, 29]) {
      expect(resolveForBrowser(everyone, { rollouts, bucket }).remotes.wallets).toEqual(rolledOut);
    }
    for (const bucket of [30, 99, null]) {
      expect(resolveForBrowser(everyone, { rollouts, bucket })).toEqual(everyone);
    }
  });

  it("gives a browser on another version that version's routes, and a remote only an override names", () => {
    const routesOf = (path: string) => ({ routes: [{ path, label: path }] });
    const contributesOf = (name: string, version: string) =>
      routesOf(`/${name}/v${version.replace(/\./g, '-')}`);
    const withRoutes = {
      remotes: { wallets: { ...everyone.remotes.wallets, contributes: routesOf('/old') } },
    };
    const rolled = resolveForBrowser(withRoutes, { rollouts, bucket: 0, contributesOf });
    expect(rolled.remotes.wallets?.contributes).toEqual(routesOf('/wallets/v0-2-0'));
    // The others keep the live version's routes.
    const kept = resolveForBrowser(withRoutes, { rollouts, bucket: 50, contributesOf });
    expect(kept.remotes.wallets?.contributes).toEqual(routesOf('/old'));
    // A remote nobody else has yet: this browser alone gets it, with its routes.
    const tried = resolveForBrowser(withRoutes, { overrides: { cards: '0.1.0' }, contributesOf });
    expect(tried.remotes.cards).toEqual({
      version: '0.1.0',
      manifest: '/remotes/cards/0.1.0/mf-manifest.json',
      contributes: routesOf('/cards/v0-1-0'),
    });
  });

  it('an override beats the rollout and the live version; one for the live version changes nothing', () => {
    const pinned = resolveForBrowser(everyone, {
      rollouts,
      bucket: 0,
      overrides: { wallets: '0.3.0' },
    });
    expect(pinned.remotes.wallets).toEqual({
      version: '0.3.0',
      manifest: manifest('0.3.0'),
      fallback: { version: '0.1.0', manifest: manifest('0.1.0') },
    });
    expect(pinned.remotes.settings).toEqual(everyone.remotes.settings);
    expect(
      resolveForBrowser(everyone, { rollouts, bucket: 0, overrides: { wallets: '0.1.0' } }),
    ).toEqual(everyone);
    // Nothing live for everyone: the override is all there is, with nothing to fall back to.
    expect(
      resolveForBrowser({ remotes: {} }, { overrides: { payments: '2.0.0' } }).remotes,
    ).toEqual({
      payments: { version: '2.0.0', manifest: '/remotes/payments/2.0.0/mf-manifest.json' },
    });
  });
});

describe('the sticky bucket', () => {
  it('a browser without one gets an HttpOnly, SameSite=Lax, long-lived cookie from 0 to 99 on a page or /registry.json', async () => {
    const app = await startApp();
    for (const url of ['/', '/dashboard/wallets', '/registry.json']) {
      const res = await app.inject(url);
      const cookie = res.cookies.find((c) => c.name === BUCKET_COOKIE)!;
      expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
      expect(cookie.value).toMatch(/^\d{1,2}$/);
      expect(cookie.maxAge).toBeGreaterThanOrEqual(365 * 24 * 60 * 60);
      expect(cookie.secure).toBeUndefined();
    }
    // A browser that has one keeps it.
    const again = await registryFor(app, { [BUCKET_COOKIE]: '42' });
    expect(again.cookies.find((c) => c.name === BUCKET_COOKIE)!).toBeUndefined();
    // Behind HTTPS (the proxy says so) the cookie is Secure.
    const behindTls = await startApp({ trustProxy: '127.0.0.1' });
    const secure = await behindTls.inject({ url: '/', headers: { 'x-forwarded-proto': 'https' } });
    expect(secure.cookies.find((c) => c.name === BUCKET_COOKIE)!.secure).toBe(true);
  });

  it('decides by the bucket: below the percentage the rollout version, from it on the live one, on every request', async () => {
    const app = await startApp();
    await rollOut(app, '0.2.0', 50);
    for (let i = 0; i < 5; i += 1) {
      expect(await walletsFor(app, { [BUCKET_COOKIE]: '49' })).toEqual({
        version: '0.2.0',
        manifest: manifest('0.2.0'),
        fallback: { version: '0.1.0', manifest: manifest('0.1.0') },
      });
      expect(await walletsFor(app, { [BUCKET_COOKIE]: '50' })).toEqual({
        version: '0.1.0',
        manifest: manifest('0.1.0'),
      });
    }
    expect((await walletsFor(app, { [BUCKET_COOKIE]: '0' })).version).toBe('0.2.0');
    expect((await walletsFor(app, { [BUCKET_COOKIE]: '99' })).version).toBe('0.1.0');
    // A bucket that is not one (tampered by hand) is replaced, not trusted.
    const odd = await registryFor(app, { [BUCKET_COOKIE]: '-1' });
    expect(odd.cookies.find((c) => c.name === BUCKET_COOKIE)!.value).toMatch(/^\d{1,2}$/);
  });

  it('a browser keeps its side of the rollout across requests, and 500 fresh browsers split roughly by the percentage', async () => {
    const app = await startApp();
    await rollOut(app, '0.2.0', 30);
    let rolledOut = 0;
    const buckets = new Set();
    for (let i = 0; i < 500; i += 1) {
      const first = await registryFor(app);
      const bucket = first.cookies.find((c) => c.name === BUCKET_COOKIE)!.value;
      buckets.add(bucket);
      const version = first.json().remotes.wallets.version;
      expect([bucket, version]).toEqual([bucket, Number(bucket) < 30 ? '0.2.0' : '0.1.0']);
      if (version === '0.2.0') rolledOut += 1;
      if (i < 50) {
        // Sticky: the same browser, later, gets the same version.
        expect((await walletsFor(app, { [BUCKET_COOKIE]: bucket })).version).toBe(version);
      }
    }
    // 150 expected; ±60 is more than 5.8 standard deviations of a fair split (about 10).
    expect(rolledOut).toBeGreaterThan(90);
    expect(rolledOut).toBeLessThan(210);
    // The draws cover the range (a fixed bucket for everyone would pass the split by luck or not).
    expect(buckets.size).toBeGreaterThan(80);
  }, 60_000);
});

describe('rollout over the operator API', () => {
  it('PUT and DELETE /_operator/registry/:remote/rollout with the ETag; GET shows it; a stale If-Match is 409 and changes nothing', async () => {
    const app = await startApp();
    const read = await operator(app, 'GET', '/_operator/registry');
    expect(read.json().state.remotes.wallets.rollout).toBeNull();
    const tag = String(read.headers.etag);
    const started = await operator(
      app,
      'PUT',
      '/_operator/registry/wallets/rollout',
      { version: '0.2.0', percent: 20, reason: 'canary' },
      { 'if-match': tag },
    );
    expect(started.statusCode).toBe(200);
    expect(started.json()).toMatchObject({
      active: '0.1.0',
      rollout: { version: '0.2.0', percent: 20 },
    });
    expect(started.headers.etag).toBe(`"${read.json().revision + 1}"`);

    const stale = await operator(
      app,
      'PUT',
      '/_operator/registry/wallets/rollout',
      { version: '0.2.0', percent: 80 },
      { 'if-match': tag },
    );
    expect(stale.statusCode).toBe(409);
    expect(stale.json().message).toMatch(/registry changed/);
    const staleCancel = await operator(
      app,
      'DELETE',
      '/_operator/registry/wallets/rollout',
      undefined,
      {
        'if-match': tag,
      },
    );
    expect(staleCancel.statusCode).toBe(409);
    const now = await operator(app, 'GET', '/_operator/registry');
    expect(now.headers.etag).toBe(started.headers.etag);
    expect(now.json().state.remotes.wallets.rollout).toEqual({ version: '0.2.0', percent: 20 });

    const cancelled = await operator(
      app,
      'DELETE',
      '/_operator/registry/wallets/rollout',
      undefined,
      {
        'if-match': String(started.headers.etag),
      },
    );
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json()).toMatchObject({ active: '0.1.0', rollout: null });
    expect((await walletsFor(app, { [BUCKET_COOKIE]: '0' })).version).toBe('0.1.0');
    const history = (
      await operator(app, 'GET', '/_operator/registry/history?remote=wallets&limit=2')
    ).json().history;
    expect(
      history.map((h: HistoryEntry) => [h.action, h.operator, h.from, h.to, h.reason, h.detail]),
    ).toEqual([
      [
        'rollout-cancel',
        'ada',
        '0.2.0',
        '0.1.0',
        null,
        'ended the rollout of 0.2.0 to 20% of browsers',
      ],
      ['rollout', 'ada', '0.1.0', '0.2.0', 'canary', '20% of browsers'],
    ]);
  });

  it('100 % makes the version live for everyone and ends the rollout', async () => {
    const app = await startApp();
    await rollOut(app, '0.2.0', 10);
    const all = await rollOut(app, '0.2.0', 100);
    expect(all.json()).toMatchObject({ active: '0.2.0', previous: '0.1.0' });
    expect(
      (await operator(app, 'GET', '/_operator/registry')).json().state.remotes.wallets.rollout,
    ).toBeNull();
    // Everyone on 0.2.0 now, with the version it replaced as the last good one to fall back to.
    expect(await walletsFor(app, { [BUCKET_COOKIE]: '99' })).toEqual({
      version: '0.2.0',
      manifest: manifest('0.2.0'),
      fallback: { version: '0.1.0', manifest: manifest('0.1.0') },
    });
  });

  it('answers a bad percentage or version with 400, an unknown remote with 404, an unpublished version with 409, and changes nothing', async () => {
    const app = await startApp();
    const before = (await operator(app, 'GET', '/_operator/registry')).json().revision;
    const cases: [Record<string, unknown>, number, RegExp][] = [
      [{ version: '0.2.0', percent: 0 }, 400, /whole number from 1 to 100/],
      [{ version: '0.2.0', percent: 101 }, 400, /whole number from 1 to 100/],
      [{ version: '0.2.0', percent: 12.5 }, 400, /whole number from 1 to 100/],
      [{ version: '0.2.0', percent: 'half' }, 400, /percent/],
      [{ version: '0.2.0' }, 400, /percent/],
      [{ version: '../0.2.0', percent: 10 }, 400, /Invalid version/],
      [{ version: '0.2.0', percent: '50%' }, 400, /percent/],
      [{ version: '9.9.9', percent: 10 }, 409, /not published/],
      [{ version: '0.2.0', percent: 10, force: true }, 400, /needs a reason/],
    ];
    for (const [payload, status, message] of cases) {
      const res = await operator(app, 'PUT', '/_operator/registry/wallets/rollout', payload);
      expect([payload, res.statusCode, res.json().message]).toEqual([
        payload,
        status,
        expect.stringMatching(message),
      ]);
    }
    for (const method of ['PUT', 'DELETE']) {
      for (const [remote, status] of [
        ['__proto__', 400],
        ['constructor', 400],
        ['cards', 404],
      ] as const) {
        const res = await operator(app, method, `/_operator/registry/${remote}/rollout`, {
          version: '0.2.0',
          percent: 10,
        });
        expect([method, remote, res.statusCode]).toEqual([method, remote, status]);
      }
    }
    const unauthorised = await app.inject({
      method: 'PUT',
      url: '/_operator/registry/wallets/rollout',
      payload: { version: '0.2.0', percent: 10 },
    });
    expect(unauthorised.statusCode).toBe(401);
    expect((await operator(app, 'GET', '/_operator/registry')).json().revision).toBe(before);
  });
});
