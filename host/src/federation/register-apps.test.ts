import { createInstance } from '@module-federation/enhanced/runtime';
import { versionAttempts } from './register-apps';
import { federation, registerRemotes, switchRemoteVersion } from './runtime';

describe('the versions a remote area tries', () => {
  const choice = {
    name: 'wallets',
    version: '2.0.0',
    entry: '/remotes/wallets/2.0.0/mf-manifest.json',
    fallback: {
      name: 'wallets',
      version: '1.0.0',
      entry: '/remotes/wallets/1.0.0/mf-manifest.json',
    },
  };

  it('loads the chosen version as registered, and switches to the fallback only when it is needed', async () => {
    const load = jest.fn(async () => null);
    const switchTo = jest.fn();
    const attempts = versionAttempts('wallets', choice, load, switchTo);
    expect(attempts.map((a) => a.version)).toEqual(['2.0.0', '1.0.0']);
    await attempts[0]?.load();
    expect(switchTo).not.toHaveBeenCalled();
    await attempts[1]?.load();
    expect(switchTo).toHaveBeenCalledWith(choice.fallback);
    expect(load.mock.calls).toEqual([['wallets/app'], ['wallets/app']]);
  });

  it('reloads the page once when the fallback cannot load in place, then gives up', async () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const load = jest.fn(async () => Promise.reject(new Error('still broken')));
    const reload = { firstFor: jest.fn(() => true), now: jest.fn() };
    const [, fallback] = versionAttempts('wallets', choice, load, jest.fn(), reload);
    let settled = false;
    void fallback?.load().finally(() => (settled = true));
    for (let i = 0; i < 10; i += 1) await Promise.resolve();
    expect(reload.firstFor).toHaveBeenCalledWith('wallets', '1.0.0');
    expect(reload.now).toHaveBeenCalledTimes(1);
    // The page is going away: the area waits for it rather than showing the generic fallback.
    expect(settled).toBe(false);

    reload.firstFor.mockReturnValue(false);
    await expect(fallback?.load()).rejects.toThrow('still broken');
    expect(reload.now).toHaveBeenCalledTimes(1);
  });

  it('tries the one version there is without a fallback, and an unnamed one without a registry entry', () => {
    const { fallback: _none, ...alone } = choice;
    expect(versionAttempts('wallets', alone).map((a) => a.version)).toEqual(['2.0.0']);
    expect(versionAttempts('wallets', undefined).map((a) => a.version)).toEqual([null]);
  });
});

describe('switching a remote to another version in the tab', () => {
  it('re-registers the remote at the new entry, drops the failed container instance and starts its webpack chunk list afresh', () => {
    registerRemotes([{ name: 'settings', entry: '/remotes/settings/2.0.0/mf-manifest.json' }]);
    const failed = createInstance({ name: 'settings', remotes: [] });
    const other = createInstance({ name: 'wallets', remotes: [] });
    const instances = () =>
      (globalThis as unknown as { __FEDERATION__: { __INSTANCES__: unknown[] } }).__FEDERATION__
        .__INSTANCES__;
    expect(instances()).toContain(failed);
    const chunks = ((globalThis as Record<string, unknown>).webpackChunksettings = [[['1'], {}]]);
    jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    switchRemoteVersion({ name: 'settings', entry: '/remotes/settings/1.0.0/mf-manifest.json' });
    const settings = federation().options.remotes.filter((r) => r.name === 'settings');
    expect(settings).toHaveLength(1);
    expect((settings[0] as { entry: string }).entry).toMatch(/\/remotes\/settings\/1\.0\.0\//);
    expect((globalThis as Record<string, unknown>).webpackChunksettings).toBeUndefined();
    expect(chunks).toHaveLength(1);
    expect(instances()).not.toContain(failed);
    expect(instances()).toContain(other);
    expect(instances()).toContain(federation());
  });
});
