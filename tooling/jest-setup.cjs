/* eslint-disable @typescript-eslint/no-require-imports -- CommonJS test setup */
// jest-dom's matchers (toBeVisible, toHaveTextContent, ...) for every web package's tests.
require('@testing-library/jest-dom');
