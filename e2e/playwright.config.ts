// Browser journeys in Debian's Chromium (never a downloaded browser). The config starts the
// middleware and the app server itself; it does not build: `npm test` / `npm run build` at the root
// build everything and publish the remotes into .deploy first.
import fs from 'node:fs';
import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';
import { copyDeployDir, makeRunDir } from './support/deploy-dir';
import {
  APP_PORT,
  E2E_ANDROID_STORE_URL,
  E2E_IOS_STORE_URL,
  MIDDLEWARE_PORT,
  REGISTRY_ADMIN_TOKEN,
  appBaseURL,
  hostServerScript,
  middlewareDistMain,
  middlewareSourceMain,
  middlewareTsx,
  middlewareURL,
  missingBuildOutputs,
} from './support/paths';
import { chromiumLaunchOptions } from './support/chromium';
import { fakeCameraArgs, fakeCameraFiles } from './support/fake-camera';

const missing = missingBuildOutputs();
if (missing.length > 0) {
  throw new Error(
    `The browser journeys run against real builds, and these are missing:\n  - ${missing.join('\n  - ')}\n` +
      'Run `npm run build` at the repository root first.',
  );
}

// The config is evaluated again in every worker; the run folder is made once, in the main process,
// and handed to the workers through the environment.
if (!process.env.AJO_E2E_RUN_DIR) {
  const runDir = makeRunDir('run');
  copyDeployDir(path.join(runDir, 'deploy'));
  fs.mkdirSync(path.join(runDir, 'middleware-data'));
  process.env.AJO_E2E_RUN_DIR = runDir;
  // Removed when the run ends, however it ends (a webServer that fails to start skips globalTeardown).
  process.once('exit', () => {
    try {
      fs.rmSync(runDir, { recursive: true, force: true, maxRetries: 3 });
    } catch (error) {
      console.warn(`e2e: could not remove ${runDir}: ${(error as Error).message}`);
    }
  });
}
const runDir = process.env.AJO_E2E_RUN_DIR;

// Chromium's camera flags are per launch, so the identity journeys run in their own projects: one
// camera shows a real face, the other a blank grey picture (files written by support/global-setup.ts).
const cameraFiles = fakeCameraFiles(runDir);
const withCamera = (file: string) => ({
  ...chromiumLaunchOptions,
  args: [...chromiumLaunchOptions.args, ...fakeCameraArgs(file)],
});
const faceCameraJourneys = /new-customer-verifies-identity-with-.*\.spec\.ts$/;
const blankCameraJourneys = /blank-camera.*\.spec\.ts$/;

const middlewareCommand = fs.existsSync(middlewareDistMain)
  ? `node "${middlewareDistMain}"`
  : `"${middlewareTsx}" "${middlewareSourceMain}"`;

const isCI = process.env.CI === 'true';

export default defineConfig({
  fullyParallel: true,
  forbidOnly: isCI,
  retries: isCI ? 1 : 0,
  // The machine has two cores; the servers need one of them.
  workers: 2,
  reporter: 'list',
  timeout: 30_000,
  expect: { timeout: 10_000 },
  outputDir: 'test-results',
  globalSetup: './support/global-setup.ts',
  use: {
    ...devices['Desktop Chrome'],
    baseURL: appBaseURL,
    launchOptions: chromiumLaunchOptions,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    // The app's service worker answers files itself, and page.route never sees what a worker
    // answers: journeys that route files would test the worker's copy. Journeys about the worker
    // allow it (docs/decisions/036-a-service-worker-of-our-own.md).
    serviceWorkers: 'block',
  },
  projects: [
    {
      name: 'chromium',
      testDir: './journeys',
      testIgnore: [faceCameraJourneys, blankCameraJourneys],
    },
    {
      name: 'camera',
      testDir: './journeys',
      testMatch: faceCameraJourneys,
      use: { launchOptions: withCamera(cameraFiles.face) },
    },
    {
      name: 'blank-camera',
      testDir: './journeys',
      testMatch: blankCameraJourneys,
      use: { launchOptions: withCamera(cameraFiles.blank) },
    },
    // The bundle report's gates, without a browser (support/bundle/*.test.ts).
    { name: 'bundle-checks', testDir: './support/bundle', testMatch: /.*\.test\.ts$/ },
    // `npm run bench:web` only: Lighthouse on the first pages (bench/, never part of npm test).
    ...(process.env.AJO_BENCH === 'web'
      ? [{ name: 'bench', testDir: './bench', testMatch: /.*\.bench\.ts$/ }]
      : []),
  ],
  webServer: [
    {
      name: 'middleware',
      command: middlewareCommand,
      url: `${middlewareURL}/api/health`,
      reuseExistingServer: false,
      timeout: 60_000,
      stdout: 'ignore',
      stderr: 'pipe',
      env: {
        PORT: String(MIDDLEWARE_PORT),
        HOST: '127.0.0.1',
        DATA_DIR: path.join(runDir, 'middleware-data'),
        NODE_ENV: 'development',
        LOG_LEVEL: 'warn',
        // As npm start: only the app server (loopback) may say who the client is.
        TRUST_PROXY: 'loopback',
        // Every journey's customer comes from this one address, dozens of sign-ups in a few minutes;
        // per IP the OTP routes allow 8 × this per window. The rules journeys prove (the 180-s
        // resend, five OTP tries, the sign-in lock) do not depend on it.
        RATE_LIMIT_MAX: '20',
      },
    },
    {
      name: 'app',
      command: `node "${hostServerScript}"`,
      url: `${appBaseURL}/`,
      reuseExistingServer: false,
      timeout: 60_000,
      stdout: 'ignore',
      stderr: 'pipe',
      env: {
        PORT: String(APP_PORT),
        HOST: '127.0.0.1',
        MIDDLEWARE_URL: middlewareURL,
        DEPLOY_DIR: path.join(runDir, 'deploy'),
        REGISTRY_ADMIN_TOKEN,
        ANDROID_STORE_URL: E2E_ANDROID_STORE_URL,
        IOS_STORE_URL: E2E_IOS_STORE_URL,
      },
    },
  ],
});
