/* eslint-disable @typescript-eslint/no-require-imports -- CommonJS test setup */
// jest-dom's matchers (toBeVisible, toHaveTextContent, ...) for every web package's tests.
require('@testing-library/jest-dom');

// findBy* and waitFor wait 1 s by default. A lazy route's first import under a full `npm test` on a
// two-core machine can take longer than that, which failed a correct test; a screen that never
// comes still fails, only later. The package's own copy is configured (the one its tests import).
let testingLibraryDom = null;
try {
  // @testing-library/react's own (peer) copy: the package may not list it itself.
  const react = require.resolve('@testing-library/react', { paths: [process.cwd()] });
  testingLibraryDom = require.resolve('@testing-library/dom', { paths: [react] });
} catch {
  // A package whose tests render nothing (no @testing-library/dom installed).
}
if (testingLibraryDom) require(testingLibraryDom).configure({ asyncUtilTimeout: 5000 });
