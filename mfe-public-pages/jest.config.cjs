/* eslint-disable @typescript-eslint/no-require-imports -- CommonJS build config */
// The web packages' one jest setup (host/build/jest-web.cjs), like the webpack config.
module.exports = require('../host/build/jest-web.cjs').webJestConfig();
