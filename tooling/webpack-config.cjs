/* eslint-disable @typescript-eslint/no-require-imports -- CommonJS build config */
// The webpack + Module Federation settings of the host and every remote (`@ajo/tooling/webpack`),
// so the federation rules of docs/architecture.md "Known traps" are written once.
const path = require('node:path');
const fs = require('node:fs');
const { validateContributions } = require('./contributions.cjs');
// pnpm keeps webpack out of @module-federation/enhanced's reach; tell it which webpack runs the build
// (the package's own, resolved from the folder the build runs in).
process.env.FEDERATION_WEBPACK_PATH ||= require.resolve('webpack', {
  paths: [process.cwd(), __dirname],
});
// webpack is pinned to ~5.111 in every package: 5.112 moved internal files (lib/util/semver, ...)
// that @module-federation/enhanced 2.9 still requires by their old paths.
const { ModuleFederationPlugin } = require('@module-federation/enhanced/webpack');
const MiniCssExtractPlugin = require('mini-css-extract-plugin');
const webpack = require(process.env.FEDERATION_WEBPACK_PATH);

/**
 * Singletons of docs/architecture.md "Micro-frontends": react, react-dom, react-router-dom, rxjs
 * and shared, loaded once. The trailing-slash keys cover react/jsx-runtime and react-dom/client;
 * pnpm keeps packages under node_modules/.pnpm, hence allowNodeModulesSuffixMatch.
 * The router and rxjs are shared through @ajo/shared's narrow facades (`@ajo/shared/router`,
 * `@ajo/shared/rx`), not as packages: webpack keeps every export of a shared module, so sharing the
 * packages shipped all of them (docs/decisions/017-compressed-and-budgeted-first-pages.md); lint keeps
 * every other import of them out of the apps.
 * `@ajo/remote-kit` is deliberately absent: it is compiled into each remote, because its host-module
 * loader keeps per-remote state (docs/decisions/005-remote-kit-compiled-in.md).
 * @param {string} [dir] the package being built: @ajo/shared is found from there, by module resolution.
 */
function sharedSingletons(dir = process.cwd()) {
  const single = (requiredVersion) => ({
    singleton: true,
    requiredVersion,
    allowNodeModulesSuffixMatch: true,
  });
  const sharedPkg = JSON.parse(
    fs.readFileSync(require.resolve('@ajo/shared/package.json', { paths: [dir] }), 'utf8'),
  );
  const sharedSubpaths = Object.keys(sharedPkg.exports ?? {})
    .filter((k) => k !== './package.json' && k.startsWith('./'))
    .map((k) => `@ajo/shared/${k.slice(2)}`);
  // The slash keys must not suffix-match, or react's own ./cjs/*.js files become shared modules.
  const prefix = (requiredVersion) => ({ singleton: true, requiredVersion });
  const shared = {
    react: single('^18.3.1'),
    'react/': prefix('^18.3.1'),
    'react-dom': single('^18.3.1'),
    'react-dom/': prefix('^18.3.1'),
  };
  for (const sub of sharedSubpaths) {
    shared[sub] = { singleton: true, requiredVersion: false, version: sharedPkg.version };
  }
  return shared;
}

/**
 * @param {object} o
 * @param {string} o.dir package folder (__dirname of the caller)
 * @param {string} o.name federation name
 * @param {Record<string,string>} [o.exposes]
 * @param {'provide'|'consume'} o.runtime provide: the shell, a pure consumer that ships the federation
 *   runtime once; consume: the containers (host, remotes), which reuse it instead of bundling their
 *   own copy (~20 KB gzip each; the first-load budget of `/`).
 * @param {string} [o.assetDir] sub-folder of dist for chunks (the host builds two containers into dist)
 * @param {object[]} [o.plugins]
 * @param {string} [o.mode]
 */
/** What axios/lib/adapters/adapters.js imports its fetch adapter by, and what stands in for it. */
const AXIOS_FETCH_ADAPTER = /^\.\/fetch\.js$/;
const AXIOS_FETCH_STAND_IN = path.join(__dirname, 'axios-fetch-adapter-left-out.mjs');

/**
 * Libraries that always load together, each as one file instead of one per shared module: every
 * shared key (react, react/jsx-runtime, react-dom, react-dom/client, the router facade) is a chunk
 * of its own otherwise, a few hundred bytes each, and every file is one more request over HTTP/1.1
 * six at a time (docs/benchmarks/web.md "Notes"). No page loads one part without the others
 * (React renders every page; the router is reached only through its facade), so no page downloads
 * more; the remotes' own copies (their fallbacks) are grouped the same way, in their own build.
 */
