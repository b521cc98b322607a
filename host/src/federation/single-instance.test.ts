import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { createInstance } from '@module-federation/enhanced/runtime';
import { loadHostBus, loadHostSession } from './host-modules';
import { registerRemotes } from './runtime';

/**
 * Issue item 3: one instance of ./api, ./session and ./bus across the host and every remote.
 * The host consumes its exposed modules through the federation runtime like the remotes, so the page
 * holds only the `host` container's copy (ARCHITECTURE "Known traps", webpack#17575).
 */
const SRC = path.resolve(__dirname, '..');
const EXPOSED = ['api', 'session', 'bus'];

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [full] : [];
  });
}

describe('one instance of the host modules', () => {
  it('no shell file imports api, session or bus locally (only their types, or the session keys)', () => {
    const shellFiles = sourceFiles(SRC).filter(
      (file) => !EXPOSED.some((m) => file.startsWith(path.join(SRC, m) + path.sep)),
    );
    expect(shellFiles.length).toBeGreaterThan(10);
    const offenders = shellFiles.filter((file) => {
      const text = readFileSync(file, 'utf8');
      return [...text.matchAll(/^import\s+(?!type\b)[^;]*?from\s+'([^']+)'/gm)].some(([, spec]) => {
        if (!spec?.startsWith('.')) return false;
        const target = path.relative(SRC, path.resolve(path.dirname(file), spec));
        return (
          EXPOSED.some((m) => target === m || target.startsWith(`${m}/`)) &&
          target !== 'session/keys'
        );
      });
    });
    expect(offenders).toEqual([]);
  });

  it('the shell and a remote get the very same session and bus from the host container', async () => {
    // A stand-in for the host's remoteEntry: a webpack container evaluates each module once.
    const cache = new Map<string, unknown>();
    const modules: Record<string, () => unknown> = {
      './session': () => jest.requireActual('../session'),
      './bus': () => jest.requireActual('../bus'),
    };
    (globalThis as Record<string, unknown>).host = {
      init: () => undefined,
      get: async (expose: string) => () => {
        if (!cache.has(expose)) cache.set(expose, modules[expose]?.());
        return cache.get(expose);
      },
    };
    const container = {
      name: 'host',
      entry: 'http://127.0.0.1/remoteEntry.js',
      type: 'global',
      entryGlobalName: 'host',
    };
    registerRemotes([container]);
    const remote = createInstance({ name: 'wallets', remotes: [container] });

    const shellSession = await loadHostSession();
    const shellBus = await loadHostBus();
    const remoteSession = await remote.loadRemote<typeof shellSession>('host/session');
    const remoteBus = await remote.loadRemote<typeof shellBus>('host/bus');

    expect(remoteSession?.session).toBe(shellSession.session);
    expect(remoteBus?.bus).toBe(shellBus.bus);
    // And state flows: a sign-out emitted by the remote's copy reaches the shell's subscriber.
    const signedOut = jest.fn();
    shellBus.bus.on('signed-out').subscribe(signedOut);
    remoteSession?.session.signOut();
    expect(signedOut).toHaveBeenCalledTimes(1);
  });

  it('only the host container exposes them; the shell exposes nothing and shares the same singletons', () => {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const configs = require('../../webpack.config.cjs')({}, { mode: 'production' });
    const mfOptions = (config: { plugins: Array<{ _options?: Record<string, unknown> }> }) =>
      config.plugins.find((p) => p._options && 'shared' in p._options)?._options ?? {};
    const [shell, container] = configs.map(mfOptions);
    expect(shell.exposes).toBeUndefined();
    expect(Object.keys(container.exposes as object)).toEqual(['./api', './session', './bus']);
    const shared = shell.shared as Record<string, { singleton: boolean }>;
    for (const key of [
      'react',
      'react/',
      'react-dom',
      'react-dom/',
      'react-router-dom',
      'rxjs',
      '@ajo/shared/events',
    ]) {
      expect(shared[key]?.singleton).toBe(true);
    }
    expect(container.shared).toEqual(shell.shared);
    expect(shell.shareStrategy).toBe('loaded-first');
  });
});
