// Shared by the app server's tests (app.test.ts: the site; operator-api.test.ts and
// operator-api-input.test.ts: the operator API): an app server on a built shell and a registry
// with wallets 0.1.0 (live) and 0.2.0, in a temporary folder removed after each test.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from './app.js';

import { writeBuild, openTestStore } from './registry-test-support.js';

// Live bindings: the tests read what start() and useApp() set.
export let tmp: string;
export let app: FastifyInstance;
export let deployDir: string;
export const appConfig = {
  apiBaseUrl: '/api',
  encryptionSecret: 'secret-123',
  bankName: 'Test Bank',
};

/** The app server this test restarted by hand: closed after the test like the first. */
export function useApp(next: FastifyInstance) {
  app = next;
}

export async function start(adminToken?: string, options: Record<string, unknown> = {}) {
  tmp = mkdtempSync(path.join(os.tmpdir(), 'ajo-app-'));
  const dist = path.join(tmp, 'dist');
  mkdirSync(path.join(dist, 'assets'), { recursive: true });
  writeFileSync(
    path.join(dist, 'index.html'),
    '<html><head><meta name=csp-nonce content=__CSP_NONCE__><script defer src=/assets/main.js></script></head><body><div id=root></div></body></html>',
  );
  writeFileSync(path.join(dist, 'assets', 'main.js'), 'main');
  writeFileSync(path.join(dist, 'assets', '59.7d848278.js'), 'chunk');
  deployDir = path.join(tmp, 'deploy');
  const setup = openTestStore(deployDir);
  for (const version of ['0.1.0', '0.2.0']) {
    const build = path.join(tmp, 'builds', version);
    writeBuild(build, { name: 'wallets', version });
    writeFileSync(path.join(build, '526.289fe69c.js'), `chunk ${version}`);
    await setup.publishFolder('wallets', build, version, { operator: 'setup' });
  }
  await setup.activate('wallets', '0.1.0', { operator: 'setup' });
  await setup.close();
  app = await buildApp({
    distDir: dist,
    deployDir,
    appConfig,
    adminToken,
    middlewareUrl: 'http://127.0.0.1:9',
    ...options,
  });
}

/** Closes the test's app server and removes its folder. */
export function appServerHooks() {
  afterEach(async () => {
    await app?.close();
    rmSync(tmp, { recursive: true, force: true });
  });
}
