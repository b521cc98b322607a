/** @jest-environment node */
// The registry on PostgreSQL (REGISTRY_DATABASE_URL): run by `npm run test:pg` with
// TEST_DATABASE_URL (npm test's PostgreSQL phase). Two stores are two connection pools, so their
// changes interleave for real.
import { emptyRegistry } from './registry-pg-test-support.js';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { type RegistryStore } from './registry/index.js';
import { writeBuild, openTestStore } from './registry-test-support.js';

const url = process.env.TEST_DATABASE_URL;
const VERSIONS = Array.from({ length: 60 }, (_, i) => `2.0.${i}`);
let tmp: string;
let stores: RegistryStore[];

function open() {
  const store = openTestStore(path.join(tmp, 'deploy'), { databaseUrl: url });
  stores.push(store);
  return store;
}

async function sql(text: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await client.query(text);
  } finally {
    await client.end();
  }
}

async function publish(store: RegistryStore, version: string) {
  const build = path.join(tmp, 'builds', version);
  writeBuild(build, { name: 'wallets', version });
  return store.publishFolder('wallets', build, version, { operator: 'setup' });
}

beforeAll(() => {
  if (!url) throw new Error('registry-store.pg.test.ts needs TEST_DATABASE_URL');
});

beforeEach(async () => {
  tmp = mkdtempSync(path.join(os.tmpdir(), 'ajo-registry-pg-'));
  stores = [];
  await emptyRegistry(url!);
});

afterEach(async () => {
  for (const store of stores) await store.close();
  rmSync(tmp, { recursive: true, force: true });
});

describe('the registry on PostgreSQL', () => {
  it('concurrent activations through two stores lose none; a stale revision changes nothing', async () => {
    const [a, b] = [open(), open()];
    for (const version of VERSIONS) await publish(a, version);
    expect((await publish(b, VERSIONS[0]!)).published).toBe(false);
    const before = (await a.read()).revision;

    await Promise.all(
      VERSIONS.map((version, i) =>
        (i % 2 ? b : a).activate('wallets', version, { operator: i % 2 ? 'bola' : 'ada' }),
      ),
    );
    const activations = (await b.history({ remote: 'wallets', limit: 1000 }))
      .filter((h) => h.action === 'activate')
      .sort((x, y) => x.revision! - y.revision!);
    expect(activations).toHaveLength(VERSIONS.length);
    activations.forEach((h, i) => expect(h.from).toBe(i ? activations[i - 1]!.to : null));
    const after = await a.read();
    expect(after.revision).toBe(before + VERSIONS.length);
    expect(after.remotes.wallets?.active).toBe(activations.at(-1)?.to);

    await expect(
      b.rollback('wallets', { operator: 'bola', ifRevision: before }),
    ).rejects.toMatchObject({ statusCode: 409 });
    expect((await a.read()).revision).toBe(after.revision);
    expect(await a.rollback('wallets', { operator: 'ada' })).toMatchObject({
      active: activations.at(-2)?.to,
    });
  }, 60_000);

  it('rollouts: concurrent changes through two stores are all recorded, a stale revision is 409, the override key is shared', async () => {
    const [a, b] = [open(), open()];
    for (const version of ['2.0.0', '2.0.1']) await publish(a, version);
    await a.activate('wallets', '2.0.0', { operator: 'ada' });
    const before = (await a.read()).revision;
    const percents = Array.from({ length: 20 }, (_, i) => i + 1);
    await Promise.all(
      percents.map((percent, i) =>
        (i % 2 ? b : a).rollout('wallets', '2.0.1', percent, { operator: 'ada' }),
      ),
    );
    const rollouts = (await a.history({ remote: 'wallets', limit: 100 })).filter(
      (h) => h.action === 'rollout',
    );
    expect(rollouts).toHaveLength(percents.length);
    expect((await a.read()).revision).toBe(before + percents.length);
    const { percent } = (await b.read()).remotes.wallets!.rollout!;
    expect(percents).toContain(percent);

    const seen = (await a.read()).revision;
    await b.cancelRollout('wallets', { operator: 'bola', ifRevision: seen });
    await expect(
      a.rollout('wallets', '2.0.1', 50, { operator: 'ada', ifRevision: seen }),
    ).rejects.toMatchObject({ statusCode: 409 });
    expect((await a.read()).remotes.wallets).toMatchObject({ active: '2.0.0', rollout: null });
    expect((await a.history({ limit: 1 }))[0]).toMatchObject({
      action: 'rollout-cancel',
      operator: 'bola',
      detail: expect.stringMatching(/^ended the rollout of 2\.0\.1 to \d+% of browsers$/),
    });
    const key = await a.overrideSecret();
    expect(await b.overrideSecret()).toBe(key);
  }, 60_000);

  it('keeps the history append-only and serves the last good registry while the state is invalid, until repaired', async () => {
    const store = open();
    await publish(store, '2.0.1');
    await store.activate('wallets', '2.0.1', { operator: 'ada' });
    const good = await store.document();
    await expect(sql("UPDATE registry_history SET operator = 'x'")).rejects.toThrow(/append-only/);
    await expect(sql('DELETE FROM registry_versions')).rejects.toThrow(/append-only/);

    await sql("UPDATE registry_revision SET state = '{not json'");
    const fresh = open();
    expect(await fresh.document()).toEqual(good);
    await expect(fresh.activate('wallets', '2.0.1', { operator: 'ada' })).rejects.toMatchObject({
      statusCode: 503,
    });
    expect(await fresh.repair({ operator: 'ada' })).toMatchObject({ repaired: true });
    expect(await fresh.document()).toEqual(good);
    const [repair] = await fresh.history();
    expect(repair).toMatchObject({ action: 'repair', operator: 'ada' });
  }, 60_000);

  it('counts failures browsers report through two stores without losing one, for published versions only; the fallback is the last good version', async () => {
    const [a, b] = [open(), open()];
    for (const version of ['2.0.1', '2.0.2']) {
      await publish(a, version);
      await a.activate('wallets', version, { operator: 'ada' });
    }
    expect((await b.document()).remotes.wallets?.fallback).toEqual({
      version: '2.0.1',
      manifest: '/remotes/wallets/2.0.1/mf-manifest.json',
    });
    await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        (i % 2 ? b : a).countFailure({
          remote: 'wallets',
          version: '2.0.2',
          phase: 'mount',
          message: `failure ${i}`,
        }),
      ),
    );
    await expect(
      a.countFailure({ remote: 'wallets', version: '9.9.9', phase: 'load' }),
    ).rejects.toMatchObject({ statusCode: 400 });
    expect(await b.failures()).toEqual([
      {
        remote: 'wallets',
        version: '2.0.2',
        count: 40,
        lastAt: expect.any(String),
        lastMessage: expect.stringMatching(/^mount: failure \d+$/),
      },
    ]);
  }, 60_000);
});
