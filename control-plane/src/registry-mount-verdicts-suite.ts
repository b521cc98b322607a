// A version's mount-check verdict is kept in the registry database and one check runs per version
// at a time (going-live.ts): many activations at once wait for one check, and another app server
// of the same registry does not mount a version that passed again. Run by
// registry-mount-verdicts.test.ts (SQLite) and registry-mount-verdicts.pg.test.ts (PostgreSQL).
import path from 'node:path';
import type { MountCheck, RegistryStore } from './registry/index.js';
import { writeBuild } from './registry-test-support.js';

export function mountVerdictSuite(o: {
  open: (mountCheck: MountCheck) => RegistryStore;
  tmp: () => string;
}) {
  /** A mount check that answers when told to, counting its runs. */
  function heldCheck(problems: (version: string) => string[] = () => []) {
    let release: () => void = () => undefined;
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    const check = jest.fn<Promise<string[]>, Parameters<MountCheck>>(async ({ version }) => {
      await released;
      return problems(version);
    });
    return { check, release };
  }

  async function publish(store: RegistryStore, versions: string[]) {
    for (const version of versions) {
      const build = path.join(o.tmp(), 'builds', version);
      writeBuild(build, { name: 'wallets', version });
      await store.publishFolder('wallets', build, version, { operator: 'setup' });
    }
  }

  it('runs one check for many activations of a version at once; every one of them goes live', async () => {
    const { check, release } = heldCheck();
    const store = o.open(check);
    await publish(store, ['0.1.0', '0.2.0']);
    const activations = Array.from({ length: 20 }, (_, i) =>
      store.activate('wallets', i % 2 ? '0.1.0' : '0.2.0', { operator: `op${i}` }),
    );
    // Every activation has asked for its check before the one check per version answers.
    await new Promise((resolve) => setImmediate(resolve));
    await new Promise((resolve) => setImmediate(resolve));
    release();
    const results = await Promise.all(activations);
    expect(results).toHaveLength(20);
    expect(check.mock.calls.map(([c]) => c.version).sort()).toEqual(['0.1.0', '0.2.0']);
    // None was refused (an activation of what is already live changes nothing and is not recorded).
    expect(results.every((r) => Number.isInteger(r.revision))).toBe(true);
    const history = await store.history({ remote: 'wallets', limit: 100 });
    expect(history.filter((h) => h.action === 'activate').length).toBeGreaterThanOrEqual(2);
  });

  it('keeps a pass in the database: another app server does not mount that version again; a failure is tried again', async () => {
    const first = heldCheck((version) => (version === '0.2.0' ? ['mount threw: boom'] : []));
    first.release();
    const a = o.open(first.check);
    await publish(a, ['0.1.0', '0.2.0']);
    await a.activate('wallets', '0.1.0', { operator: 'ada' });
    await expect(a.activate('wallets', '0.2.0', { operator: 'ada' })).rejects.toMatchObject({
      statusCode: 409,
      message: expect.stringContaining('the mount check failed: mount threw: boom'),
    });
    expect(first.check).toHaveBeenCalledTimes(2);

    const second = heldCheck(() => []);
    second.release();
    const b = o.open(second.check);
    await b.activate('wallets', '0.2.0', { operator: 'bola' });
    await b.activate('wallets', '0.1.0', { operator: 'bola' });
    // 0.1.0 passed on the first app server: only 0.2.0, which failed there, is mounted here.
    expect(second.check.mock.calls.map(([c]) => c.version)).toEqual(['0.2.0']);
    await a.activate('wallets', '0.2.0', { operator: 'ada' });
    expect(first.check).toHaveBeenCalledTimes(2);
  });
}
