/* eslint-disable @typescript-eslint/no-require-imports -- CommonJS build config */
// Unit tests: the web packages' jest settings (@ajo/tooling/jest); jsdom only for the UI kit.
const { cssModules, swcTransform, webJestConfig } = require('@ajo/tooling/jest');

module.exports = {
  projects: [
    {
      displayName: 'node',
      testEnvironment: 'node',
      transform: { '^.+\\.(t|j)sx?$': swcTransform },
      moduleNameMapper: cssModules,
      testPathIgnorePatterns: ['/node_modules/'],
      testMatch: ['<rootDir>/src/**/*.test.ts'],
    },
    webJestConfig({ displayName: 'ui', testMatch: ['<rootDir>/src/**/*.test.tsx'] }),
  ],
};