const FIRST_SCREEN_GROUPS = {
  react: {
    test: /[\\/]node_modules[\\/](react|react-dom|scheduler)[\\/]/,
    name: 'react',
    chunks: 'async',
    enforce: true,
    priority: 20,
  },
  router: {
    test: /[\\/]node_modules[\\/](react-router|react-router-dom|@remix-run[\\/]router)[\\/]|[\\/]shared[\\/]src[\\/]router[\\/]/,
    name: 'router',
    chunks: 'async',
    enforce: true,
    priority: 20,
  },
};

function createFederatedConfig(o) {
  const mode = o.mode ?? 'production';
  const prod = mode === 'production';
  const assetDir = o.assetDir ? `${o.assetDir}/` : '';
  const hasExposes = o.exposes && Object.keys(o.exposes).length > 0;
  return {
    name: o.name,
    mode,
    context: o.dir,
    entry: o.entry ?? { main: './src/index.ts' },
    devtool: prod ? false : 'source-map',
    target: 'web',
    output: {
      path: path.join(o.dir, 'dist'),
      // docs/architecture.md "Known traps": a manifest under /remotes/<name>/<version>/ finds its
      // chunks there.
      publicPath: 'auto',
      uniqueName: o.name,
      // Entry chunks: a hash in the name breaks the federation runtime module's own hashing, so they
      // are plain names served no-cache; every other chunk is content-hashed and immutable.
      filename: `${assetDir}[name].js`,
      chunkFilename: `${assetDir}[name].[contenthash:8].js`,
      cssFilename: `${assetDir}[name].[contenthash:8].css`,
      clean: false,
    },
    resolve: { extensions: ['.tsx', '.ts', '.mjs', '.js', '.json'] },
    module: {
      rules: [
        {
          test: /\.[cm]?tsx?$/,
          // @ajo/shared and @ajo/remote-kit are source-first TypeScript: in the workspace they
          // resolve (realpath) to their own folders; a remote built outside it gets them as packages
          // in node_modules, so those are compiled too, and nothing else from node_modules is.
          exclude: (file) => /node_modules/.test(file) && !/node_modules[\\/]@ajo[\\/]/.test(file),
          use: {
            loader: require.resolve('swc-loader'),
            options: {
              jsc: {
                parser: { syntax: 'typescript', tsx: true },
                transform: { react: { runtime: 'automatic' } },
                target: 'es2020',
              },
            },
          },
        },
        {
          test: /\.module\.css$/,
          use: [
            MiniCssExtractPlugin.loader,
            {
              loader: require.resolve('css-loader'),
              options: {
                // Scoped class names: styles never leak between remotes (docs/architecture.md
                // "Micro-frontends").
                modules: {
                  namedExport: false,
                  exportLocalsConvention: 'as-is',
                  localIdentName: prod
                    ? `${o.name}_[hash:base64:6]`
                    : `${o.name}_[local]_[hash:base64:4]`,
                },
              },
            },
          ],
        },
        {
          test: /\.css$/,
          exclude: /\.module\.css$/,
          use: [MiniCssExtractPlugin.loader, require.resolve('css-loader')],
        },
      ],
    },
    optimization: {
      splitChunks: { chunks: 'async', cacheGroups: FIRST_SCREEN_GROUPS },
      moduleIds: 'deterministic',
    },
    performance: { hints: false },
    plugins: [
      new MiniCssExtractPlugin({
        filename: `${assetDir}[name].[contenthash:8].css`,
        chunkFilename: `${assetDir}[name].[contenthash:8].css`,
      }),
      new ModuleFederationPlugin({
        name: o.name,
        filename: hasExposes ? 'remoteEntry.js' : undefined,
        exposes: o.exposes,
        remotes: {},
        shared: sharedSingletons(o.dir),
        // docs/architecture.md "Known traps": loaded-first so one offline remote never breaks
        // start-up.
        shareStrategy: 'loaded-first',
        manifest: hasExposes ? { fileName: 'mf-manifest.json' } : false,
        dts: false,
        runtimePlugins: o.runtimePlugins,
        experiments: {
          ...(o.runtime === 'provide'
            ? { provideExternalRuntime: true }
            : { externalRuntime: true }),
          // Browser-only runtime: drops the node script loader from the bundle (first-load budget).
          optimization: { target: 'web' },
        },
      }),
      // provideExternalRuntime injects its plugin by the path of its CommonJS build, which
      // requires the CommonJS runtime-core while the shell's own federation runtime is the ES
      // module build: both copies shipped (21 KB gzip on every page). The plugin's ES build
      // imports the same runtime-core module the shell already has, so one copy serves both
      // (docs/decisions/017-compressed-and-budgeted-first-pages.md, third pass).
      ...(o.runtime === 'provide'
        ? [
            new webpack.NormalModuleReplacementPlugin(
              /inject-external-runtime-core-plugin[\\/]dist[\\/]index\.cjs$/,
              (resource) => {
                resource.request = resource.request.replace(/\.cjs$/, '.js');
              },
            ),
          ]
        : []),
      // axios's fetch adapter is never chosen in a browser (XMLHttpRequest comes first in its
      // list): a stand-in that says "not supported" keeps it out (./axios-fetch-adapter-left-out.mjs).
      new webpack.NormalModuleReplacementPlugin(AXIOS_FETCH_ADAPTER, (resource) => {
        if (/[\\/]axios[\\/]lib[\\/]adapters$/.test(resource.context ?? '')) {
          resource.request = AXIOS_FETCH_STAND_IN;
        }
      }),
      ...(o.plugins ?? []),
    ],
    stats: process.env.AJO_WEBPACK_STATS ?? 'errors-warnings',
  };
}

