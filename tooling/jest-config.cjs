// Jest settings of the web packages (`@ajo/tooling/jest`): jsdom, @swc/jest with the automatic React
// runtime, CSS Modules mapped to their class names, jest-dom matchers. The runners are resolved from
// here, so a package needs only jest itself and what its tests import.
const swcTransform = [
  require.resolve('@swc/jest'),
  {
    jsc: {
      parser: { syntax: 'typescript', tsx: true },
      transform: { react: { runtime: 'automatic' } },
      target: 'es2022',
    },
    module: { type: 'commonjs' },
  },
];

/** CSS Modules resolve to their own class names, so tests can query `styles.x`. */
const cssModules = { '\\.css$': require.resolve('identity-obj-proxy') };

/**
 * @ajo/shared and @ajo/remote-kit ship TypeScript sources (each remote compiles its own copy:
 * docs/decisions/005-remote-kit-compiled-in.md). In the workspace they are linked folders; a team
 * outside it installs them into node_modules (pnpm: node_modules/.pnpm/<id>/node_modules/@ajo/...),
 * where jest by default transforms nothing. Every other package in node_modules stays untransformed.
 */
const NOT_AJO_PACKAGES = '/node_modules/(?!\\.pnpm/|@ajo/)';

function webJestConfig(overrides = {}) {
  return {
    testEnvironment: require.resolve('jest-environment-jsdom'),
    transform: { '^.+\\.(t|j)sx?$': swcTransform },
    moduleNameMapper: cssModules,
    setupFilesAfterEnv: [require.resolve('./jest-setup.cjs')],
    testPathIgnorePatterns: ['/node_modules/', '/dist/'],
    transformIgnorePatterns: [NOT_AJO_PACKAGES],
    ...overrides,
  };
}

module.exports = { webJestConfig, swcTransform, cssModules, NOT_AJO_PACKAGES };
