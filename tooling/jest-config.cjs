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

function webJestConfig(overrides = {}) {
  return {
    testEnvironment: require.resolve('jest-environment-jsdom'),
    transform: { '^.+\\.(t|j)sx?$': swcTransform },
    moduleNameMapper: cssModules,
    setupFilesAfterEnv: [require.resolve('./jest-setup.cjs')],
    testPathIgnorePatterns: ['/node_modules/', '/dist/'],
    ...overrides,
  };
}

module.exports = { webJestConfig, swcTransform, cssModules };
