// Where the builds the journeys run against live. The e2e package never builds anything itself:
// the root `npm test` / `npm run build` builds every package and publishes the remotes into .deploy.
import fs from 'node:fs';
import path from 'node:path';

export const repoRoot = path.resolve(__dirname, '..', '..');
export const deploySourceDir = path.join(repoRoot, '.deploy');
export const hostServerScript = path.join(repoRoot, 'control-plane', 'bin', 'serve.mjs');
export const middlewareDistMain = path.join(repoRoot, 'middleware', 'dist', 'main.js');
export const middlewareSourceMain = path.join(repoRoot, 'middleware', 'src', 'main.ts');
export const middlewareTsx = path.join(repoRoot, 'middleware', 'node_modules', '.bin', 'tsx');

/**
 * Ports of the servers playwright.config.ts starts (the dev servers use 3000/3001). Fixed, so a
 * failure names a URL you can open; E2E_APP_PORT / E2E_MIDDLEWARE_PORT move them when taken.
 */
export const APP_PORT = Number(process.env.E2E_APP_PORT ?? 3100);
export const MIDDLEWARE_PORT = Number(process.env.E2E_MIDDLEWARE_PORT ?? 3101);
export const appBaseURL = `http://127.0.0.1:${APP_PORT}`;
export const middlewareURL = `http://127.0.0.1:${MIDDLEWARE_PORT}`;

/**
 * The store listings the e2e app server is configured with (ANDROID_STORE_URL / IOS_STORE_URL),
 * not the defaults, so a journey sent there proves the address comes from the configuration.
 */
export const E2E_ANDROID_STORE_URL =
  'https://play.google.com/store/apps/details?id=ng.ajowallet.e2e';
export const E2E_IOS_STORE_URL = 'https://apps.apple.com/ng/app/ajo-wallet-e2e/id6450000099';

/** The operator token the e2e app servers accept on the registry endpoint. */
export const REGISTRY_ADMIN_TOKEN = 'e2e-operator-token';

/** What must exist before the journeys can run; each entry says which build produces it. */
export function missingBuildOutputs(): string[] {
  const required = [
    { file: hostServerScript, what: 'control-plane/bin/serve.mjs (the app server)' },
    {
      file: path.join(repoRoot, 'host', 'dist'),
      what: 'host/dist (pnpm --filter @ajo/host build)',
    },
    { file: deploySourceDir, what: '.deploy (remotes published by `npm run build`)' },
  ];
  const middlewareRunnable =
    fs.existsSync(middlewareDistMain) || fs.existsSync(middlewareSourceMain);
  const missing = required.filter(({ file }) => !fs.existsSync(file)).map(({ what }) => what);
  if (!middlewareRunnable)
    missing.push('middleware/dist/main.js (pnpm --filter @ajo/middleware build)');
  return missing;
}
