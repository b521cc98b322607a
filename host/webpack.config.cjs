/* eslint-disable @typescript-eslint/no-require-imports -- CommonJS build config */
// Two builds into dist/: the shell (the page: layout, single-spa root config; a pure federation
// consumer that ships the federation runtime once) and the `host` container that exposes ./api,
// ./session and ./bus. The shell consumes host/* through the runtime like every remote, so each of
// those modules has one instance on the page (ARCHITECTURE "Known traps", webpack#17575).
const path = require('node:path');
const fs = require('node:fs');
const HtmlWebpackPlugin = require('html-webpack-plugin');
const { createFederatedConfig } = require('@ajo/tooling/webpack');

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
