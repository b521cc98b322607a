/* eslint-disable @typescript-eslint/no-require-imports -- CommonJS build config */
// Unit tests of the control plane: @swc/jest (ES modules compiled to CommonJS; swc writes
// import.meta.url as the file's URL, so a module finds its own folder in jest as under tsx) in the
// node environment.

const ESM_ONLY = ['content-disposition', 'cookie'];
// Loads `cookie` (ESM only) by a dynamic import, which jest runs only once compiled to require.
const DYNAMIC_ESM = ['\\.pnpm/@fastify\\+cookie@', '@fastify/cookie/'];

const { swcTransform } = require('@ajo/tooling/jest');

// *.pg.test.{mjs,ts} need a PostgreSQL database: only `npm run test:pg` (JEST_PG=1) runs them.
const PG_ONLY = process.env.JEST_PG === '1';

module.exports = {
  testEnvironment: 'node',
  transform: { '^.+\\.(t|j|mj)s$': swcTransform },
  moduleFileExtensions: ['ts', 'js', 'mjs', 'cjs', 'json'],
  // TypeScript sources import each other with a '.js' suffix (as Node and tsx resolve them), like
  // the middleware's; jest finds the .ts file without it.
  moduleNameMapper: { '^(\\.{1,2}/.*)\\.js$': '$1' },
  testMatch: PG_ONLY
    ? ['<rootDir>/src/**/*.pg.test.{mjs,ts}']
    : ['<rootDir>/src/**/*.test.{mjs,ts}'],
  testPathIgnorePatterns: [
    '/node_modules/',
    '/dist/',
    ...(PG_ONLY ? [] : ['\\.pg\\.test\\.(mjs|ts)$']),
  ],
  // A few server dependencies ship ESM only (content-disposition, cookie) or load it by a dynamic
  // import (@fastify/cookie): compile them for jest.
  transformIgnorePatterns: [
    `/node_modules/(?!${[...ESM_ONLY.flatMap((p) => [`\\.pnpm/${p}@`, `${p}/`]), ...DYNAMIC_ESM].join('|')})`,
  ],
};
