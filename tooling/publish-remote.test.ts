// `ajo-publish-remote` as a team's pipeline runs it (a process of its own, in the remote's folder),
// against operator APIs that answer, sit under a path prefix, refuse, answer HTML or hang up.
import { execFile } from 'node:child_process';
import { createServer } from 'node:http';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

// Each case starts a Node process: seconds apiece on a busy two-core machine.
jest.setTimeout(60_000);
const CLI = path.join(__dirname, 'publish-remote.mjs');
const TOKEN = 'team-pipeline-token-0123456789';

let dir: string;
let server: Server | undefined;
let seen: { method?: string; url?: string; auth?: string; type?: string; body: Buffer }[];

function remoteFolder({
  name = 'payments',
  version = '0.3.0',
  built = version,
  remoteJson = true,
}: { name?: string; version?: string; built?: string; remoteJson?: boolean | string } = {}) {
  writeFileSync(path.join(dir, 'package.json'), JSON.stringify({ name: '@team/x', version }));
  if (remoteJson) {
    writeFileSync(
      path.join(dir, 'remote.json'),
      typeof remoteJson === 'string' ? remoteJson : JSON.stringify({ name, routes: [], nav: [] }),
    );
  }
  mkdirSync(path.join(dir, 'dist'), { recursive: true });
  writeFileSync(
    path.join(dir, 'dist', 'mf-manifest.json'),
    JSON.stringify({ name, metaData: { buildInfo: { buildVersion: built } } }),
  );
  writeFileSync(path.join(dir, 'dist', 'remoteEntry.js'), '/* the container */');
}

