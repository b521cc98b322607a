/** @jest-environment node */
// The operator API on the app server: tokens, the console, the mount check, changes over HTTP,
// operators named in the history, compare-and-swap.
import { buildOperatorApp, CONSOLE_CSP, parseOperators } from './operator/index.js';

import { app, appServerHooks, deployDir, start } from './app-test-support.js';
import type { FastifyInstance } from 'fastify';
import type { HistoryEntry } from './registry/index.js';

appServerHooks();

describe('app server', () => {
  it('disables the operator endpoint without REGISTRY_ADMIN_TOKEN and says so', async () => {
    await start(undefined);
    const res = await app.inject('/_operator/registry');
    expect(res.statusCode).toBe(503);
    expect(res.json().message).toMatch(/REGISTRY_ADMIN_TOKEN/);
  });

  it('requires the bearer token on the operator endpoint', async () => {
    await start('admin-token');
    expect((await app.inject('/_operator/registry')).statusCode).toBe(401);
    const wrong = await app.inject({
      url: '/_operator/registry',
      headers: { authorization: 'Bearer nope' },
    });
    expect(wrong.statusCode).toBe(401);
    const ok = await app.inject({
      url: '/_operator/registry',
      headers: { authorization: 'Bearer admin-token' },
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().state.remotes.wallets.active).toBe('0.1.0');
  });

  it('serves the operator console without a token, its data only with one, under a strict CSP', async () => {
    await start('admin-token');
    const page = await app.inject('/_operator/console');
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.headers['content-security-policy']).toBe(CONSOLE_CSP);
    expect(page.headers['content-security-policy']).toMatch(/script-src 'self';/);
    expect(page.headers['x-frame-options']).toBe('DENY');
    // Its own script and style, no inline script (the CSP would refuse it), no customer bundle.
    expect(page.body).toContain('<script type="module" src="/_operator/console/console.js">');
    expect(page.body).not.toMatch(/<script(?![^>]*\ssrc=)[^>]*>/);
    expect(page.body).not.toContain('/assets/main.js');
    const script = await app.inject('/_operator/console/console.js');
    expect([script.statusCode, script.headers['content-type']]).toEqual([
      200,
      'text/javascript; charset=utf-8',
    ]);
    // Every module the script imports is served beside it, as a script under the same CSP.
    for (const [, imported] of script.body.matchAll(/^import .* from '\.\/([\w-]+\.js)';$/gm)) {
      const module = await app.inject(`/_operator/console/${imported}`);
      expect([module.statusCode, module.headers['content-type']]).toEqual([
        200,
        'text/javascript; charset=utf-8',
      ]);
      expect(module.headers['content-security-policy']).toBe(CONSOLE_CSP);
    }
    expect(script.body).toContain("from './dom.js';");
    expect((await app.inject('/_operator/console/console.css')).statusCode).toBe(200);
    // Nothing else under the console is there, and the data still needs the token.
    expect((await app.inject('/_operator/console/other.js')).statusCode).toBe(404);
    expect((await app.inject('/_operator/registry')).statusCode).toBe(401);
    const data = await app.inject({
      url: '/_operator/registry',
      headers: { authorization: 'Bearer admin-token' },
    });
    expect(data.json()).toMatchObject({ operator: 'admin', revision: expect.any(Number) });
  });

  it('runs the mount check it is given before a version goes live, on the site and on the operator server', async () => {
    const mountCheck = jest.fn(async ({ version }) =>
      version === '0.2.0' ? ['mount threw: no wallets'] : [],
    );
    await start('admin-token', { mountCheck });
    const activate = (server: FastifyInstance) =>
      server.inject({
        method: 'PUT',
        url: '/_operator/registry/wallets',
        headers: { authorization: 'Bearer admin-token' },
        payload: { version: '0.2.0' },
      });
    const refused = await activate(app);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(
      'wallets@0.2.0 cannot go live: the mount check failed: mount threw: no wallets (force it with a reason to activate anyway)',
    );
    expect(mountCheck).toHaveBeenCalledWith(
      expect.objectContaining({ name: 'wallets', version: '0.2.0' }),
    );
    const operatorApp = await buildOperatorApp({
      deployDir,
      adminToken: 'admin-token',
      mountCheck,
    });
    try {
      expect((await activate(operatorApp)).statusCode).toBe(409);
    } finally {
      await operatorApp.close();
    }
    expect((await app.inject('/registry.json')).json().remotes.wallets.version).toBe('0.1.0');
  });

  it('switches and rolls back a version over HTTP', async () => {
    await start('admin-token');
    const auth = { authorization: 'Bearer admin-token' };
    const refused = await app.inject({
      method: 'PUT',
      url: '/_operator/registry/wallets',
      headers: auth,
      payload: { version: '0.3.0' },
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toMatch(/not published/);
    const switched = await app.inject({
      method: 'PUT',
      url: '/_operator/registry/wallets',
      headers: auth,
      payload: { version: '0.2.0', reason: 'release 0.2.0' },
    });
    expect(switched.statusCode).toBe(200);
    expect((await app.inject('/registry.json')).json().remotes.wallets.version).toBe('0.2.0');
    const forced = await app.inject({
      method: 'PUT',
      url: '/_operator/registry/wallets',
      headers: auth,
      payload: { version: '0.3.0', force: true, reason: 'served from elsewhere' },
    });
    expect(forced.statusCode).toBe(200);
    // A rollback without a body steps back once, then once more: never back to 0.3.0.
    for (const expected of ['0.2.0', '0.1.0']) {
      const back = await app.inject({
        method: 'POST',
        url: '/_operator/registry/wallets/rollback',
        headers: auth,
      });
      expect(back.json()).toMatchObject({ active: expected });
    }
    const to = await app.inject({
      method: 'POST',
      url: '/_operator/registry/wallets/rollback',
      headers: auth,
      payload: { version: '0.2.0', reason: 'back to the release' },
    });
    expect(to.json()).toMatchObject({ active: '0.2.0', previous: '0.1.0' });
    const history = await app.inject({
      url: '/_operator/registry/history?remote=wallets&limit=5',
      headers: auth,
    });
    expect(
      history
        .json()
        .history.map((h: HistoryEntry) => [h.action, h.operator, h.from, h.to, h.reason]),
    ).toEqual([
      ['rollback', 'admin', '0.1.0', '0.2.0', 'back to the release'],
      ['rollback', 'admin', '0.2.0', '0.1.0', null],
      ['rollback', 'admin', '0.3.0', '0.2.0', null],
      ['force', 'admin', '0.2.0', '0.3.0', 'served from elsewhere (forced past: not published)'],
      ['activate', 'admin', '0.1.0', '0.2.0', 'release 0.2.0'],
    ]);
  });

  it('names every operator by their own token in the history; the old single token is operator admin', async () => {
    await start(undefined, {
      operators: parseOperators({
        REGISTRY_OPERATORS: 'ada:ada-token-0123456789, bola:bola-token-0123456789',
        REGISTRY_ADMIN_TOKEN: 'admin-token',
      }),
    });
    for (const [token, version] of [
      ['ada-token-0123456789', '0.2.0'],
      ['bola-token-0123456789', '0.1.0'],
      ['admin-token', '0.2.0'],
    ]) {
      const res = await app.inject({
        method: 'PUT',
        url: '/_operator/registry/wallets',
        headers: { authorization: `Bearer ${token}` },
        payload: { version },
      });
      expect(res.statusCode).toBe(200);
    }
    const history = await app.inject({
      url: '/_operator/registry/history',
      headers: { authorization: 'Bearer bola-token-0123456789' },
    });
    expect(
      history
        .json()
        .history.slice(0, 3)
        .map((h: HistoryEntry) => h.operator),
    ).toEqual(['admin', 'bola', 'ada']);
    expect(() => parseOperators({ REGISTRY_OPERATORS: 'ada:short' })).toThrow(/16 characters/);
    expect(() =>
      parseOperators({
        REGISTRY_OPERATORS: 'ada:same-token-0123456789,bola:same-token-0123456789',
      }),
    ).toThrow(/share a token/);
    expect(() =>
      parseOperators({ REGISTRY_OPERATORS: 'ada:one-token-0123456789,ada:two-token-0123456789' }),
    ).toThrow(/twice/);
  });

  it('compare-and-swap over HTTP: the ETag is the revision, a stale If-Match is 409 and changes nothing', async () => {
    await start('admin-token');
    const auth = { authorization: 'Bearer admin-token' };
    const read = await app.inject({ url: '/_operator/registry', headers: auth });
    const tag = read.headers.etag;
    expect(tag).toBe(`"${read.json().revision}"`);
    const first = await app.inject({
      method: 'PUT',
      url: '/_operator/registry/wallets',
      headers: { ...auth, 'if-match': tag },
      payload: { version: '0.2.0' },
    });
    expect(first.statusCode).toBe(200);
    expect(first.headers.etag).toBe(`"${read.json().revision + 1}"`);
    const stale = await app.inject({
      method: 'POST',
      url: '/_operator/registry/wallets/rollback',
      headers: { ...auth, 'if-match': tag },
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().message).toMatch(/registry changed/);
    const after = await app.inject({ url: '/_operator/registry', headers: auth });
    expect(after.headers.etag).toBe(first.headers.etag);
    expect(after.json().state.remotes.wallets.active).toBe('0.2.0');
    const garbled = await app.inject({
      method: 'PUT',
      url: '/_operator/registry/wallets',
      headers: { ...auth, 'if-match': 'yesterday' },
      payload: { version: '0.1.0' },
    });
    expect(garbled.statusCode).toBe(400);
    expect(garbled.json().message).toMatch(/If-Match/);
  });
});
