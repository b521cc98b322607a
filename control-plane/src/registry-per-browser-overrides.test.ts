/** @jest-environment node */
// Testers' signed overrides, end to end on the app server (in-process):
// docs/decisions/021-rollout-and-overrides.md. Rollouts: registry-per-browser.test.ts.
import { request } from 'node:http';
import { buildOperatorApp } from './operator/index.js';
import { BUCKET_COOKIE, overrideCookie } from './registry-per-browser.js';
import {
  issue,
  manifest,
  NOW,
  operator,
  perBrowserRegistryHooks,
  rollOut,
  startApp,
  TOKEN,
  walletsFor,
  world,
} from './registry-per-browser-test-support.js';

perBrowserRegistryHooks();

describe('signed overrides', () => {
  it('issues a token and a link for a published version, recorded in the history with the operator', async () => {
    const app = await startApp();
    const issued = await issue(app, {
      remote: 'wallets',
      version: '0.3.0',
      minutes: 30,
      reason: 'QA of 0.3.0',
    });
    expect(issued).toMatchObject({
      remote: 'wallets',
      version: '0.3.0',
      expiresAt: '2026-11-23T12:30:00.000Z',
      link: `/?ajo-override=${encodeURIComponent(issued.token)}`,
    });
    expect(issued.token).toMatch(/^wallets~0\.3\.0~\d+~[A-Za-z0-9_-]{43}$/);
    const [entry] = (await operator(app, 'GET', '/_operator/registry/history?limit=1')).json()
      .history;
    expect(entry).toMatchObject({
      action: 'override-issued',
      operator: 'ada',
      remote: 'wallets',
      to: '0.3.0',
      reason: 'QA of 0.3.0',
      detail: 'valid until 2026-11-23T12:30:00.000Z',
    });
    // Sixty minutes unless asked; never more than a day.
    expect((await issue(app, { remote: 'wallets', version: '0.2.0' })).expiresAt).toBe(
      '2026-11-23T13:00:00.000Z',
    );
    for (const [payload, status] of [
      [{ remote: 'wallets', version: '0.2.0', minutes: 24 * 60 + 1 }, 400],
      [{ remote: 'wallets', version: '0.2.0', minutes: 0 }, 400],
      [{ remote: 'wallets' }, 400],
      [{ remote: 'constructor', version: '0.2.0' }, 400],
      [{ remote: 'cards', version: '0.2.0' }, 404],
      [{ remote: 'wallets', version: '9.9.9' }, 409],
    ]) {
      const res = await operator(app, 'POST', '/_operator/overrides', payload);
      expect([payload, res.statusCode, typeof res.json().message]).toEqual([
        payload,
        status,
        'string',
      ]);
    }
    const stranger = await app.inject({
      method: 'POST',
      url: '/_operator/overrides',
      payload: { remote: 'wallets', version: '0.2.0' },
    });
    expect(stranger.statusCode).toBe(401);
  });

  it('the link keeps the override in that browser only (HttpOnly) and redirects to the same page without it; it beats the rollout; clear drops it', async () => {
    const app = await startApp();
    await rollOut(app, '0.2.0', 50);
    const { token } = await issue(app, { remote: 'wallets', version: '0.3.0' });
    const visit = await app.inject(
      `/dashboard/wallets?tab=naira&ajo-override=${encodeURIComponent(token)}`,
    );
    expect(visit.statusCode).toBe(303);
    expect(visit.headers.location).toBe('/dashboard/wallets?tab=naira');
    const cookie = visit.cookies.find((c) => c.name === overrideCookie('wallets'))!;
    expect(cookie).toMatchObject({
      value: token,
      httpOnly: true,
      sameSite: 'Lax',
      path: '/',
      maxAge: 3600,
    });

    const pinned = {
      version: '0.3.0',
      manifest: manifest('0.3.0'),
      fallback: { version: '0.1.0', manifest: manifest('0.1.0') },
    };
    // In the rollout (bucket 0) or out of it (99): the override wins.
    expect(await walletsFor(app, { [BUCKET_COOKIE]: '0', [cookie.name]: token })).toEqual(pinned);
    expect(await walletsFor(app, { [BUCKET_COOKIE]: '99', [cookie.name]: token })).toEqual(pinned);
    // Another browser is not affected.
    expect((await walletsFor(app, { [BUCKET_COOKIE]: '99' })).version).toBe('0.1.0');
    expect((await walletsFor(app, { [BUCKET_COOKIE]: '0' })).version).toBe('0.2.0');

    const clear = await app.inject({
      url: '/?ajo-override=clear',
      cookies: { [cookie.name]: token },
    });
    expect(clear.statusCode).toBe(303);
    expect(clear.headers.location).toBe('/');
    const cleared = clear.cookies.find((c) => c.name === cookie.name)!;
    expect(cleared.value).toBe('');
    expect(cleared.expires!.getTime()).toBeLessThan(Date.now());
  });

  it('ignores a tampered, a re-signed or an expired token, as a link or as a cookie', async () => {
    const app = await startApp();
    const { token } = await issue(app, { remote: 'wallets', version: '0.3.0', minutes: 60 });
    const [remote, , expires, signature] = token.split('~');
    const flipped = `${signature.slice(0, -2)}${signature.at(-2) === 'A' ? 'B' : 'A'}${signature.at(-1)}`;
    const forged = [
      `${remote}~0.2.0~${expires}~${signature}`, // another version under the same signature
      `${remote}~0.3.0~${Number(expires) + 86_400}~${signature}`, // a later expiry
      `${remote}~0.3.0~${expires}~${flipped}`, // a changed signature
      `${remote}~0.3.0~${expires}~`, // none
      `settings~0.3.0~${expires}~${signature}`, // another remote
    ];
    for (const bad of forged) {
      const visit = await app.inject(`/?ajo-override=${encodeURIComponent(bad)}`);
      expect([
        bad,
        visit.statusCode,
        visit.cookies.filter((c) => c.name.startsWith('ajo-override')),
      ]).toEqual([bad, 303, []]);
      const wallets = await walletsFor(app, {
        [BUCKET_COOKIE]: '5',
        [overrideCookie('wallets')]: bad,
      });
      expect([bad, wallets.version]).toEqual([bad, '0.1.0']);
    }
    // Signed with another key (another registry or REGISTRY_OVERRIDE_SECRET): not ours.
    const other = await startApp({ overrideSecret: 'another-deployment-secret-0123456789abcdef' });
    const elsewhere = await issue(other, { remote: 'wallets', version: '0.3.0' });
    expect((await walletsFor(app, { [overrideCookie('wallets')]: elsewhere.token })).version).toBe(
      '0.1.0',
    );

    // Valid now; one minute past its expiry it is ignored.
    expect((await walletsFor(app, { [overrideCookie('wallets')]: token })).version).toBe('0.3.0');
    world.clock = NOW + 59 * 60_000;
    expect((await walletsFor(app, { [overrideCookie('wallets')]: token })).version).toBe('0.3.0');
    world.clock = NOW + 61 * 60_000;
    expect((await walletsFor(app, { [overrideCookie('wallets')]: token })).version).toBe('0.1.0');
    const late = await app.inject(`/?ajo-override=${encodeURIComponent(token)}`);
    expect(late.cookies.filter((c) => c.name.startsWith('ajo-override'))).toEqual([]);
  });

  it('every app server of the registry checks the tokens any of them issued, the operator server on its own port too (the key is in the database)', async () => {
    const [a, b] = [await startApp(), await startApp()];
    const { token } = await issue(a, { remote: 'wallets', version: '0.2.0' });
    expect((await walletsFor(b, { [overrideCookie('wallets')]: token })).version).toBe('0.2.0');
    const operatorServer = await buildOperatorApp({
      deployDir: world.deployDir,
      operators: [{ name: 'ada', token: TOKEN }],
      now: () => world.clock,
    });
    world.apps.push(operatorServer);
    const fromThere = await issue(operatorServer, { remote: 'wallets', version: '0.3.0' });
    expect((await walletsFor(b, { [overrideCookie('wallets')]: fromThere.token })).version).toBe(
      '0.3.0',
    );
  });

  it('ignores the unsigned form in production; in development it pins a published version', async () => {
    const production = await startApp();
    const unsigned = await production.inject('/?ajo-override=wallets@0.3.0');
    expect(unsigned.statusCode).toBe(303);
    expect(unsigned.cookies.filter((c) => c.name.startsWith('ajo-override'))).toEqual([]);
    expect(
      (await walletsFor(production, { [overrideCookie('wallets')]: 'wallets@0.3.0' })).version,
    ).toBe('0.1.0');

    const development = await startApp({ production: false });
    const visit = await development.inject('/?ajo-override=wallets@0.3.0');
    const cookie = visit.cookies.find((c) => c.name === overrideCookie('wallets'))!;
    expect(cookie).toMatchObject({ value: 'wallets@0.3.0', httpOnly: true });
    expect((await walletsFor(development, { [cookie.name]: cookie.value })).version).toBe('0.3.0');
    // Not a published version, or not a remote: ignored there too.
    for (const value of ['wallets@9.9.9', '__proto__@0.3.0']) {
      expect((await walletsFor(development, { [cookie.name]: value })).version).toBe('0.1.0');
    }
  });

  it('redirects only to a path of this site', async () => {
    const app = await startApp();
    for (const url of [
      '/.//evil.example/x?ajo-override=clear',
      '//evil.example?ajo-override=clear',
    ]) {
      const res = await app.inject(url);
      expect([url, res.statusCode, String(res.headers.location).startsWith('//')]).toEqual([
        url,
        303,
        false,
      ]);
    }
    // The API, the remotes' files and the operator API are left alone.
    expect(
      (await app.inject('/remotes/wallets/0.1.0/mf-manifest.json?ajo-override=clear')).statusCode,
    ).toBe(200);
  });

  it('redirects only to a path of this site when the raw path resolves to one starting with //', async () => {
    // Over a real socket: the request line keeps its dot segments ('/x/..//evil.example/y'),
    // which URL parsing resolves to the path '//evil.example/y' (in-process injection would
    // have normalised them before the app saw them).
    const app = await startApp();
    const address = await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = new URL(address);
    const location = await new Promise<string | undefined>((resolve, reject) => {
      const req = request(
        { host: '127.0.0.1', port, path: '/x/..//evil.example/y?ajo-override=clear' },
        (res) => {
          res.resume();
          resolve(res.headers.location);
        },
      );
      req.on('error', reject);
      req.end();
    });
    expect(location).toBe('/evil.example/y');
  });
});