/**
 * The remote's own declaration, `remote.json` beside its package.json (./contributions.cjs):
 * refused at build time when it is not valid, so a bad one never reaches the registry.
 * @param {string} dir
 */
function declarationIn(dir) {
  const file = path.join(dir, 'remote.json');
  if (!fs.existsSync(file)) {
    throw new Error(`${file} is missing: a remote declares its name and routes there`);
  }
  let declaration;
  try {
    declaration = JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch (error) {
    throw new Error(`${file} is not JSON: ${error.message}`);
  }
  const problems = validateContributions(declaration, { withName: true });
  if (problems.length > 0) throw new Error(`${file}: ${problems.join('; ')}`);
  return declaration;
}

/**
 * Stamps what the remote contributes into its mf-manifest.json (`contributes`): the version's
 * routes, sidebar entries and home page travel with its files, immutable like them, and the
 * registry reads them from there (docs/decisions/038-remotes-declare-their-routes.md).
 */
class StampContributions {
  /** @param {object} contributes */
  constructor(contributes) {
    this.contributes = contributes;
  }

  /** @param {import('webpack').Compiler} compiler */
  apply(compiler) {
    compiler.hooks.thisCompilation.tap('StampContributions', (compilation) => {
      compilation.hooks.processAssets.tap(
        // After Module Federation writes the manifest (its stage is OPTIMIZE_TRANSFER).
        { name: 'StampContributions', stage: webpack.Compilation.PROCESS_ASSETS_STAGE_REPORT },
        () => {
          const asset = compilation.getAsset('mf-manifest.json');
          if (!asset) return;
          const manifest = JSON.parse(asset.source.source().toString());
          manifest.contributes = this.contributes;
          compilation.updateAsset(
            'mf-manifest.json',
            new webpack.sources.RawSource(JSON.stringify(manifest, null, 2)),
          );
        },
      );
    });
  }
}

/**
 * A remote's whole webpack config: exposes ./app (single-spa lifecycles). The federation name and
 * what the remote contributes come from its remote.json.
 */
function createRemoteConfig(dir, env, argv) {
  const { name, ...contributes } = declarationIn(dir);
  // Only a real build (webpack-cli sets WEBPACK_BUILD) cleans dist.
  if (env?.WEBPACK_BUILD) {
    fs.rmSync(path.join(dir, 'dist'), { recursive: true, force: true });
  }
  return createFederatedConfig({
    dir,
    name,
    mode: argv?.mode,
    runtime: 'consume',
    // No page entry: a remote is only ever loaded through its container, whose exposed modules are
    // fetched asynchronously after share negotiation (the async boundary of docs/architecture.md
    // "Known traps").
    entry: {},
    exposes: { './app': './src/app/lifecycles.tsx' },
    plugins: [new StampContributions(contributes)],
  });
}

module.exports = {
  AXIOS_FETCH_ADAPTER,
  AXIOS_FETCH_STAND_IN,
  createFederatedConfig,
  createRemoteConfig,
  sharedSingletons,
};
