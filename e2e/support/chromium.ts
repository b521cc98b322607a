// Debian's Chromium, launched the same way by the journeys and by scripts/bundle-report.mjs (one
// definition, in the report's code, which runs outside Playwright's test runner).
export { CHROMIUM_LAUNCH as chromiumLaunchOptions } from './bundle/first-load.mjs';
