/** @jest-environment node */
// Tokens carry a role and the remotes it covers (operator/operators.ts): a publisher uploads its
// remotes' versions, an operator changes its remotes, an admin does anything. A refusal is 403 with
// the reason and changes nothing; the history names who made each change.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import * as tar from 'tar';
import { parseOperators } from './operator/index.js';
import { app, appServerHooks, start, tmp } from './app-test-support.js';
import { writeBuild } from './registry-test-support.js';
import type { HistoryEntry } from './registry/index.js';

appServerHooks();
// The first upload starts the child process that prepares uploads (a second or more when busy).
jest.setTimeout(30_000);

const TOKENS = {
  root: 'root-token-0123456789',
  ci: 'ci-token-0123456789',
  ada: 'ada-token-0123456789',
  bola: 'bola-token-0123456789',
};
const as = (who: keyof typeof TOKENS) => ({ authorization: `Bearer ${TOKENS[who]}` });

async function startWithRoles() {
  await start(undefined, {
    operators: parseOperators({
      REGISTRY_OPERATORS: [
        `root:${TOKENS.root}`,
        `ci-wallets/publisher=wallets:${TOKENS.ci}`,
        `ada/operator=wallets:${TOKENS.ada}`,
        `bola/operator=payments+settings:${TOKENS.bola}`,
      ].join(','),
    }),
  });
}

function packBuild(name: string, version: string) {
  const build = path.join(tmp, 'up', name, version);
  writeBuild(build, { name, version });
  const file = path.join(tmp, `${name}-${version}.tgz`);
  tar.c({ gzip: true, cwd: build, sync: true, file }, ['.']);
  return readFileSync(file);
}

const upload = (who: keyof typeof TOKENS, remote: string, version: string, query = '') =>
  app.inject({
    method: 'PUT',
    url: `/_operator/registry/${remote}/versions/${version}${query}`,
    headers: { ...as(who), 'content-type': 'application/gzip' },
    payload: packBuild(remote.replace(/^mfe-/, ''), version),
  });

async function snapshot() {
  const res = await app.inject({ url: '/_operator/registry', headers: as('root') });
  const history = await app.inject({ url: '/_operator/registry/history', headers: as('root') });
  return { revision: res.json().revision, state: res.json().state, history: history.json().history };
}

