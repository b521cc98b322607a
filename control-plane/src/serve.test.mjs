/** @jest-environment node */
/* global describe, it, expect, beforeAll, afterAll */
// serve.mjs as deployed: with OPERATOR_PORT and OPERATOR_HOST the operator API (and its console)
// listens there only, rate limited by OPERATOR_RATE_LIMIT, and the customers' site answers 404 under
// /_operator/; a malformed OPERATOR_PORT stops the server before it listens.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

const TOKEN = 'serve-test-operator-token';
let tmp;
const children = [];

/** A port nothing listens on now (the kernel's choice, released at once). */
function freePort() {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

/**
 * Runs serve.mjs with `env`; resolves once it logged listening on every port in `ports`, or with
 * its exit code and output when it stops first.
 */
function serve(env, ports = []) {
  const child = spawn(process.execPath, [path.join(__dirname, '..', 'bin', 'serve.mjs')], {
    cwd: __dirname,
    env: {
      PATH: process.env.PATH,
      DEPLOY_DIR: path.join(tmp, 'deploy'),
      MIDDLEWARE_URL: 'http://127.0.0.1:9',
      LOG_LEVEL: 'info',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  return new Promise((resolve) => {
    let output = '';
    const listening = () =>
      ports.every((port) => output.includes(`Server listening at http://127.0.0.1:${port}`));
    const read = (chunk) => {
      output += chunk;
      if (ports.length && listening()) resolve({ listening: true, output });
    };
    child.stdout.on('data', read);
    child.stderr.on('data', read);
    child.once('exit', (code) => resolve({ listening: false, code, output }));
  });
}

beforeAll(() => {
  tmp = mkdtempSync(path.join(os.tmpdir(), 'ajo-serve-'));
});

afterAll(async () => {
  await Promise.all(
    children.map(
      (child) =>
        new Promise((resolve) => {
          if (child.exitCode !== null || child.signalCode !== null) return resolve();
          child.once('exit', resolve);
          return child.kill('SIGTERM');
        }),
    ),
  );
  rmSync(tmp, { recursive: true, force: true });
});

describe('serve.mjs', () => {
  it('serves the operator API on OPERATOR_PORT only, rate limited by OPERATOR_RATE_LIMIT', async () => {
    const [site, operator] = [await freePort(), await freePort()];
    const started = await serve(
      {
        PORT: String(site),
        OPERATOR_PORT: String(operator),
        OPERATOR_HOST: '127.0.0.1',
        OPERATOR_RATE_LIMIT: '3',
        REGISTRY_ADMIN_TOKEN: TOKEN,
      },
      [site, operator],
    );
    expect(started).toMatchObject({ listening: true });
    const at = (port, url, token) =>
      fetch(`http://127.0.0.1:${port}${url}`, {
        headers: token ? { authorization: `Bearer ${token}` } : {},
      });

    // The customers' site: its registry document, nothing of the operators'.
    expect((await at(site, '/registry.json')).status).toBe(200);
    for (const url of ['/_operator/registry', '/_operator/console']) {
      expect([url, (await at(site, url, TOKEN)).status]).toEqual([url, 404]);
    }

    // The operator server: the API and the console, nothing of the customers' site.
    const read = await at(operator, '/_operator/registry', TOKEN);
    expect(read.status).toBe(200);
    expect(await read.json()).toMatchObject({ operator: 'admin', revision: 0 });
    expect((await at(operator, '/registry.json')).status).toBe(404);

    // Three requests a minute from this client (the read above counts): then 429, whatever the token.
    const statuses = [];
    for (const token of ['wrong-guess', TOKEN, TOKEN]) {
      statuses.push((await at(operator, '/_operator/registry', token)).status);
    }
    expect(statuses).toEqual([401, 200, 429]);
  }, 60_000);

  it('refuses a malformed OPERATOR_PORT before listening, and says why', async () => {
    const site = await freePort();
    const stopped = await serve({ PORT: String(site), OPERATOR_PORT: 'eighty' });
    expect(stopped).toMatchObject({ listening: false, code: 1 });
    expect(stopped.output).toMatch(/OPERATOR_PORT must be a port number/);
  }, 60_000);
});
