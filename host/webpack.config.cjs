/* eslint-disable @typescript-eslint/no-require-imports -- CommonJS build config */
// Two builds into dist/: the shell (the page: layout, single-spa root config; a pure federation
// consumer that ships the federation runtime once) and the `host` container that exposes ./api,
// ./session and ./bus. The shell consumes host/* through the runtime like every remote, so each of
// those modules has one instance on the page (docs/architecture.md "Known traps", webpack#17575).
const path = require('node:path');
const fs = require('node:fs');
const HtmlWebpackPlugin = require('html-webpack-plugin');
const { createFederatedConfig } = require('@ajo/tooling/webpack');

/**
 * Writes dist/first-load.json: the shell's own files each first screen loads after main.js (the
 * chunk group of `import('./bootstrap')` and the shared modules it consumes; `login` for /login), which the app
 * server hints in the page so they download beside main.js (control-plane/src/first-load.ts).
 */
class FirstLoadChunksPlugin {
  apply(compiler) {
    compiler.hooks.done.tap('FirstLoadChunksPlugin', ({ compilation }) => {
      const filesOf = (group, seen = new Set()) => {
        if (!group || seen.has(group)) return [];
        seen.add(group);
        const own = group.chunks.flatMap((chunk) => [...chunk.files]);
        // A shared module's own copy loads as a child group of the consumer (MF consume-shared).
        const shared = group
          .getChildren()
          .filter((child) => child.origins.some((o) => o.module?.type === 'consume-shared-module'))
          .flatMap((child) => filesOf(child, seen));
        return [...own, ...shared].filter((file) => /\.(js|css)$/.test(file));
      };
      // Found by the import's request, not a chunk name: naming them would change the chunking.
      const imports = { bootstrap: './bootstrap', login: '../login/login-page' };
      const groupOf = (request) =>
        [...compilation.chunkGroups].find((group) =>
          group.origins.some((origin) => origin.request === request),
        );
      const files = Object.fromEntries(
        Object.entries(imports).map(([key, request]) => [
          key,
          [...new Set(filesOf(groupOf(request)))],
        ]),
      );
      // Webpack may emit one module twice under two chunk ids (same content hash, e.g. a shared
      // module's fallback reached from two consumers); which of them the page loads is decided at
      // run time, so neither is hinted: a wrong guess would be a download the page never uses.
      const hashOf = (file) => /\.([0-9a-f]{8})\.(js|css)$/.exec(file)?.[0];
      const emitted = Object.keys(compilation.assets).map(hashOf).filter(Boolean);
      const twice = new Set(emitted.filter((hash, i) => emitted.indexOf(hash) !== i));
      for (const key of Object.keys(files)) {
        files[key] = files[key].filter((file) => !twice.has(hashOf(file)));
      }
      if (files.bootstrap.length === 0)
        throw new Error('first-load.json: no bootstrap chunk group');
      fs.writeFileSync(path.join(compiler.outputPath, 'first-load.json'), JSON.stringify(files));
    });
  }
}

/**
 * Emits public/sw.js as dist/sw.js (minified like any script in production): served at the root so its scope is the whole app,
 * with no hash so the browser finds an update by comparing the file
 * (docs/decisions/036-a-service-worker-of-our-own.md).
 */
class ServiceWorkerPlugin {
  apply(compiler) {
    const file = path.join(__dirname, 'public', 'sw.js');
    compiler.hooks.thisCompilation.tap('ServiceWorkerPlugin', (compilation) => {
      compilation.fileDependencies.add(file);
      compilation.hooks.processAssets.tap(
        {
          name: 'ServiceWorkerPlugin',
          stage: compiler.webpack.Compilation.PROCESS_ASSETS_STAGE_ADDITIONAL,
        },
        () => {
          compilation.emitAsset(
            'sw.js',
            new compiler.webpack.sources.RawSource(fs.readFileSync(file, 'utf8')),
          );
        },
      );
    });
  }
}

module.exports = (env, argv) => {
  // Only a real build (webpack-cli sets WEBPACK_BUILD) cleans dist.
  if (env?.WEBPACK_BUILD) {
    fs.rmSync(path.join(__dirname, 'dist'), { recursive: true, force: true });
  }
  const mode = argv?.mode ?? 'production';
  const shell = createFederatedConfig({
    dir: __dirname,
    name: 'ajo_shell',
    mode,
    runtime: 'provide',
    assetDir: 'assets',
    entry: { main: './src/index.ts' },
    plugins: [
      new HtmlWebpackPlugin({
        template: './public/index.html',
        scriptLoading: 'defer',
        publicPath: '/',
        inject: 'head',
      }),
      new FirstLoadChunksPlugin(),
      new ServiceWorkerPlugin(),
    ],
  });
  const container = createFederatedConfig({
    dir: __dirname,
    name: 'host',
    mode,
    runtime: 'consume',
    assetDir: 'host',
    entry: {},
    exposes: {
      './api': './src/api/index.ts',
      './session': './src/session/index.ts',
      './bus': './src/bus/index.ts',
    },
  });
  return [shell, container];
};
