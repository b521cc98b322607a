/* eslint-disable @typescript-eslint/no-require-imports -- CommonJS build config */
module.exports = require('@ajo/tooling/jest').webJestConfig();
