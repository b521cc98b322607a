/* eslint-disable @typescript-eslint/no-require-imports -- CommonJS build config */
// The remote's name and what it contributes (routes, sidebar, home page) come from its remote.json.
const { createRemoteConfig } = require('@ajo/tooling/webpack');

module.exports = (env, argv) => createRemoteConfig(__dirname, env, argv);
