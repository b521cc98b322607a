// Unit tests: @swc/jest (automatic React runtime), jsdom by default; server tests pick the node
// environment with a @jest-environment docblock. CSS Modules map to their class names.
const swc = [
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

const ESM_ONLY = ['content-disposition', 'cookie'];

module.exports = {
  testEnvironment: 'jsdom',
  transform: { '^.+\\.(t|j|mj)sx?$': swc },
  moduleFileExtensions: ['ts', 'tsx', 'js', 'mjs', 'cjs', 'json'],
  testMatch: [
    '<rootDir>/src/**/*.test.{ts,tsx}',
    '<rootDir>/server/**/*.test.mjs',
    '<rootDir>/build/**/*.test.cjs',
  ],
  moduleNameMapper: { '\\.css$': 'identity-obj-proxy' },
  setupFilesAfterEnv: ['<rootDir>/jest.setup.ts'],
  testPathIgnorePatterns: ['/node_modules/', '/dist/'],
  // A few server dependencies ship ESM only (content-disposition, cookie): compile them for jest.
  transformIgnorePatterns: [
    `/node_modules/(?!${ESM_ONLY.map((p) => `\\.pnpm/${p}@|${p}/`).join('|')})`,
  ],
};
