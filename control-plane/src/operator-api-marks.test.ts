/** @jest-environment node */
// The operator API: marking a version bad and clearing the mark (docs/decisions/045-...), what
// browsers fall back to then, refusals with {message} that change nothing.
import { app, appServerHooks, deployDir, start } from './app-test-support.js';
import { openTestStore } from './registry-test-support.js';
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

describe('a rollout that stops itself, over HTTP', () => {
  it('takes the stop with the rollout and refuses one that is not a rate and a count', async () => {
    await start('admin-token');
    const rollout = (payload: Record<string, unknown>) =>
      app.inject({
        method: 'PUT',
        url: '/_operator/registry/wallets/rollout',
        headers: auth,
        payload: { version: '0.2.0', percent: 10, ...payload },
      });
    for (const [payload, message] of [
      [{ stopAbove: 'x', minLoads: 10 }, /stopAbove/],
      [{ stopAbove: 20 }, /minimum number of loads/],
      [{ stopAbove: 20, minLoads: 0 }, /minimum number of loads/],
      [{ stopAbove: 2000, minLoads: 10 }, /per 1,000 loads/],
    ] as [Record<string, unknown>, RegExp][]) {
      const res = await rollout(payload);
      expect([res.statusCode, res.json().message]).toEqual([400, expect.stringMatching(message)]);
    }
    const registry = async () =>
      (await app.inject({ url: '/_operator/registry', headers: auth })).json();
    expect((await registry()).state.remotes.wallets.rollout).toBeNull();

    const set = await rollout({ stopAbove: 20, minLoads: 500 });
    expect(set.statusCode).toBe(200);
    const after = await registry();
    expect(after.state.remotes.wallets.rollout).toEqual({
      version: '0.2.0',
      percent: 10,
      stop: { perThousand: 20, minLoads: 500 },
    });
    expect(after.loads).toEqual(expect.any(Array));
  });
});

describe('loads', () => {
  it('are the versions the registry documents gave browsers, written when the app server closes', async () => {
    await start('admin-token');
    for (let i = 0; i < 3; i += 1) {
      expect((await app.inject('/registry.json')).statusCode).toBe(200);
    }
    await app.close();
    const store = openTestStore(deployDir);
    try {
      expect(await store.loads()).toEqual([{ remote: 'wallets', version: '0.1.0', count: 3 }]);
    } finally {
      await store.close();
    }
  });
});
