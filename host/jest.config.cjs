/* eslint-disable @typescript-eslint/no-require-imports -- CommonJS build config */
// Unit tests: @swc/jest (automatic React runtime), jsdom by default; server tests pick the node
// environment with a @jest-environment docblock. CSS Modules map to their class names.

const ESM_ONLY = ['content-disposition', 'cookie'];
// Loads `cookie` (ESM only) by a dynamic import, which jest runs only once compiled to require.
const DYNAMIC_ESM = ['\\.pnpm/@fastify\\+cookie@', '@fastify/cookie/'];

const { webJestConfig, swcTransform } = require('@ajo/tooling/jest');

// *.pg.test.mjs need a PostgreSQL database: only `npm run test:pg` (JEST_PG=1) runs them.
const PG_ONLY = process.env.JEST_PG === '1';

module.exports = webJestConfig({
  transform: { '^.+\\.(t|j|mj)sx?$': swcTransform },
  moduleFileExtensions: ['ts', 'tsx', 'js', 'mjs', 'cjs', 'json'],
  testMatch: PG_ONLY
    ? ['<rootDir>/server/**/*.pg.test.mjs']
    : ['<rootDir>/src/**/*.test.{ts,tsx}', '<rootDir>/server/**/*.test.mjs'],
  testPathIgnorePatterns: ['/node_modules/', '/dist/', ...(PG_ONLY ? [] : ['\\.pg\\.test\\.mjs$'])],
  // A few server dependencies ship ESM only (content-disposition, cookie) or load it by a dynamic
  // import (@fastify/cookie): compile them for jest.
  transformIgnorePatterns: [
    `/node_modules/(?!${[...ESM_ONLY.flatMap((p) => [`\\.pnpm/${p}@`, `${p}/`]), ...DYNAMIC_ESM].join('|')})`,
  ],
});
