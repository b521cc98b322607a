/** @jest-environment node */
// A size budget per remote, checked at publish (registry/publishing.ts): a version over it is
// refused (413, both sizes) unless forced with a reason, which the history keeps.
import { readFileSync, writeFileSync, existsSync } from 'node:fs';
import path from 'node:path';
import * as tar from 'tar';
import { parseOperators } from './operator/index.js';
import { parseVersionBudget, DEFAULT_VERSION_BUDGET } from './registry/publishing.js';
import { app, appServerHooks, deployDir, start, tmp } from './app-test-support.js';
import { writeBuild } from './registry-test-support.js';

appServerHooks();
jest.setTimeout(30_000);

const ROOT = { authorization: 'Bearer root-token-0123456789' };
const CI = { authorization: 'Bearer ci-token-0123456789' };

describe('the size budget per remote', () => {
  const saved = process.env.REGISTRY_MAX_VERSION_BYTES;
  afterEach(() => {
    if (saved === undefined) delete process.env.REGISTRY_MAX_VERSION_BYTES;
    else process.env.REGISTRY_MAX_VERSION_BYTES = saved;
  });

  it('refuses an upload over its remote budget with both sizes, unless forced with a reason', async () => {
    process.env.REGISTRY_MAX_VERSION_BYTES = 'wallets=20000,*=1000000';
    await start(undefined, {
      operators: parseOperators({
        REGISTRY_OPERATORS: `root:root-token-0123456789,ci/publisher=wallets:ci-token-0123456789`,
      }),
    });
    const build = path.join(tmp, 'big', 'dist');
    writeBuild(build, { name: 'wallets', version: '0.3.0' });
    writeFileSync(path.join(build, 'chunks', 'big.js'), 'x'.repeat(25_000));
    const file = path.join(tmp, 'big.tgz');
    tar.c({ gzip: true, cwd: build, sync: true, file }, ['.']);
    const upload = (query: string, headers = ROOT) =>
      app.inject({
        method: 'PUT',
        url: `/_operator/registry/wallets/versions/0.3.0${query}`,
        headers: { ...headers, 'content-type': 'application/gzip' },
        payload: readFileSync(file),
      });
    const history = async () =>
      (await app.inject({ url: '/_operator/registry/history', headers: ROOT })).json().history;
    const before = await history();

    const refused = await upload('');
    expect(refused.statusCode).toBe(413);
    expect(refused.json().message).toMatch(
      /^wallets@0\.3\.0 is 0\.0 MiB \((2\d{4}) bytes\), over the wallets budget of 0\.0 MiB \(20000 bytes\): make the build smaller, or publish it with force and a reason/,
    );
    // A force without a reason, or by a token that may only publish, changes nothing either.
    expect((await upload('?force=1')).statusCode).toBe(400);
    expect((await upload('?force=1&reason=big', CI)).statusCode).toBe(403);
    expect(await history()).toEqual(before);
    expect(existsSync(path.join(deployDir, 'remotes', 'wallets', '0.3.0'))).toBe(false);

    const forced = await upload('?force=1&reason=the%20maps%20ship%20inline');
    expect(forced.statusCode).toBe(201);
    const [entry] = await history();
    expect(entry).toMatchObject({ action: 'publish', operator: 'root', to: '0.3.0' });
    expect(entry.reason).toMatch(
      /^the maps ship inline \(forced past: wallets@0\.3\.0 is 0\.0 MiB \(2\d{4} bytes\), over the wallets budget of 0\.0 MiB \(20000 bytes\)\)$/,
    );
    // The same content again is the no-op it always was, forced or not.
    const again = await upload('');
    expect([again.statusCode, again.json().published]).toEqual([200, false]);
  });

  it('reads REGISTRY_MAX_VERSION_BYTES: one figure, per remote with a default, 15 MiB unset', () => {
    expect(parseVersionBudget(undefined)('wallets')).toBe(DEFAULT_VERSION_BUDGET);
    expect(DEFAULT_VERSION_BUDGET).toBe(15 * 1024 * 1024);
    expect(parseVersionBudget('20000000')('payments')).toBe(20_000_000);
    const each = parseVersionBudget('wallets=300, *=900');
    expect([each('wallets'), each('payments')]).toEqual([300, 900]);
    expect(parseVersionBudget('wallets=300')('payments')).toBe(DEFAULT_VERSION_BUDGET);
    for (const bad of ['0', '-1', '1.5', 'wallets=', 'Wallets=3', 'wallets=3=4', 'lots']) {
      expect(() => parseVersionBudget(bad)).toThrow(/REGISTRY_MAX_VERSION_BYTES/);
    }
  });
});
