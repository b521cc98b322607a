import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { createInstance } from '@module-federation/enhanced/runtime';
import ts from 'typescript';
import type * as Api from '../api';
import type * as Bus from '../bus';
import type * as Session from '../session';
import { loadHostApi, loadHostBus, loadHostSession } from './host-modules';
import { registerRemotes } from './runtime';

/**
 * One instance of ./api, ./session and ./bus across the host and every remote.
 * The host consumes its exposed modules through the federation runtime like the remotes, so the page
 * holds only the `host` container's copy (docs/architecture.md "Known traps", webpack#17575).
 */
const SRC = path.resolve(__dirname, '..');
const EXPOSED = ['api', 'session', 'bus'];
type ApiModule = typeof Api;
type BusModule = typeof Bus;
type SessionModule = typeof Session;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [full] : [];
  });
}

/**
 * Every module a file loads at run time: static imports and re-exports (not `import type` /
 * `export type`), side-effect imports, dynamic `import()` and `require()`. Parsed with the
 * TypeScript compiler rather than a regex, so no spelling of an import slips past.
 */
function runtimeSpecifiers(fileName: string, code: string): string[] {
  const source = ts.createSourceFile(fileName, code, ts.ScriptTarget.Latest, true);
  const found: string[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier)) {
      if (!node.importClause?.isTypeOnly) found.push(node.moduleSpecifier.text);
    } else if (ts.isExportDeclaration(node) && node.moduleSpecifier) {
      if (!node.isTypeOnly && ts.isStringLiteral(node.moduleSpecifier)) {
        found.push(node.moduleSpecifier.text);
      }
    } else if (ts.isCallExpression(node)) {
      const [arg] = node.arguments;
      const loads =
        node.expression.kind === ts.SyntaxKind.ImportKeyword ||
        (ts.isIdentifier(node.expression) && node.expression.text === 'require');
      if (loads && arg && ts.isStringLiteralLike(arg)) found.push(arg.text);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/** Whether a specifier in `file` reaches an exposed module (the session keys are plain data). */
function reachesExposed(file: string, spec: string): boolean {
  if (!spec.startsWith('.')) return false;
  const target = path.relative(SRC, path.resolve(path.dirname(file), spec));
  if (target === 'session/keys') return false;
  return EXPOSED.some((m) => target === m || target.startsWith(`${m}/`));
}

describe('one instance of the host modules', () => {
  it('no shell file loads api, session or bus locally (only their types, or the session keys)', () => {
    const shellFiles = sourceFiles(SRC).filter(
      (file) => !EXPOSED.some((m) => file.startsWith(path.join(SRC, m) + path.sep)),
    );
    expect(shellFiles.length).toBeGreaterThan(10);
    const offenders = shellFiles.flatMap((file) =>
      runtimeSpecifiers(file, readFileSync(file, 'utf8'))
        .filter((spec) => reachesExposed(file, spec))
        .map((spec) => `${path.relative(SRC, file)} loads ${spec}`),
    );
    expect(offenders).toEqual([]);
  });

  it('the scan sees every way of loading a module, and skips type-only imports', () => {
    const code = [
      "import { bus } from '../bus';",
      "import '../session/create-session';",
      "export { api } from '../api';",
      "export * from '../api/client';",
      "const later = () => import('../session');",
      "const old = require('../bus/create-bus');",
      "import type { Bus } from '../bus';",
      "export type { ApiError } from '../api';",
      "type Lazy = typeof import('../api');",
    ].join('\n');
    expect(runtimeSpecifiers('x.ts', code)).toEqual([
      '../bus',
      '../session/create-session',
      '../api',
      '../api/client',
      '../session',
      '../bus/create-bus',
    ]);
  });

  it('the shell and a remote get the very same api, session and bus from the host container', async () => {
    // A stand-in for the host's remoteEntry, built in a module registry of its own as the real
    // container is a separate bundle: a copy the shell loaded locally would be a different object.
    type Exposed = { './api': ApiModule; './session': SessionModule; './bus': BusModule };
    let container!: Exposed;
    jest.isolateModules(() => {
      container = {
        './api': jest.requireActual('../api'),
        './session': jest.requireActual('../session'),
        './bus': jest.requireActual('../bus'),
      };
    });
    expect(container['./bus'].bus).not.toBe(jest.requireActual<BusModule>('../bus').bus);
    (globalThis as Record<string, unknown>).host = {
      init: () => undefined,
      get: async (expose: keyof Exposed) => () => container[expose],
    };
    const entry = {
      name: 'host',
      entry: 'http://127.0.0.1/remoteEntry.js',
      type: 'global',
      entryGlobalName: 'host',
    };
    registerRemotes([entry]);
    const remote = createInstance({ name: 'wallets', remotes: [entry] });

    const shellApi = await loadHostApi();
    const shellSession = await loadHostSession();
    const shellBus = await loadHostBus();
    expect(shellApi.api).toBe(container['./api'].api);
    expect(shellSession.session).toBe(container['./session'].session);
    expect(shellBus.bus).toBe(container['./bus'].bus);

    const remoteSession = await remote.loadRemote<SessionModule>('host/session');
    const remoteBus = await remote.loadRemote<BusModule>('host/bus');
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
      '@ajo/shared/router',
      '@ajo/shared/rx',
      '@ajo/shared/events',
    ]) {
      expect(shared[key]?.singleton).toBe(true);
    }
    expect(container.shared).toEqual(shell.shared);
    expect(shell.shareStrategy).toBe('loaded-first');
  });
});
