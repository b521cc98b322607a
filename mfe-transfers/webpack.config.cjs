/* eslint-disable @typescript-eslint/no-require-imports -- CommonJS build config */
// The remote's name and routes come from the list of remotes (@ajo/tooling/remotes), by package name.
const { createRemoteConfig } = require('@ajo/tooling/webpack');

module.exports = (env, argv) => createRemoteConfig(__dirname, env, argv);
