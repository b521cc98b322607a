import type * as Kit from './host';

// What the federation build plugin sets up in a remote container: its own runtime instance on
// webpack's require function.
type Global = { __webpack_require__?: { federation?: { instance?: unknown } } };

function fakeInstance(modules: Record<string, unknown>) {
  return {
    registerRemotes: jest.fn(),
    loadRemote: jest.fn(async (id: string) => modules[id] ?? null),
  };
}

/** A fresh copy of ./host (its `registered` flag is per remote) inside a container with `instance`. */
function loadKit(instance: unknown) {
  (globalThis as Global).__webpack_require__ = instance ? { federation: { instance } } : {};
  let kit!: typeof Kit;
  jest.isolateModules(() => {
    kit = jest.requireActual('./host');
  });
  return kit;
}

afterEach(() => delete (globalThis as Global).__webpack_require__);

describe('the host-module loader', () => {
  it("registers the host container once on the remote's own instance, then loads each module", async () => {
    const bus = { bus: {} };
    const api = { api: {} };
    const instance = fakeInstance({ 'host/bus': bus, 'host/api': api });
    const kit = loadKit(instance);

    await expect(kit.loadHostBus()).resolves.toBe(bus);
    await expect(kit.loadHostApi()).resolves.toBe(api);
    expect(instance.registerRemotes).toHaveBeenCalledTimes(1);
    expect(instance.registerRemotes).toHaveBeenCalledWith([
      { name: 'host', entry: '/mf-manifest.json' },
    ]);
    expect(instance.loadRemote).toHaveBeenCalledWith('host/bus');
  });

  it('keeps the registration per copy of the kit: each remote registers the host on its own', async () => {
    const session = { session: {} };
    const wallets = fakeInstance({ 'host/session': session });
    const payments = fakeInstance({ 'host/session': session });
    await loadKit(wallets).loadHostSession();
    await loadKit(payments).loadHostSession();
    expect(wallets.registerRemotes).toHaveBeenCalledTimes(1);
    expect(payments.registerRemotes).toHaveBeenCalledTimes(1);
  });

  it('rejects when the host does not answer the module (the caller shows its fallback)', async () => {
    const kit = loadKit(fakeInstance({}));
    await expect(kit.loadHostBus()).rejects.toThrow('host/bus did not load');
  });

  it('says what is wrong when the code runs outside a federation container', async () => {
    const kit = loadKit(undefined);
    await expect(kit.loadHostApi()).rejects.toThrow(
      '@ajo/remote-kit: not inside a federation container (see @ajo/tooling/webpack)',
    );
  });
});
