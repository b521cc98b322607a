/** @jest-environment node */
// bin/serve.mjs (src/serve.ts) as deployed: with OPERATOR_PORT and OPERATOR_HOST the operator API (and its console)
// listens there only, rate limited by OPERATOR_RATE_LIMIT, and the customers' site answers 404 under
// /_operator/; a malformed OPERATOR_PORT stops the server before it listens. METRICS_PORT serves
// only the metrics; METRICS_TOKEN opens /metrics on the site to its bearer only.
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import net, { type AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';

const TOKEN = 'serve-test-operator-token';
let tmp: string;
const children: ChildProcess[] = [];

/** A port nothing listens on now (the kernel's choice, released at once). */
function freePort() {
  return new Promise<number>((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

/**
 * Runs bin/serve.mjs with `env`; resolves once it logged listening on every port in `ports` (a string:
 * that line), or with its exit code and output when it stops first.
 */
/** What serve() saw: listening on every port asked for, or the exit code when it stopped first. */
interface Served {
  listening: boolean;
  code?: number | null;
  output: string;
}

function serve(env: Record<string, string>, ports: (number | string)[] = []): Promise<Served> {
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
      ports.every((port) =>
        output.includes(
          typeof port === 'string' ? port : `Server listening at http://127.0.0.1:${port}`,
        ),
      );
    const read = (chunk: Buffer) => {
      output += String(chunk);
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
        new Promise<void>((resolve) => {
          if (child.exitCode !== null || child.signalCode !== null) return resolve();
          child.once('exit', () => resolve());
          child.kill('SIGTERM');
        }),
    ),
  );
  rmSync(tmp, { recursive: true, force: true });
});

describe('bin/serve.mjs', () => {
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
    const at = (port: number, url: string, token?: string) =>
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
    const statuses: number[] = [];
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

  it('serves the metrics on METRICS_PORT only, and on the site to the METRICS_TOKEN bearer only', async () => {
    const [site, metrics] = [await freePort(), await freePort()];
    const metricsToken = 'serve-test-metrics-token';
    const started = await serve(
      { PORT: String(site), METRICS_PORT: String(metrics), METRICS_TOKEN: metricsToken },
      [site, `Metrics listening at http://127.0.0.1:${metrics}`],
    );
    expect(started).toMatchObject({ listening: true });
    const at = (port: number, url: string, token?: string) =>
      fetch(`http://127.0.0.1:${port}${url}`, {
        headers: token ? { authorization: `Bearer ${token}` } : {},
      });

    expect((await at(site, '/registry.json')).status).toBe(200);
    const own = await at(metrics, '/metrics');
    expect(own.status).toBe(200);
    expect(await own.text()).toContain(
      'ajo_app_server_http_requests_total{method="GET",route="/registry.json",remote="",status="200"} 1',
    );
    for (const url of ['/', '/registry.json', '/api/health', '/_beacon/remote-failure']) {
      expect([url, (await at(metrics, url)).status]).toEqual([url, 404]);
    }

    expect((await at(site, '/metrics')).status).toBe(401);
    expect((await at(site, '/metrics', 'not-the-metrics-token')).status).toBe(401);
    const onSite = await at(site, '/metrics', metricsToken);
    expect(onSite.status).toBe(200);
    expect(await onSite.text()).toContain('ajo_app_server_process_cpu_seconds_total');
  }, 60_000);

  it('refuses a malformed METRICS_PORT or a short METRICS_TOKEN before listening', async () => {
    const site = await freePort();
    const port = await serve({ PORT: String(site), METRICS_PORT: '70000' });
    expect(port).toMatchObject({ listening: false, code: 1 });
    expect(port.output).toMatch(/METRICS_PORT must be a port number/);
    const token = await serve({ PORT: String(site), METRICS_TOKEN: 'short' });
    expect(token).toMatchObject({ listening: false, code: 1 });
    expect(token.output).toMatch(/METRICS_TOKEN must be at least 16 characters long/);
  }, 60_000);
});