/** An operator API stand-in: records each request, answers with `answer`. */
async function listen(answer: (req: IncomingMessage, res: ServerResponse) => void) {
  server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      seen.push({
        method: req.method,
        url: req.url,
        auth: req.headers.authorization,
        type: req.headers['content-type'],
        body: Buffer.concat(chunks),
      });
      answer(req, res);
    });
  });
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server!.address() as AddressInfo).port}`;
}

function publish(
  registryUrl: string | undefined,
  ...args: string[]
): Promise<{ code: number; out: string; err: string }> {
  const env: NodeJS.ProcessEnv = { ...process.env, AJO_OPERATOR_TOKEN: TOKEN };
  if (registryUrl === undefined) delete env.AJO_REGISTRY_URL;
  else env.AJO_REGISTRY_URL = registryUrl;
  return new Promise((resolve) => {
    execFile(process.execPath, [CLI, ...args], { cwd: dir, env }, (error, out, err) =>
      resolve({ code: error ? Number(error.code) : 0, out, err }),
    );
  });
}

/** One line that says what happened: never a stack trace. */
function expectOneLine(err: string) {
  expect(err.trimEnd().split('\n')).toHaveLength(1);
  expect(err).not.toMatch(/\n\s+at /);
  expect(err).toMatch(/^ajo-publish-remote: /);
}

const json = (status: number, body: unknown) => (_req: IncomingMessage, res: ServerResponse) => {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
};

beforeEach(() => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'ajo-publish-remote-'));
  seen = [];
});
afterEach(async () => {
  server?.closeAllConnections();
  await new Promise((resolve) => (server ? server.close(resolve) : resolve(undefined)));
  server = undefined;
  rmSync(dir, { recursive: true, force: true });
});

describe('ajo-publish-remote', () => {
  it('uploads dist under the name remote.json declares and activates it, under the URL path prefix', async () => {
    remoteFolder({ name: 'payments', version: '0.3.0' });
    const base = await listen((req, res) =>
      json(200, req.url?.includes('/versions/') ? { published: true } : { active: '0.3.0' })(
        req,
        res,
      ),
    );
    const run = await publish(`${base}/platform/ops`, '--activate', '--reason', 'new screen');
    expect(run).toMatchObject({ code: 0, err: '' });
    expect(seen.map((r) => [r.method, r.url, r.auth, r.type])).toEqual([
      [
        'PUT',
        '/platform/ops/_operator/registry/payments/versions/0.3.0',
        `Bearer ${TOKEN}`,
        'application/gzip',
      ],
      ['PUT', '/platform/ops/_operator/registry/payments', `Bearer ${TOKEN}`, 'application/json'],
    ]);
    // The upload is dist/ as a gzipped tarball (the container in it), the activation the version.
    expect(gunzipSync(seen[0]!.body).toString('latin1')).toContain('/* the container */');
    expect(JSON.parse(seen[1]!.body.toString())).toEqual({
      version: '0.3.0',
      reason: 'new screen',
    });
    expect(run.out).toContain('"published":true');
  });

  it('keeps a prefix given with a trailing slash and calls the root without one', async () => {
    remoteFolder();
    const base = await listen(json(200, { published: true }));
    expect((await publish(`${base}/platform/`)).code).toBe(0);
    expect((await publish(base)).code).toBe(0);
    expect(seen.map((r) => r.url)).toEqual([
      '/platform/_operator/registry/payments/versions/0.3.0',
      '/_operator/registry/payments/versions/0.3.0',
    ]);
  });

  it("asks for a new remote's registration with --new-remote, and not otherwise", async () => {
    remoteFolder({ name: 'cable_tv', version: '0.1.0' });
    const base = await listen(json(201, { published: true }));
    expect((await publish(base, '--new-remote')).code).toBe(0);
    expect(seen.map((r) => r.url)).toEqual([
      '/_operator/registry/cable_tv/versions/0.1.0?new-remote=1',
    ]);
  });

  it('says which registry it cannot reach when nothing listens there', async () => {
    remoteFolder();
    const base = await listen(json(200, {}));
    await new Promise((resolve) => server!.close(resolve));
    server = undefined;
    const run = await publish(`${base}/platform`);
    expect(run.code).toBe(1);
    expectOneLine(run.err);
    expect(run.err).toContain(
      `cannot reach the registry at ${base}/platform/_operator/registry/payments/versions/0.3.0`,
    );
    expect(run.err).toContain('connection refused');
    expect(run.err).toContain('Check AJO_REGISTRY_URL');
  });

  it('says the URL is not the operator API when the answer is a web page', async () => {
    remoteFolder();
    const base = await listen((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      res.end('<!doctype html><title>Ajo Wallet</title>');
    });
    const run = await publish(base, '--activate');
    expect(run.code).toBe(1);
    expectOneLine(run.err);
    expect(run.err).toMatch(/answered 200 with text\/html, not the operator API's JSON/);
    // It stopped at the upload: no activation of an upload it cannot confirm.
    expect(seen).toHaveLength(1);
  });

  it('says the connection closed when the server hangs up without an answer', async () => {
    remoteFolder();
    const base = await listen((req) => req.socket.destroy());
    const run = await publish(base);
    expect(run.code).toBe(1);
    expectOneLine(run.err);
    expect(run.err).toMatch(
      /cannot reach the registry at .*: the connection was closed before an answer/,
    );
  });

  it("passes the operator API's refusal on, and does not activate a refused upload", async () => {
    remoteFolder();
    const base = await listen(
      json(409, { message: 'version 0.3.0 of payments is already published with other content' }),
    );
    const run = await publish(base, '--activate');
    expect(run.code).toBe(1);
    expectOneLine(run.err);
    expect(run.err).toContain(
      'answered 409: version 0.3.0 of payments is already published with other content',
    );
    expect(seen).toHaveLength(1);
  });

  it('refuses before any call: no registry URL, a URL that is not one, no remote.json, a bad name, a stale build', async () => {
    const base = await listen(json(200, { published: true }));
    remoteFolder();
    const cases: [string | undefined, RegExp][] = [
      [undefined, /set AJO_REGISTRY_URL/],
      ['ops.example/platform', /AJO_REGISTRY_URL is not a URL/],
      ['ftp://ops.example', /must be an http\(s\) URL/],
    ];
    for (const [url, message] of cases) {
      const run = await publish(url);
      expect(run.code).toBe(1);
      expectOneLine(run.err);
      expect(run.err).toMatch(message);
    }
    rmSync(path.join(dir, 'remote.json'));
    expect((await publish(base)).err).toMatch(/no remote.json here/);
    remoteFolder({ remoteJson: '{"name": "Payments"' });
    expect((await publish(base)).err).toMatch(/remote.json is not JSON/);
    remoteFolder({ remoteJson: JSON.stringify({ name: 'host' }) });
    expect((await publish(base)).err).toMatch(/name "host" is not a remote name/);
    remoteFolder({ version: '0.4.0', built: '0.3.0' });
    expect((await publish(base)).err).toMatch(/built as version 0.3.0, the package is 0.4.0/);
    rmSync(path.join(dir, 'dist'), { recursive: true });
    expect((await publish(base)).err).toMatch(/dist\/mf-manifest.json is missing: build first/);
    const unknown = await publish(base, '--activte');
    expectOneLine(unknown.err);
    expect(unknown.err).toMatch(/--activte.*options: --activate/);
    expect(seen).toEqual([]);
  });
});
