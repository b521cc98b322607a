import { mkdtempSync, readFileSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { REMOTES, remoteFolder } from './remotes.cjs';
import {
  AXIOS_FETCH_ADAPTER,
  AXIOS_FETCH_STAND_IN,
  createFederatedConfig,
  createRemoteConfig,
  sharedSingletons,
} from './webpack-config.cjs';

const ROOT = path.resolve(__dirname, '..');

interface Plugin {
  _options?: { name?: string; exposes?: Record<string, string>; shared?: Record<string, unknown> };
}

function federationOptions(config: { plugins: Plugin[] }) {
  return config.plugins.find((p) => p._options && 'shared' in p._options)?._options ?? {};
}

describe('createRemoteConfig', () => {
  it.each(REMOTES.map((remote) => [remoteFolder(remote), remote.name]))(
    '%s builds the container %s, exposing its lifecycles as ./app',
    (folder, name) => {
      const config = createRemoteConfig(path.join(ROOT, folder), {}, { mode: 'production' });
      const federation = federationOptions(config);
      expect(config.name).toBe(name);
      expect(federation.name).toBe(name);
      expect(federation.exposes).toEqual({ './app': './src/app/lifecycles.tsx' });
    },
  );

  const withDeclaration = (declaration: string | null, check: (dir: string) => void) => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'ajo-tooling-'));
    try {
      writeFileSync(path.join(dir, 'package.json'), JSON.stringify({ name: '@team/mfe-x' }));
      if (declaration !== null) writeFileSync(path.join(dir, 'remote.json'), declaration);
      check(dir);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  };

  it('refuses a package without a remote.json, or with one that is not valid', () => {
    withDeclaration(null, (dir) =>
      expect(() => createRemoteConfig(dir, {}, {})).toThrow(/remote\.json is missing/),
    );
    withDeclaration('{"name":', (dir) =>
      expect(() => createRemoteConfig(dir, {}, {})).toThrow(/remote\.json is not JSON/),
    );
    const loginRoute = { name: 'cards', routes: [{ path: '/login', label: 'Sign in' }] };
    withDeclaration(JSON.stringify(loginRoute), (dir) =>
      expect(() => createRemoteConfig(dir, {}, {})).toThrow(
        'routes[0].path /login is reserved for the app (/login)',
      ),
    );
  });

  it('takes the name from remote.json and stamps what it contributes into the manifest', () => {
    const declaration = {
      name: 'cards',
      routes: [{ path: '/dashboard/cards', label: 'Cards', access: 'signed-in' }],
      nav: [{ group: 'Cards', label: 'Cards', path: '/dashboard/cards', order: 450 }],
    };
    withDeclaration(JSON.stringify(declaration), (dir) => {
      const config = createRemoteConfig(dir, {}, { mode: 'production' });
      expect(federationOptions(config).name).toBe('cards');
      const stamp = (config.plugins as object[]).find(
        (p) => p.constructor.name === 'StampContributions',
      ) as { contributes: unknown };
      expect(stamp.contributes).toEqual({ routes: declaration.routes, nav: declaration.nav });
    });
  });
});

describe('sharedSingletons', () => {
  const dir = path.join(ROOT, remoteFolder(REMOTES[0]!));
  const shared = sharedSingletons(dir) as Record<string, { singleton: boolean; version?: string }>;

  // docs/architecture.md "Known traps": duplicate React.
  it('shares react, react-dom, the router and rxjs as singletons', () => {
    for (const key of [
      'react',
      'react/',
      'react-dom',
      'react-dom/',
      '@ajo/shared/router',
      '@ajo/shared/rx',
    ]) {
      expect(shared[key]?.singleton).toBe(true);
    }
  });

  it('shares the router and rxjs only through their narrow facades, never whole', () => {
    // Shared whole, every export ships (docs/decisions/017-compressed-and-budgeted-first-pages.md).
    const whole = Object.keys(shared).filter((key) => /^(react-router|rxjs)/.test(key));
    expect(whole).toEqual([]);
  });

  it("shares every export of @ajo/shared, found by module resolution from the package's folder", () => {
    const sharedPackage = JSON.parse(
      readFileSync(require.resolve('@ajo/shared/package.json', { paths: [dir] }), 'utf8'),
    );
    const subpaths = Object.keys(sharedPackage.exports)
      .filter((key) => key !== './package.json')
      .map((key) => `@ajo/shared/${key.slice(2)}`);
    expect(subpaths.length).toBeGreaterThan(3);
    for (const key of subpaths) expect(shared[key]).toMatchObject({ singleton: true });
  });

  it('never shares @ajo/remote-kit: each remote compiles in its own (per-remote state)', () => {
    expect(Object.keys(shared).filter((key) => key.includes('remote-kit'))).toEqual([]);
  });
});

interface Replacement {
  resourceRegExp?: RegExp;
  newResource?: (resource: { request: string; context?: string }) => void;
}
const replacementsOf = (runtime: 'provide' | 'consume') =>
  (
    createFederatedConfig({ dir: path.join(ROOT, 'host'), name: 'probe', runtime }) as {
      plugins: Replacement[];
    }
  ).plugins.filter((p) => p.resourceRegExp instanceof RegExp);

