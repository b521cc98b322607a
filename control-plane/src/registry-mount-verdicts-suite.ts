// A version's mount-check verdict is kept in the registry database and one check runs per version
// at a time (registry/mount-verdicts.ts): many activations at once wait for one check, on one app
// server and across app servers of the registry (a lease), and another app server does not mount a
// version that passed again. Run by
// registry-mount-verdicts.test.ts (SQLite) and registry-mount-verdicts.pg.test.ts (PostgreSQL).
import path from 'node:path';
import type { MountCheck, RegistryStore, RegistryStoreOptions } from './registry/index.js';
import { writeBuild } from './registry-test-support.js';

interface SuiteOptions {
  open: (mountCheck: MountCheck, options?: RegistryStoreOptions) => RegistryStore;
  tmp: () => string;
}

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

async function publish(tmp: string, store: RegistryStore, versions: string[]) {
  for (const version of versions) {
    const build = path.join(tmp, 'builds', version);
    writeBuild(build, { name: 'wallets', version });
    await store.publishFolder('wallets', build, version, { operator: 'setup' });
  }
}

/**
 * Resolves once `condition` holds; fails the test if it has not within 10 s (it waits for the
 * database's answers, never for a time: on a fast database it ends in microseconds).
 */
async function until(condition: () => boolean) {
  const deadline = Date.now() + 10_000;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('the condition never held');
    await new Promise((resolve) => setImmediate(resolve));
  }
}

/**
 * App servers of one registry on a shared clock: their lease waits are counted and answer at
 * once, so a test sees a server waiting without sleeping.
 */
function servers(o: SuiteOptions) {
  const clock = { now: Date.parse('2026-11-28T10:00:00.000Z'), waits: 0 };
  const lease = {
    leaseMs: 30_000,
    now: () => clock.now,
    wait: async () => {
      clock.waits += 1;
      await new Promise((resolve) => setImmediate(resolve));
    },
  };
  const open = (check: MountCheck) => o.open(check, { mountCheckLease: lease });
  /** Resolves once the servers have looked at a lease held by another `times` more times. */
  async function waited(times: number) {
    const target = clock.waits + times;
    await until(() => clock.waits >= target);
  }
  return { clock, open, waited };
}

export function mountVerdictSuite(o: SuiteOptions) {
  it('runs one check for many activations of a version at once; every one of them goes live', async () => {
    const { check, release } = heldCheck();
    const store = o.open(check);
    await publish(o.tmp(), store, ['0.1.0', '0.2.0']);
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
    await publish(o.tmp(), a, ['0.1.0', '0.2.0']);
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

  describe('app servers of one registry', () => crossServerSuite(o));
}

/** One check per version at a time across app servers: the lease (registry/mount-verdicts.ts). */
function crossServerSuite(o: SuiteOptions) {
  it('runs one check between two app servers activating a version at once; both go live', async () => {
    const { open, waited } = servers(o);
    const first = heldCheck();
    const second = heldCheck();
    const a = open(first.check);
    const b = open(second.check);
    await publish(o.tmp(), a, ['0.1.0']);
    const both = [
      a.activate('wallets', '0.1.0', { operator: 'ada' }),
      b.activate('wallets', '0.1.0', { operator: 'bola' }),
    ];
    await waited(3);
    expect(first.check.mock.calls.length + second.check.mock.calls.length).toBe(1);
    first.release();
    second.release();
    const results = await Promise.all(both);
    expect(results.every((r) => Number.isInteger(r.revision))).toBe(true);
    expect(first.check.mock.calls.length + second.check.mock.calls.length).toBe(1);
    expect((await a.read()).remotes.wallets?.active).toBe('0.1.0');
  });

  it('gives a failure found by one app server to those that waited for it; a later activation checks again', async () => {
    const { clock, open, waited } = servers(o);
    const first = heldCheck(() => ['mount threw: boom']);
    const second = heldCheck(() => []);
    const a = open(first.check);
    const b = open(second.check);
    await publish(o.tmp(), a, ['0.1.0']);
    const onA = a.activate('wallets', '0.1.0', { operator: 'ada' });
    await until(() => first.check.mock.calls.length > 0);
    const onB = b.activate('wallets', '0.1.0', { operator: 'bola' });
    await waited(2);
    first.release();
    const refused = { statusCode: 409, message: expect.stringContaining('mount threw: boom') };
    await expect(onA).rejects.toMatchObject(refused);
    await expect(onB).rejects.toMatchObject(refused);
    expect(second.check).not.toHaveBeenCalled();
    // A failure is not a verdict for good: the next activation mounts it again (and it passes).
    clock.now += 1000;
    second.release();
    await b.activate('wallets', '0.1.0', { operator: 'bola' });
    expect(second.check).toHaveBeenCalledTimes(1);
  });

  it('takes over the check of an app server that died holding it once its lease has passed', async () => {
    const { clock, open, waited } = servers(o);
    // The first server's check never answers: it died mid-check.
    const dead = heldCheck();
    const second = heldCheck();
    second.release();
    const a = open(dead.check);
    const b = open(second.check);
    await publish(o.tmp(), a, ['0.1.0']);
    void a.activate('wallets', '0.1.0', { operator: 'ada' }).catch(() => undefined);
    await until(() => dead.check.mock.calls.length > 0);
    const onB = b.activate('wallets', '0.1.0', { operator: 'bola' });
    await waited(3);
    expect(second.check).not.toHaveBeenCalled();
    clock.now += 30_001;
    await onB;
    expect(second.check).toHaveBeenCalledTimes(1);
    expect((await b.read()).remotes.wallets?.active).toBe('0.1.0');
  });
}
