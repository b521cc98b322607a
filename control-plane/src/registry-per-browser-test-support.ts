// Shared by the per-browser registry's tests (registry-per-browser.test.ts: the document, the
// bucket and rollouts; registry-per-browser-overrides.test.ts: testers' signed overrides): an app
// server on a registry with wallets 0.1.0 (live), 0.2.0 and 0.3.0 published, on a clock of its own.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { buildApp } from './app.js';

import { writeBuild, openTestStore } from './registry-test-support.js';

export const TOKEN = 'operator-token-0123456789';
export const auth = { authorization: `Bearer ${TOKEN}` };
export const NOW = Date.parse('2026-11-23T12:00:00Z');
export const manifest = (v: string) => `/remotes/wallets/${v}/mf-manifest.json`;

/** Each test's folders, its app servers (closed after it) and the time they see. */
export const world = {
  tmp: '',
  deployDir: '',
  distDir: '',
  apps: [] as FastifyInstance[],
  clock: NOW,
};

export async function startApp(options: Record<string, unknown> = {}) {
  const app = await buildApp({
    distDir: world.distDir,
    deployDir: world.deployDir,
    appConfig: { apiBaseUrl: '/api', encryptionSecret: 'secret-123', bankName: 'Test Bank' },
    operators: [{ name: 'ada', token: TOKEN }],
    middlewareUrl: 'http://127.0.0.1:9',
    production: true,
    now: () => world.clock,
    ...options,
  });
  world.apps.push(app);
  return app;
}

/** Registers the set-up before each test and the clean-up after it. */
export function perBrowserRegistryHooks() {
  beforeEach(async () => {
    world.clock = NOW;
    world.apps = [];
    world.tmp = mkdtempSync(path.join(os.tmpdir(), 'ajo-per-browser-'));
    world.distDir = path.join(world.tmp, 'dist');
    mkdirSync(world.distDir, { recursive: true });
    writeFileSync(
      path.join(world.distDir, 'index.html'),
      '<html><head></head><body></body></html>',
    );
    world.deployDir = path.join(world.tmp, 'deploy');
    const setup = openTestStore(world.deployDir);
    for (const version of ['0.1.0', '0.2.0', '0.3.0']) {
      const build = path.join(world.tmp, 'builds', version);
      writeBuild(build, { name: 'wallets', version });
      await setup.publishFolder('wallets', build, version, { operator: 'setup' });
    }
    await setup.activate('wallets', '0.1.0', { operator: 'setup' });
    await setup.close();
  });

  afterEach(async () => {
    for (const app of world.apps) await app.close();
    rmSync(world.tmp, { recursive: true, force: true });
  });
}

/** /registry.json as a browser holding `cookies` gets it. */
export async function registryFor(app: FastifyInstance, cookies: Record<string, string> = {}) {
  const res = await app.inject({ url: '/registry.json', cookies });
  expect(res.statusCode).toBe(200);
  return res;
}
/** The wallets entry this browser gets: its version and fallback (what it contributes aside). */
export async function walletsFor(app: FastifyInstance, cookies?: Record<string, string>) {
  const wallets = (await registryFor(app, cookies)).json().remotes.wallets;
  if (!wallets) return wallets;
  const { contributes: _routes, ...version } = wallets;
  return version;
}

export async function operator(
  app: FastifyInstance,
  method: InjectOptions['method'],
  url: string,
  payload?: unknown,
  headers: Record<string, string> = {},
) {
  return app.inject({
    method,
    url,
    headers: { ...auth, ...headers },
    payload: payload as InjectOptions['payload'],
  });
}

export async function rollOut(app: FastifyInstance, version: string, percent: number) {
  const res = await operator(app, 'PUT', '/_operator/registry/wallets/rollout', {
    version,
    percent,
  });
  expect(res.statusCode).toBe(200);
  return res;
}

export async function issue(app: FastifyInstance, payload: Record<string, unknown>) {
  const res = await operator(app, 'POST', '/_operator/overrides', payload);
  expect(res.statusCode).toBe(201);
  return res.json();
}
