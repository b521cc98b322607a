/* eslint-disable @typescript-eslint/no-require-imports -- CommonJS build config */
// Unit tests of the shell: @swc/jest (automatic React runtime), jsdom. CSS Modules map to their
// class names. The app server's tests live with it (control-plane/).

const { webJestConfig, swcTransform } = require('@ajo/tooling/jest');

module.exports = webJestConfig({
  transform: { '^.+\\.(t|j)sx?$': swcTransform },
  testMatch: ['<rootDir>/src/**/*.test.{ts,tsx}'],
});
