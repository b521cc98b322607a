// Two app servers (two processes) on one registry database: concurrent activations through both
// lose none, and concurrent changes made against the same revision let exactly one through. Run on
// the embedded database (registry-concurrency.test.mjs) and on PostgreSQL
// (registry-concurrency.pg.test.mjs), the two the app servers use.
/* global describe, it, expect, beforeAll, afterAll */
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createRegistryStore } from './registry/index.js';
import { writeBuild } from './registry-test-support.mjs';

const TOKEN = 'concurrency-operator-token';
const VERSIONS = Array.from({ length: 200 }, (_, i) => `1.0.${i}`);
const auth = { authorization: `Bearer ${TOKEN}`, 'content-type': 'application/json' };

/**
 * The suite, on the registry database `database()` answers the URL of (PostgreSQL, made empty for
 * it) or, without one, on the embedded file both servers open.
 * @param {{ database?: () => Promise<string>, where: string }} o
 */
export function twoAppServersOnOneRegistry({ database, where }) {
  let databaseUrl;
  let tmp;
  let deployDir;
  const servers = [];
  let a;
  let b;

  /** One app server in its own process, on a free port; resolves with its base URL. */
  function startServer() {
    const script = `
    const { buildApp } = await import(${JSON.stringify(path.join(__dirname, 'app.ts'))});
    const app = await buildApp({
      distDir: ${JSON.stringify(path.join(tmp, 'dist'))},
      deployDir: ${JSON.stringify(deployDir)},
      appConfig: { apiBaseUrl: '/api', encryptionSecret: 's', bankName: 'b' },
      adminToken: ${JSON.stringify(TOKEN)},
      registryDatabaseUrl: ${JSON.stringify(databaseUrl)},
      operatorRateLimit: { max: 10000, timeWindow: 60000 },
      // 200 changes at once from one test process: more than one address may hold open.
      maxConnectionsPerClient: 1000,
      middlewareUrl: 'http://127.0.0.1:9',
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    process.stdout.write('listening ' + app.server.address().port + '\\n');
    process.on('SIGTERM', () => app.close().then(() => process.exit(0)));
  `;
    const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
      cwd: __dirname,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    servers.push(child);
    return new Promise((resolve, reject) => {
      let output = '';
      child.stdout.on('data', (chunk) => {
        output += chunk;
        const port = /listening (\d+)/.exec(output)?.[1];
        if (port) resolve(`http://127.0.0.1:${port}`);
      });
      child.stderr.on('data', (chunk) => (output += chunk));
      child.once('exit', (code) => reject(new Error(`app server exited ${code}: ${output}`)));
    });
  }

  beforeAll(async () => {
    databaseUrl = await database?.();
    tmp = mkdtempSync(path.join(os.tmpdir(), 'ajo-registry-cas-'));
    deployDir = path.join(tmp, 'deploy');
    mkdirSync(path.join(tmp, 'dist'), { recursive: true });
    const store = createRegistryStore(deployDir, { databaseUrl });
    for (const version of VERSIONS) {
      const build = path.join(tmp, 'builds', version);
      writeBuild(build, { name: 'wallets', version });
      await store.publishFolder('wallets', build, version, { operator: 'setup' });
    }
    await store.close();
    [a, b] = await Promise.all([startServer(), startServer()]);
  }, 180_000);

  afterAll(async () => {
    await Promise.all(
      servers.map(
        (child) =>
          new Promise((resolve) => {
            if (child.exitCode !== null) return resolve();
            child.once('exit', resolve);
            return child.kill('SIGTERM');
          }),
      ),
    );
    rmSync(tmp, { recursive: true, force: true });
  });

  describe(`the registry shared by two app servers (${where})`, () => {
    it('200 concurrent activations through both lose none: one history row each, in one unbroken chain', async () => {
      const before = await (await fetch(`${a}/_operator/registry`, { headers: auth })).json();

      const answers = await Promise.all(
        VERSIONS.map((version, i) =>
          fetch(`${i % 2 ? b : a}/_operator/registry/wallets`, {
            method: 'PUT',
            headers: auth,
            body: JSON.stringify({ version, reason: `activation ${i}` }),
          }).then(async (res) => ({ status: res.status, body: await res.json() })),
        ),
      );
      expect(answers.filter((r) => r.status !== 200)).toEqual([]);
      // Every answer names its own revision: no two activations were applied as one.
      expect(new Set(answers.map((r) => r.body.revision)).size).toBe(200);

      const { history } = await (
        await fetch(`${b}/_operator/registry/history?remote=wallets&limit=1000`, { headers: auth })
      ).json();
      const activations = history
        .filter((h) => h.action === 'activate' && h.revision > before.revision)
        .sort((x, y) => x.revision - y.revision);
      expect(activations).toHaveLength(200);
      expect(activations.map((h) => h.to).sort()).toEqual([...VERSIONS].sort());
      // Each change starts from the version the one before it left live: no update was lost.
      activations.forEach((h, i) => {
        expect(h.from).toBe(i === 0 ? null : activations[i - 1].to);
      });
      const after = await (await fetch(`${a}/_operator/registry`, { headers: auth })).json();
      expect(after.revision).toBe(before.revision + 200);
      expect(after.state.remotes.wallets.active).toBe(activations.at(-1).to);
      expect(after.document.remotes.wallets.version).toBe(activations.at(-1).to);
    }, 300_000);

    it('changes sent with the same If-Match through both servers: exactly one applies, the others 409 and change nothing', async () => {
      const read = await fetch(`${a}/_operator/registry`, { headers: auth });
      const seen = await read.json();
      const tag = read.headers.get('etag');
      const targets = VERSIONS.slice(0, 50).filter((v) => v !== seen.state.remotes.wallets.active);
      const answers = await Promise.all(
        targets.map((version, i) =>
          fetch(`${i % 2 ? b : a}/_operator/registry/wallets`, {
            method: 'PUT',
            headers: { ...auth, 'if-match': tag },
            body: JSON.stringify({ version }),
          }).then(async (res) => ({ version, status: res.status, body: await res.json() })),
        ),
      );
      const applied = answers.filter((r) => r.status === 200);
      expect(applied).toHaveLength(1);
      expect(answers.filter((r) => r.status === 409)).toHaveLength(targets.length - 1);
      const after = await (await fetch(`${b}/_operator/registry`, { headers: auth })).json();
      expect(after.revision).toBe(seen.revision + 1);
      expect(after.state.remotes.wallets.active).toBe(applied[0].version);
      const { history } = await (
        await fetch(`${a}/_operator/registry/history?limit=5`, { headers: auth })
      ).json();
      expect(history.filter((h) => h.revision > seen.revision)).toEqual([
        expect.objectContaining({ action: 'activate', to: applied[0].version }),
      ]);
    }, 60_000);
  });
}
