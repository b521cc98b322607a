/* eslint-disable @typescript-eslint/no-require-imports -- CommonJS build config */
// The federation build every remote shares (@ajo/tooling/webpack): exposes ./app from
// src/app/lifecycles.tsx, with the host's shared singletons, stamping remote.json into the manifest.
const { createRemoteConfig } = require('@ajo/tooling/webpack');

module.exports = (env, argv) => createRemoteConfig(__dirname, env, argv);
