/* eslint-disable @typescript-eslint/no-require-imports -- CommonJS build config */
// The tooling's own tests run in Node: they read the list of remotes and the build configs.
const { swcTransform } = require('./jest-config.cjs');

module.exports = {
  testEnvironment: 'node',
  transform: { '^.+\\.(t|j)sx?$': swcTransform },
  testMatch: ['<rootDir>/*.test.ts'],
};
