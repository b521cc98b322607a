/* eslint-disable @typescript-eslint/no-require-imports -- CommonJS build config */
// Build of the settings remote. The federation settings live once in the host's build helper
// (the one cross-package file reference the repo allows: build tooling, not runtime code).
const { createRemoteConfig } = require('../host/build/webpack-common.cjs');

module.exports = (env, argv) => createRemoteConfig(__dirname, 'settings', env, argv);
