/** @jest-environment node */
/* global describe, it, expect, beforeEach, afterEach */
// Gradual rollout and testers' signed overrides, end to end on the app server (in-process):
// docs/decisions/021-rollout-and-overrides.md.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from './app.js';
import { buildOperatorApp } from './operator/index.js';
import { BUCKET_COOKIE, overrideCookie, resolveForBrowser } from './registry-per-browser.js';
import { createRegistryStore } from './registry/index.js';
import { writeBuild } from './registry-test-support.js';

const TOKEN = 'operator-token-0123456789';
const auth = { authorization: `Bearer ${TOKEN}` };
const NOW = Date.parse('2026-11-23T12:00:00Z');
const manifest = (v) => `/remotes/wallets/${v}/mf-manifest.json`;

let tmp;
let deployDir;
let distDir;
let apps;
let clock;

async function startApp(options = {}) {
  const app = await buildApp({
    distDir,
    deployDir,
    appConfig: { apiBaseUrl: '/api', encryptionSecret: 'secret-123', bankName: 'Test Bank' },
    operators: [{ name: 'ada', token: TOKEN }],
    middlewareUrl: 'http://127.0.0.1:9',
    production: true,
    now: () => clock,
    ...options,
  });
  apps.push(app);
  return app;
}

beforeEach(async () => {
  clock = NOW;
  apps = [];
  tmp = mkdtempSync(path.join(os.tmpdir(), 'ajo-per-browser-'));
  distDir = path.join(tmp, 'dist');
  mkdirSync(distDir, { recursive: true });
  writeFileSync(path.join(distDir, 'index.html'), '<html><head></head><body></body></html>');
  deployDir = path.join(tmp, 'deploy');
  const setup = createRegistryStore(deployDir);
  for (const version of ['0.1.0', '0.2.0', '0.3.0']) {
    const build = path.join(tmp, 'builds', version);
    writeBuild(build, { name: 'wallets', version });
    await setup.publishFolder('wallets', build, version, { operator: 'setup' });
  }
  await setup.activate('wallets', '0.1.0', { operator: 'setup' });
  await setup.close();
});

afterEach(async () => {
  for (const app of apps) await app.close();
  rmSync(tmp, { recursive: true, force: true });
});

/** /registry.json as a browser holding `cookies` gets it. */
async function registryFor(app, cookies = {}) {
  const res = await app.inject({ url: '/registry.json', cookies });
  expect(res.statusCode).toBe(200);
  return res;
}
const walletsFor = async (app, cookies) => (await registryFor(app, cookies)).json().remotes.wallets;

async function operator(app, method, url, payload, headers = {}) {
  return app.inject({ method, url, headers: { ...auth, ...headers }, payload });
}

async function rollOut(app, version, percent) {
  const res = await operator(app, 'PUT', '/_operator/registry/wallets/rollout', {
    version,
    percent,
  });
  expect(res.statusCode).toBe(200);
  return res;
}

async function issue(app, payload) {
  const res = await operator(app, 'POST', '/_operator/overrides', payload);
  expect(res.statusCode).toBe(201);
  return res.json();
}

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
      const cookie = res.cookies.find((c) => c.name === BUCKET_COOKIE);
      expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
      expect(cookie.value).toMatch(/^\d{1,2}$/);
      expect(cookie.maxAge).toBeGreaterThanOrEqual(365 * 24 * 60 * 60);
      expect(cookie.secure).toBeUndefined();
    }
    // A browser that has one keeps it.
    const again = await registryFor(app, { [BUCKET_COOKIE]: '42' });
    expect(again.cookies.find((c) => c.name === BUCKET_COOKIE)).toBeUndefined();
    // Behind HTTPS (the proxy says so) the cookie is Secure.
    const behindTls = await startApp({ trustProxy: '127.0.0.1' });
    const secure = await behindTls.inject({ url: '/', headers: { 'x-forwarded-proto': 'https' } });
    expect(secure.cookies.find((c) => c.name === BUCKET_COOKIE).secure).toBe(true);
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
    expect(odd.cookies.find((c) => c.name === BUCKET_COOKIE).value).toMatch(/^\d{1,2}$/);
  });

  it('a browser keeps its side of the rollout across requests, and 500 fresh browsers split roughly by the percentage', async () => {
    const app = await startApp();
    await rollOut(app, '0.2.0', 30);
    let rolledOut = 0;
    const buckets = new Set();
    for (let i = 0; i < 500; i += 1) {
      const first = await registryFor(app);
      const bucket = first.cookies.find((c) => c.name === BUCKET_COOKIE).value;
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
    const tag = read.headers.etag;
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
        'if-match': started.headers.etag,
      },
    );
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json()).toMatchObject({ active: '0.1.0', rollout: null });
    expect((await walletsFor(app, { [BUCKET_COOKIE]: '0' })).version).toBe('0.1.0');
    const history = (
      await operator(app, 'GET', '/_operator/registry/history?remote=wallets&limit=2')
    ).json().history;
    expect(history.map((h) => [h.action, h.operator, h.from, h.to, h.reason, h.detail])).toEqual([
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
    const cases = [
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
      const res = await operator(app, method, '/_operator/registry/__proto__/rollout', {
        version: '0.2.0',
        percent: 10,
      });
      expect([method, res.statusCode]).toEqual([method, 404]);
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
      [{ remote: 'constructor', version: '0.2.0' }, 404],
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
    const cookie = visit.cookies.find((c) => c.name === overrideCookie('wallets'));
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
    const cleared = clear.cookies.find((c) => c.name === cookie.name);
    expect(cleared.value).toBe('');
    expect(cleared.expires.getTime()).toBeLessThan(Date.now());
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
    clock = NOW + 59 * 60_000;
    expect((await walletsFor(app, { [overrideCookie('wallets')]: token })).version).toBe('0.3.0');
    clock = NOW + 61 * 60_000;
    expect((await walletsFor(app, { [overrideCookie('wallets')]: token })).version).toBe('0.1.0');
    const late = await app.inject(`/?ajo-override=${encodeURIComponent(token)}`);
    expect(late.cookies.filter((c) => c.name.startsWith('ajo-override'))).toEqual([]);
  });

  it('every app server of the registry checks the tokens any of them issued, the operator server on its own port too (the key is in the database)', async () => {
    const [a, b] = [await startApp(), await startApp()];
    const { token } = await issue(a, { remote: 'wallets', version: '0.2.0' });
    expect((await walletsFor(b, { [overrideCookie('wallets')]: token })).version).toBe('0.2.0');
    const operatorServer = await buildOperatorApp({
      deployDir,
      operators: [{ name: 'ada', token: TOKEN }],
      now: () => clock,
    });
    apps.push(operatorServer);
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
    const cookie = visit.cookies.find((c) => c.name === overrideCookie('wallets'));
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
      expect([url, res.statusCode, res.headers.location.startsWith('//')]).toEqual([
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
});
