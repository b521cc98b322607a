// What a remote may go back to (docs/decisions/045-what-may-be-gone-back-to.md): the browsers'
// fallback and one-step rollback skip a version forced past the checks, marked bad by an operator,
// or reported failing since it went live; an operator marks and clears, both in the history. The
// same suite on SQLite (registry-trust.test.ts) and PostgreSQL (registry-trust.pg.test.ts).
import { openTestStore } from './registry-test-support.js';
import {
  as,
  deploy,
  fakeRemoteBuild,
  registryStoreHooks,
  repo,
  stores,
} from './registry-store-test-support.js';
import type { RegistryStore } from './registry/index.js';
import { autoStopSuite } from './registry-auto-stop-suite.js';

/** The stores, the clock and the builds every part of the suite uses. */
function trustContext(databaseUrl: () => string | undefined) {
  // Only Date is faked: the databases keep their own timers.
  const clock = (iso: string) => {
    jest.useFakeTimers({
      doNotFake: [
        'hrtime',
        'nextTick',
        'performance',
        'queueMicrotask',
        'setImmediate',
        'clearImmediate',
        'setInterval',
        'clearInterval',
        'setTimeout',
        'clearTimeout',
      ],
    });
    jest.setSystemTime(new Date(iso));
  };
  afterEach(() => jest.useRealTimers());

  const HOST = {
    react: '18.3.1',
    'react-dom': '18.3.1',
    'react-router-dom': '6.30.6',
    rxjs: '7.8.2',
    '@ajo/shared': '0.1.0',
  };
  const openChecked = () => {
    const store = openTestStore(deploy, { hostShared: HOST, databaseUrl: databaseUrl() });
    stores.push(store);
    return store;
  };
  const open = () => {
    const store = openTestStore(deploy, { databaseUrl: databaseUrl() });
    stores.push(store);
    return store;
  };

  /** wallets 0.1.0 .. 0.4.0 published; 0.3.0 needs a React the host does not provide. */
  async function publishFour(store: RegistryStore) {
    for (const version of ['0.1.0', '0.2.0', '0.3.0', '0.4.0']) {
      fakeRemoteBuild(
        'mfe-wallets',
        version,
        version === '0.3.0' ? { shared: [['react', '^19.0.0']] } : {},
      );
      await store.publish(repo, 'wallets', as);
    }
  }

  const fallbackOf = async (store: RegistryStore) =>
    (await store.document()).remotes.wallets?.fallback?.version ?? null;

  return { clock, open, openChecked, publishFour, fallbackOf };
}

export type TrustContext = ReturnType<typeof trustContext>;

/** `databaseUrl()`: PostgreSQL (`beforeEachTest` empties it), else SQLite. */
export function trustSuite(
  databaseUrl: () => string | undefined = () => undefined,
  beforeEachTest?: () => Promise<void>,
) {
  registryStoreHooks();
  if (beforeEachTest) beforeEach(beforeEachTest);
  const context = trustContext(databaseUrl);
  fallbackSuite(context);
  markSuite(context);
  markRefusalSuite(context);
  autoStopSuite(context);
}

/** What browsers fall back to and one step back goes to. */
function fallbackSuite({ clock, open, openChecked, publishFour, fallbackOf }: TrustContext) {
  describe('the fallback and one-step rollback', () => {
    it('skip a version forced past failed checks', async () => {
      const store = openChecked();
      await publishFour(store);
      await store.activate('wallets', '0.2.0', as);
      await expect(store.activate('wallets', '0.3.0', as)).rejects.toThrow(/react/);
      await store.activate('wallets', '0.3.0', { ...as, force: true, reason: 'hotfix' });
      await store.activate('wallets', '0.4.0', as);
      expect(await fallbackOf(store)).toBe('0.2.0');
      expect((await store.read()).remotes.wallets!.bad).toEqual({
        '0.3.0': expect.stringMatching(/^forced past: .*react/),
      });

      const back = await store.rollback('wallets', as);
      expect(back).toMatchObject({ active: '0.2.0', previous: '0.4.0' });
      // The forced one passed over leaves the trail: a second step goes further back, never to it.
      expect((await store.read()).remotes.wallets!.trail).toEqual([]);
    });

    it('skip a version browsers reported failing since it went live, not before', async () => {
      const store = open();
      await publishFour(store);
      clock('2026-11-01T10:00:00.000Z');
      // A tester's failure before it went live does not count.
      await store.countFailure({ remote: 'wallets', version: '0.2.0', phase: 'mount' });
      jest.setSystemTime(new Date('2026-11-01T10:01:00.000Z'));
      await store.activate('wallets', '0.1.0', as);
      await store.activate('wallets', '0.2.0', as);
      await store.activate('wallets', '0.3.0', as);
      expect(await fallbackOf(store)).toBe('0.2.0');

      jest.setSystemTime(new Date('2026-11-01T10:02:00.000Z'));
      await store.countFailure({ remote: 'wallets', version: '0.2.0', phase: 'mount' });
      expect(await fallbackOf(store)).toBe('0.1.0');
      // Nothing earlier that may be gone back to: refused, nothing changes; by name it may.
      await store.countFailure({ remote: 'wallets', version: '0.1.0', phase: 'load' });
      expect(await fallbackOf(store)).toBeNull();
      const before = await store.read();
      const refused = await store.rollback('wallets', as).catch((error: unknown) => error);
      expect(refused).toMatchObject({ statusCode: 409 });
      expect((refused as Error).message).toMatch(
        /no earlier version .* not forced, marked bad or reported failing/,
      );
      expect((await store.read()).revision).toBe(before.revision);
      expect(await store.rollback('wallets', { ...as, to: '0.1.0' })).toMatchObject({
        active: '0.1.0',
      });
    });

    it('skip a version that failed while it was live even when it goes live again', async () => {
      const store = open();
      await publishFour(store);
      clock('2026-11-01T10:00:00.000Z');
      await store.activate('wallets', '0.1.0', as);
      await store.activate('wallets', '0.2.0', as);
      jest.setSystemTime(new Date('2026-11-01T10:01:00.000Z'));
      await store.countFailure({ remote: 'wallets', version: '0.2.0', phase: 'load' });
      await store.activate('wallets', '0.1.0', as);
      jest.setSystemTime(new Date('2026-11-01T10:02:00.000Z'));
      await store.activate('wallets', '0.2.0', as);
      await store.activate('wallets', '0.4.0', as);
      expect(await fallbackOf(store)).toBe('0.1.0');
    });
  });
}

