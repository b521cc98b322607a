/* eslint-disable @typescript-eslint/no-require-imports -- CommonJS build config */
// Jest settings of the web packages (the host and the six remotes): jsdom, @swc/jest with the
// automatic React runtime, CSS Modules mapped to their class names, jest-dom matchers. Build tooling
// like webpack-common.cjs: each package's jest.config.cjs requires it by relative path.
const path = require('node:path');

const swcTransform = [
  '@swc/jest',
  {
    jsc: {
      parser: { syntax: 'typescript', tsx: true },
      transform: { react: { runtime: 'automatic' } },
      target: 'es2022',
    },
    module: { type: 'commonjs' },
  },
];

function webJestConfig(overrides = {}) {
  return {
    testEnvironment: 'jsdom',
    transform: { '^.+\\.(t|j)sx?$': swcTransform },
    moduleNameMapper: { '\\.css$': 'identity-obj-proxy' },
    setupFilesAfterEnv: [path.join(__dirname, 'jest-setup.cjs')],
    testPathIgnorePatterns: ['/node_modules/', '/dist/'],
    ...overrides,
  };
}

module.exports = { webJestConfig, swcTransform };
