/** @jest-environment node */
// The operator API: marking a version bad and clearing the mark (docs/decisions/045-...), what
// browsers fall back to then, refusals with {message} that change nothing.
import { app, appServerHooks, start } from './app-test-support.js';
import type { HistoryEntry } from './registry/index.js';

appServerHooks();

const auth = { authorization: 'Bearer admin-token' };
const mark = (method: 'POST' | 'DELETE', payload: unknown, remote = 'wallets') =>
  app.inject({
    method,
    url: `/_operator/registry/${remote}/bad`,
    headers: auth,
    payload: payload as Record<string, unknown>,
  });
const fallback = async () =>
  (await app.inject('/registry.json')).json().remotes.wallets.fallback?.version ?? null;

describe('marking a version bad over HTTP', () => {
  it('takes it out of the browsers’ fallback until cleared, naming the operator', async () => {
    await start('admin-token');
    await app.inject({
      method: 'PUT',
      url: '/_operator/registry/wallets',
      headers: auth,
      payload: { version: '0.2.0' },
    });
    expect(await fallback()).toBe('0.1.0');

    const marked = await mark('POST', { version: '0.1.0', reason: 'empty dashboard' });
    expect(marked.statusCode).toBe(200);
    expect(marked.headers.etag).toBe(`"${marked.json().revision}"`);
    expect(await fallback()).toBeNull();
    const registry = await app.inject({ url: '/_operator/registry', headers: auth });
    expect(registry.json().state.remotes.wallets.bad).toEqual({
      '0.1.0': 'marked bad: empty dashboard',
    });
    // One step back has nowhere to go now.
    const back = await app.inject({
      method: 'POST',
      url: '/_operator/registry/wallets/rollback',
      headers: auth,
    });
    expect(back.statusCode).toBe(409);
    expect(back.json().message).toMatch(/no earlier version/);

    const cleared = await mark('DELETE', { version: '0.1.0', reason: 'it was the API' });
    expect(cleared.statusCode).toBe(200);
    expect(await fallback()).toBe('0.1.0');
    const history = await app.inject({
      url: '/_operator/registry/history?remote=wallets&limit=2',
      headers: auth,
    });
    expect(
      history.json().history.map((h: HistoryEntry) => [h.action, h.operator, h.to, h.reason]),
    ).toEqual([
      ['unmark-bad', 'admin', '0.1.0', 'it was the API'],
      ['mark-bad', 'admin', '0.1.0', 'empty dashboard'],
    ]);
  });

  it('answers bad input with a message and changes nothing', async () => {
    await start('admin-token');
    const before = (await app.inject({ url: '/_operator/registry', headers: auth })).json()
      .revision;
    const cases: ['POST' | 'DELETE', unknown, string, number, RegExp][] = [
      ['POST', { version: '0.1.0' }, 'wallets', 400, /needs a reason/],
      ['POST', { reason: 'x' }, 'wallets', 400, /version/],
      ['POST', { version: 7, reason: 'x' }, 'wallets', 400, /version/],
      ['POST', { version: '9.9.9', reason: 'x' }, 'wallets', 404, /not a published version/],
      ['DELETE', { version: '../x' }, 'wallets', 400, /Invalid version/],
      ['DELETE', { version: '0.1.0' }, '__proto__', 400, /Invalid remote name/],
      ['POST', { version: '0.1.0', reason: 'x'.repeat(501) }, 'wallets', 400, /reason/],
    ];
    for (const [method, payload, remote, status, message] of cases) {
      const res = await mark(method, payload, remote);
      expect([res.statusCode, res.json().message]).toEqual([
        status,
        expect.stringMatching(message),
      ]);
    }
    const unauthorised = await app.inject({
      method: 'POST',
      url: '/_operator/registry/wallets/bad',
      payload: { version: '0.1.0', reason: 'x' },
    });
    expect(unauthorised.statusCode).toBe(401);
    const after = (await app.inject({ url: '/_operator/registry', headers: auth })).json().revision;
    expect(after).toBe(before);
  });
});