describe('createFederatedConfig: the federation runtime core ships once', () => {
  const runtimeReplacementsOf = (runtime: 'provide' | 'consume') =>
    replacementsOf(runtime).filter((p) => p.resourceRegExp !== AXIOS_FETCH_ADAPTER);

  it("points the shell at the ES module build of provideExternalRuntime's plugin, which exists", () => {
    // The CommonJS build, where the federation plugin injects it from (pnpm's real path).
    const enhanced = realpathSync(path.join(__dirname, 'node_modules/@module-federation/enhanced'));
    const injected = require.resolve('@module-federation/inject-external-runtime-core-plugin', {
      paths: [enhanced],
    });
    expect(injected).toMatch(/\.cjs$/);
    const [replacement] = runtimeReplacementsOf('provide');
    expect(replacement?.resourceRegExp?.test(injected)).toBe(true);
    const resource = { request: injected };
    replacement?.newResource?.(resource);
    expect(resource.request).toBe(injected.replace(/\.cjs$/, '.js'));
    expect(readFileSync(resource.request, 'utf8')).toContain('_FEDERATION_RUNTIME_CORE');
  });

  it('leaves the containers, which take the core from the shell, as they are', () => {
    expect(runtimeReplacementsOf('consume')).toEqual([]);
  });
});

describe("createFederatedConfig: axios's fetch adapter is left out of the browser builds", () => {
  // The axios the API client is built with (the host's), where its adapter list imports the
  // fetch adapter.
  const adapters = path.join(
    path.dirname(
      realpathSync(require.resolve('axios/package.json', { paths: [path.join(ROOT, 'host')] })),
    ),
    'lib/adapters',
  );

  it.each(['provide', 'consume'] as const)(
    'replaces the import axios makes of it with a stand-in saying "not supported" (%s)',
    (runtime) => {
      const request = /import \* as fetchAdapter from '([^']+)'/.exec(
        readFileSync(path.join(adapters, 'adapters.js'), 'utf8'),
      )?.[1];
      expect(request).toBeDefined();
      const [replacement] = replacementsOf(runtime).filter(
        (p) => p.resourceRegExp === AXIOS_FETCH_ADAPTER,
      );
      expect(replacement?.resourceRegExp?.test(request ?? '')).toBe(true);
      const resource = { request: request ?? '', context: adapters };
      replacement?.newResource?.(resource);
      expect(resource.request).toBe(AXIOS_FETCH_STAND_IN);
      // axios reads `getFetch(config)`; false is its "not supported by the environment".
      expect(readFileSync(AXIOS_FETCH_STAND_IN, 'utf8')).toMatch(
        /export const getFetch = \(\) => false;/,
      );
      // The same request from anywhere else is left alone.
      const elsewhere = { request: './fetch.js', context: path.join(ROOT, 'host/src') };
      replacement?.newResource?.(elsewhere);
      expect(elsewhere.request).toBe('./fetch.js');
    },
  );
});

describe('libraries that always load together', () => {
  // Where the files really are (pnpm's store, the workspace's @ajo/shared), so a pattern that
  // misses them, or catches a library a page may not need, fails here.
  const installed = (...segments: string[]) => realpathSync(path.join(ROOT, ...segments));
  /** A file of package `name`, found beside `of` (pnpm links a package's dependencies beside it). */
  const fileOf = (name: string, of = '') =>
    path.join(
      of
        ? realpathSync(path.join(installed('host/node_modules', of), '..', name))
        : installed('host/node_modules', name),
      'index.js',
    );
  const groupOf = (file: string) => {
    const config = createFederatedConfig({
      dir: path.join(ROOT, 'host'),
      name: 'x',
      runtime: 'provide',
      entry: {},
    });
    const groups = config.optimization.splitChunks.cacheGroups as Record<string, { test: RegExp }>;
    return Object.entries(groups)
      .filter(([, group]) => group.test.test(file))
      .map(([name]) => name);
  };

  it('puts every part of React in one chunk, and every part of the router in another', () => {
    for (const file of [
      fileOf('react'),
      path.join(installed('host/node_modules/react'), 'jsx-runtime.js'),
      fileOf('react-dom'),
      path.join(installed('host/node_modules/react-dom'), 'client.js'),
      fileOf('scheduler', 'react-dom'),
    ]) {
      expect([file, groupOf(file)]).toEqual([file, ['react']]);
    }
    for (const file of [
      fileOf('react-router-dom'),
      fileOf('react-router', 'react-router-dom'),
      fileOf('@remix-run/router', 'react-router-dom'),
      path.join(installed('shared/src/router'), 'index.ts'),
    ]) {
      expect([file, groupOf(file)]).toEqual([file, ['router']]);
    }
  });

  it('leaves alone what some pages do not load', () => {
    for (const file of [
      path.join(installed('shared/src/constants'), 'index.ts'),
      fileOf('react-hook-form'),
      fileOf('single-spa-react'),
      path.join(installed('host/src/layout'), 'avatar.tsx'),
    ]) {
      expect([file, groupOf(file)]).toEqual([file, []]);
    }
  });
});