describe('operator roles', () => {
  it("refuses a wallets pipeline token forcing payments (403, the reason, nothing changes)", async () => {
    await startWithRoles();
    // Payments exists: the admin published it.
    expect((await upload('root', 'payments', '0.1.0', '?new-remote=1')).statusCode).toBe(201);
    const before = await snapshot();
    const forced = await app.inject({
      method: 'PUT',
      url: '/_operator/registry/payments',
      headers: as('ci'),
      payload: { version: '9.9.9', force: true, reason: 'pipeline' },
    });
    expect(forced.statusCode).toBe(403);
    expect(forced.json().message).toBe(
      'ci-wallets (publisher of wallets) may not change payments: ask an operator of payments or an admin',
    );
    // Its own remote's live version is not its to change either, forced or not.
    for (const payload of [{ version: '0.2.0' }, { version: '9.9.9', force: true, reason: 'x' }]) {
      const own = await app.inject({
        method: 'PUT',
        url: '/_operator/registry/wallets',
        headers: as('ci'),
        payload,
      });
      expect(own.statusCode).toBe(403);
      expect(own.json().message).toMatch(/^ci-wallets \(publisher of wallets\) may not change what is live of wallets/);
    }
    for (const [method, url, payload] of [
      ['POST', '/_operator/registry/wallets/rollback', {}],
      ['PUT', '/_operator/registry/wallets/rollout', { version: '0.2.0', percent: 10 }],
      ['DELETE', '/_operator/registry/wallets/rollout', {}],
      ['POST', '/_operator/overrides', { remote: 'wallets', version: '0.2.0' }],
    ] as const) {
      const res = await app.inject({ method, url, headers: as('ci'), payload });
      expect([url, res.statusCode]).toEqual([url, 403]);
    }
    expect(await snapshot()).toEqual(before);
  });

  it('lets a publisher upload its own remote only, under any of its names, never taking paths', async () => {
    await startWithRoles();
    const before = await snapshot();
    const other = await upload('ci', 'payments', '0.1.0', '?new-remote=1');
    expect([other.statusCode, other.json().message]).toEqual([
      403,
      'ci-wallets (publisher of wallets) may not publish payments: ask an operator of payments or an admin',
    ]);
    const wins = await upload('ci', 'wallets', '0.3.0', '?wins=1');
    expect([wins.statusCode, wins.json().message]).toEqual([
      403,
      "ci-wallets (publisher of wallets) may not let wallets take another remote's paths (wins): ask an admin",
    ]);
    expect(await snapshot()).toEqual(before);
    expect((await upload('ci', 'mfe-wallets', '0.3.0')).statusCode).toBe(201);
    const { history } = await snapshot();
    expect(history[0]).toMatchObject({ action: 'publish', operator: 'ci-wallets', to: '0.3.0' });
  });

  it('lets an operator change its remotes (forcing too) and no other; an admin changes any', async () => {
    await startWithRoles();
    expect((await upload('root', 'payments', '0.1.0', '?new-remote=1')).statusCode).toBe(201);
    const change = (who: keyof typeof TOKENS, remote: string, payload: object) =>
      app.inject({ method: 'PUT', url: `/_operator/registry/${remote}`, headers: as(who), payload });

    expect((await change('ada', 'wallets', { version: '0.2.0' })).statusCode).toBe(200);
    expect(
      (await change('ada', 'wallets', { version: '9.9.9', force: true, reason: 'hotfix' }))
        .statusCode,
    ).toBe(200);
    const before = await snapshot();
    const theirs = await change('ada', 'payments', { version: '0.1.0' });
    expect([theirs.statusCode, theirs.json().message]).toEqual([
      403,
      'ada (operator of wallets) may not change payments: ask an operator of payments or an admin',
    ]);
    const override = await app.inject({
      method: 'POST',
      url: '/_operator/overrides',
      headers: as('ada'),
      payload: { remote: 'payments', version: '0.1.0' },
    });
    expect(override.statusCode).toBe(403);
    const wins = await change('ada', 'wallets', { version: '0.1.0', wins: true });
    expect(wins.json().message).toMatch(/may not let wallets take another remote's paths \(wins\): ask an admin$/);
    expect(await snapshot()).toEqual(before);

    expect((await change('bola', 'payments', { version: '0.1.0' })).statusCode).toBe(200);
    expect((await upload('bola', 'payments', '0.2.0')).statusCode).toBe(201);
    expect((await change('root', 'wallets', { version: '0.1.0' })).statusCode).toBe(200);
    const { history } = await snapshot();
    expect(history.slice(0, 6).map((h: HistoryEntry) => [h.operator, h.action, h.remote, h.to])).toEqual([
      ['root', 'activate', 'wallets', '0.1.0'],
      ['bola', 'publish', 'payments', '0.2.0'],
      ['bola', 'activate', 'payments', '0.1.0'],
      ['ada', 'force', 'wallets', '9.9.9'],
      ['ada', 'activate', 'wallets', '0.2.0'],
      ['root', 'publish', 'payments', '0.1.0'],
    ]);
    // Everyone reads, and learns their own access.
    const read = await app.inject({ url: '/_operator/registry', headers: as('bola') });
    expect(read.json().access).toEqual({ role: 'operator', remotes: ['payments', 'settings'] });
  });

  it('reads roles from REGISTRY_OPERATORS; the name:token form is an admin as before', () => {
    expect(
      parseOperators({
        REGISTRY_OPERATORS: 'ada:tok:with:colons-0123, ci/publisher=wallets:ci-token-0123456789, root/admin:root-token-0123456789',
        REGISTRY_ADMIN_TOKEN: 'admin-token',
      }),
    ).toEqual([
      { name: 'ada', role: 'admin', remotes: [], token: 'tok:with:colons-0123' },
      { name: 'ci', role: 'publisher', remotes: ['wallets'], token: 'ci-token-0123456789' },
      { name: 'root', role: 'admin', remotes: [], token: 'root-token-0123456789' },
      { name: 'admin', role: 'admin', remotes: [], token: 'admin-token' },
    ]);
    for (const bad of [
      'ci/publisher:ci-token-0123456789',
      'ci/publisher=:ci-token-0123456789',
      'ci/boss=wallets:ci-token-0123456789',
      'ci/admin=wallets:ci-token-0123456789',
      'ci/operator=mfe-wallets:ci-token-0123456789',
      'ci/operator=wallets=x:ci-token-0123456789',
    ]) {
      expect(() => parseOperators({ REGISTRY_OPERATORS: bad })).toThrow(/REGISTRY_OPERATORS/);
    }
  });
});