/** An operator marks a version bad and clears it. */
function markSuite({ clock, open, publishFour, fallbackOf }: TrustContext) {
  describe('marking a version bad', () => {
    it('takes it out of the fallback and rollback until cleared, both in the history', async () => {
      const store = open();
      await publishFour(store);
      clock('2026-11-01T10:00:00.000Z');
      for (const version of ['0.1.0', '0.2.0', '0.4.0'])
        await store.activate('wallets', version, as);
      expect(await fallbackOf(store)).toBe('0.2.0');

      await expect(store.markBad('wallets', '0.2.0', as)).rejects.toThrow(/needs a reason/);
      const marked = await store.markBad('wallets', '0.2.0', {
        operator: 'ada',
        reason: 'blank balance card',
      });
      expect(marked).toMatchObject({ version: '0.2.0', bad: 'marked bad: blank balance card' });
      expect(await fallbackOf(store)).toBe('0.1.0');
      // Marking again changes nothing and adds no row.
      const again = await store.markBad('wallets', '0.2.0', {
        ...as,
        reason: 'blank balance card',
      });
      expect(again.revision).toBe(marked.revision);

      const unmarked = await store.unmarkBad('wallets', '0.2.0', {
        operator: 'bola',
        reason: 'was the API',
      });
      expect(unmarked).toMatchObject({ version: '0.2.0', bad: null });
      expect(await fallbackOf(store)).toBe('0.2.0');
      const [cleared, mark] = await store.history({ remote: 'wallets', limit: 2 });
      expect(mark).toMatchObject({
        action: 'mark-bad',
        operator: 'ada',
        to: '0.2.0',
        reason: 'blank balance card',
      });
      expect(cleared).toMatchObject({
        action: 'unmark-bad',
        operator: 'bola',
        to: '0.2.0',
        reason: 'was the API',
        detail: 'was: marked bad: blank balance card',
      });
    });

    it('clearing forgives failures counted until then, not those after', async () => {
      const store = open();
      await publishFour(store);
      clock('2026-11-01T10:00:00.000Z');
      for (const version of ['0.1.0', '0.2.0', '0.4.0'])
        await store.activate('wallets', version, as);
      await store.countFailure({ remote: 'wallets', version: '0.2.0', phase: 'mount' });
      expect(await fallbackOf(store)).toBe('0.1.0');
      jest.setSystemTime(new Date('2026-11-01T10:05:00.000Z'));
      await store.unmarkBad('wallets', '0.2.0', { ...as, reason: 'the failure was the network' });
      expect(await fallbackOf(store)).toBe('0.2.0');
      jest.setSystemTime(new Date('2026-11-01T10:06:00.000Z'));
      await store.countFailure({ remote: 'wallets', version: '0.2.0', phase: 'mount' });
      expect(await fallbackOf(store)).toBe('0.1.0');
    });
  });
}

/** What marking refuses, and marks at once. */
function markRefusalSuite({ open, publishFour }: TrustContext) {
  describe('marking a version bad', () => {
    it('refuses what is not a published version of a known remote, and changes nothing', async () => {
      const store = open();
      await publishFour(store);
      const { revision } = await store.read();
      const bad: [unknown, unknown, RegExp][] = [
        ['wallets', '9.9.9', /not a published version/],
        ['wallets', '../0.1.0', /Invalid version/],
        ['nobody', '0.1.0', /nobody/],
        ['__proto__', '0.1.0', /Invalid remote name/],
      ];
      for (const [remote, version, message] of bad) {
        await expect(store.markBad(remote, version, { ...as, reason: 'x' })).rejects.toThrow(
          message,
        );
        await expect(store.unmarkBad(remote, version, as)).rejects.toThrow(message);
      }
      expect((await store.read()).revision).toBe(revision);
    });

    it('loses no mark when operators mark versions at once', async () => {
      const store = open();
      const other = open();
      await publishFour(store);
      await Promise.all(
        ['0.1.0', '0.2.0', '0.3.0', '0.4.0'].flatMap((version, i) => [
          (i % 2 ? store : other).markBad('wallets', version, { ...as, reason: `r${version}` }),
          (i % 2 ? other : store).markBad('wallets', version, { ...as, reason: `r${version}` }),
        ]),
      );
      expect(Object.keys((await store.read()).remotes.wallets!.bad ?? {}).sort()).toEqual([
        '0.1.0',
        '0.2.0',
        '0.3.0',
        '0.4.0',
      ]);
      const marks = (await store.history({ remote: 'wallets' })).filter(
        (h) => h.action === 'mark-bad',
      );
      expect(marks).toHaveLength(4);
    });
  });
}
