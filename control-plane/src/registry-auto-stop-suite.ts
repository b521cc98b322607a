// Rollouts that stop themselves (docs/decisions/045-release-safety-in-the-browser.md): past the
// failures per 1,000 loads the operator set, over a minimum number of loads. Part of the trust
// suite (registry-trust-suite.ts), on SQLite and PostgreSQL.
import { as } from './registry-store-test-support.js';
import type { RegistryStore } from './registry/index.js';
import type { TrustContext } from './registry-trust-suite.js';

/** The rollouts of these tests: wallets 0.2.0 to 10% with a stop; loads and failures noted. */
function stopHelpers({ publishFour }: TrustContext) {
  /** wallets 0.1.0 live, 0.2.0 rolled out to 10% with the stop given. */
  async function rolledOut(store: RegistryStore, stop = { stopAbove: 20, minLoads: 100 }) {
    await publishFour(store);
    await store.activate('wallets', '0.1.0', as);
    await store.rollout('wallets', '0.2.0', 10, { ...as, ...stop });
  }
  const loads = async (store: RegistryStore, n: number, version = '0.2.0') => {
    for (let i = 0; i < n; i += 1) store.noteLoad('wallets', version);
    await store.flushLoads();
  };
  const fail = (store: RegistryStore, version = '0.2.0') =>
    store.countFailure({ remote: 'wallets', version, phase: 'mount' });
  const rolloutOf = async (store: RegistryStore) => (await store.read()).remotes.wallets!.rollout;

  return { rolledOut, loads, fail, rolloutOf };
}

export function autoStopSuite(context: TrustContext) {
  const { rolledOut, loads, fail, rolloutOf } = stopHelpers(context);
  const { open } = context;
  describe('a rollout that stops itself', () => {
    it('ends when its failures per 1,000 loads pass the stop, with the figures in the history', async () => {
      const store = open();
      await rolledOut(store);
      expect(await rolloutOf(store)).toEqual({
        version: '0.2.0',
        percent: 10,
        stop: { perThousand: 20, minLoads: 100 },
      });
      await loads(store, 100);
      // Another version's failures and loads are not this rollout's.
      await loads(store, 5, '0.1.0');
      await fail(store, '0.1.0');
      await fail(store);
      await fail(store);
      expect(await rolloutOf(store)).not.toBeNull(); // 20 per 1,000: not past 20
      await fail(store);
      expect(await rolloutOf(store)).toBeNull();
      expect((await store.read()).remotes.wallets!.active).toBe('0.1.0');
      const [stopped] = await store.history({ remote: 'wallets', limit: 1 });
      expect(stopped).toMatchObject({
        action: 'rollout-cancel',
        operator: 'auto-stop',
        from: '0.2.0',
        to: '0.1.0',
        reason:
          'failure rate 30 per 1,000 loads (3 failures in 100 loads) passed the stop at 20 per 1,000 after at least 100 loads',
      });
      expect(await store.loads()).toEqual([
        { remote: 'wallets', version: '0.1.0', count: 5 },
        { remote: 'wallets', version: '0.2.0', count: 100 },
      ]);
    });

    it('waits for the minimum number of loads, then stops when the loads are written', async () => {
      const store = open();
      await rolledOut(store, { stopAbove: 99, minLoads: 50 });
      await loads(store, 10);
      for (let i = 0; i < 5; i += 1) await fail(store);
      expect(await rolloutOf(store)).not.toBeNull();
      await loads(store, 39);
      expect(await rolloutOf(store)).not.toBeNull();
      await loads(store, 1);
      expect(await rolloutOf(store)).toBeNull();
    });

    it('ends once when many browsers report at once through two app servers', async () => {
      const [a, b] = [open(), open()];
      await rolledOut(a, { stopAbove: 1, minLoads: 10 });
      await loads(a, 10);
      await Promise.all(Array.from({ length: 20 }, (_, i) => fail(i % 2 ? a : b)));
      const ends = (await a.history({ remote: 'wallets' })).filter(
        (h) => h.action === 'rollout-cancel',
      );
      expect(ends).toHaveLength(1);
      expect((await a.failures()).find((f) => f.version === '0.2.0')?.count).toBe(20);
    });
  });
  autoStopRestSuite(context);
}

function autoStopRestSuite(context: TrustContext) {
  const { rolledOut, loads, fail, rolloutOf } = stopHelpers(context);
  const { open, publishFour } = context;
  describe('a rollout that stops itself', () => {
    it('keeps its stop when only the percentage changes; a rollout without one never stops', async () => {
      const store = open();
      await rolledOut(store);
      await store.rollout('wallets', '0.2.0', 50, as);
      expect((await rolloutOf(store))?.stop).toEqual({ perThousand: 20, minLoads: 100 });

      await store.cancelRollout('wallets', as);
      await store.rollout('wallets', '0.4.0', 10, as);
      await loads(store, 100, '0.4.0');
      for (let i = 0; i < 10; i += 1) await fail(store, '0.4.0');
      expect((await rolloutOf(store))?.version).toBe('0.4.0');
    });

    it('refuses a stop that is not a rate and a count, and changes nothing', async () => {
      const store = open();
      await publishFour(store);
      await store.activate('wallets', '0.1.0', as);
      const { revision } = await store.read();
      const bad: [unknown, unknown, RegExp][] = [
        [0, 10, /per 1,000 loads/],
        [1001, 10, /per 1,000 loads/],
        ['5', 10, /per 1,000 loads/],
        [5, 0, /minimum number of loads/],
        [5, 1.5, /minimum number of loads/],
        [5, undefined, /minimum number of loads/],
        [undefined, 10, /per 1,000 loads/],
      ];
      for (const [stopAbove, minLoads, message] of bad) {
        await expect(
          store.rollout('wallets', '0.2.0', 10, { ...as, stopAbove, minLoads }),
        ).rejects.toThrow(message);
      }
      expect((await store.read()).revision).toBe(revision);
    });

    it('counts loads of published versions only', async () => {
      const store = open();
      await publishFour(store);
      // An unpublished version's loads make no row.
      store.noteLoad('wallets', '9.9.9');
      await loads(store, 3, '0.1.0');
      expect(await store.loads()).toEqual([{ remote: 'wallets', version: '0.1.0', count: 3 }]);
    });
  });
}
