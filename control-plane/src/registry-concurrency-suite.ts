// Two app servers (two processes) on one registry database: concurrent activations through both
// lose none, and concurrent changes made against the same revision let exactly one through. Run on
// the embedded database (registry-concurrency.test.ts) and on PostgreSQL
// (registry-concurrency.pg.test.ts), the two the app servers use.
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import { writeBuild, openTestStore } from './registry-test-support.js';

const TOKEN = 'concurrency-operator-token';
const VERSIONS = Array.from({ length: 200 }, (_, i) => `1.0.${i}`);
const auth = { authorization: `Bearer ${TOKEN}`, 'content-type': 'application/json' };

/** Where the two servers run: their registry, their files and their processes. */
interface Setup {
  databaseUrl: string | undefined;
  tmp: string;
  deployDir: string;
  servers: ChildProcess[];
}

/** One app server in its own process, on a free port; resolves with its base URL. */
function startServer(setup: Setup): Promise<string> {
  const { tmp, deployDir, databaseUrl } = setup;
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
  setup.servers.push(child);
  return new Promise((resolve, reject) => {
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => {
      output += String(chunk);
      const port = /listening (\d+)/.exec(output)?.[1];
      if (port) resolve(`http://127.0.0.1:${port}`);
    });
    child.stderr.on('data', (chunk: Buffer) => (output += String(chunk)));
    child.once('exit', (code) => reject(new Error(`app server exited ${code}: ${output}`)));
  });
}

/** The registry with VERSIONS of wallets published, and the two servers on it. */
async function setUp(setup: Setup) {
  mkdirSync(path.join(setup.tmp, 'dist'), { recursive: true });
  const store = openTestStore(setup.deployDir, { databaseUrl: setup.databaseUrl });
  for (const version of VERSIONS) {
    const build = path.join(setup.tmp, 'builds', version);
    writeBuild(build, { name: 'wallets', version });
    await store.publishFolder('wallets', build, version, { operator: 'setup' });
  }
  await store.close();
  return Promise.all([startServer(setup), startServer(setup)]);
}

async function stopServers(servers: ChildProcess[]) {
  await Promise.all(
    servers.map(
      (child) =>
        new Promise<void>((resolve) => {
          if (child.exitCode !== null) return resolve();
          child.once('exit', () => resolve());
          child.kill('SIGTERM');
        }),
    ),
  );
}

// The operator API's answers as the tests read them.
interface RegistryAnswer {
  revision: number;
  state: { remotes: Record<string, { active: string | null }> };
  document: { remotes: Record<string, { version: string }> };
}
interface HistoryRow {
  revision: number;
  action: string;
  from: string | null;
  to: string | null;
}
const getJson = async <T>(url: string): Promise<T> =>
  (await (await fetch(url, { headers: auth })).json()) as T;

/** 200 activations at once, alternating between the servers: each one applied, none lost. */
async function activationsLoseNone(a: string, b: string) {
  const before = await getJson<RegistryAnswer>(`${a}/_operator/registry`);

  const answers = await Promise.all(
    VERSIONS.map((version, i) =>
      fetch(`${i % 2 ? b : a}/_operator/registry/wallets`, {
        method: 'PUT',
        headers: auth,
        body: JSON.stringify({ version, reason: `activation ${i}` }),
      }).then(async (res) => ({ status: res.status, body: (await res.json()) as RegistryAnswer })),
    ),
  );
  expect(answers.filter((r) => r.status !== 200)).toEqual([]);
  // Every answer names its own revision: no two activations were applied as one.
  expect(new Set(answers.map((r) => r.body.revision)).size).toBe(200);

  const { history } = await getJson<{ history: HistoryRow[] }>(
    `${b}/_operator/registry/history?remote=wallets&limit=1000`,
  );
  const activations = history
    .filter((h) => h.action === 'activate' && h.revision > before.revision)
    .sort((x, y) => x.revision - y.revision);
  expect(activations).toHaveLength(200);
  expect(activations.map((h) => h.to).sort()).toEqual([...VERSIONS].sort());
  // Each change starts from the version the one before it left live: no update was lost.
  activations.forEach((h, i) => {
    expect(h.from).toBe(i === 0 ? null : activations[i - 1]!.to);
  });
  const after = await getJson<RegistryAnswer>(`${a}/_operator/registry`);
  expect(after.revision).toBe(before.revision + 200);
  expect(after.state.remotes.wallets!.active).toBe(activations.at(-1)!.to);
  expect(after.document.remotes.wallets!.version).toBe(activations.at(-1)!.to);
}

/** Changes against one revision (If-Match) through both servers: one applies, the rest 409. */
async function oneOfTheSameRevisionApplies(a: string, b: string) {
  const read = await fetch(`${a}/_operator/registry`, { headers: auth });
  const seen = (await read.json()) as RegistryAnswer;
  const tag = read.headers.get('etag') ?? '';
  const targets = VERSIONS.slice(0, 50).filter((v) => v !== seen.state.remotes.wallets!.active);
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
  const after = await getJson<RegistryAnswer>(`${b}/_operator/registry`);
  expect(after.revision).toBe(seen.revision + 1);
  expect(after.state.remotes.wallets!.active).toBe(applied[0]!.version);
  const { history } = await getJson<{ history: HistoryRow[] }>(
    `${a}/_operator/registry/history?limit=5`,
  );
  expect(history.filter((h) => h.revision > seen.revision)).toEqual([
    expect.objectContaining({ action: 'activate', to: applied[0]!.version }),
  ]);
}

/**
 * The suite, on the registry database `database()` answers the URL of (PostgreSQL, made empty for
 * it) or, without one, on the embedded file both servers open.
 */
export function twoAppServersOnOneRegistry({
  database,
  where,
}: {
  database?: () => Promise<string>;
  where: string;
}) {
  const setup: Setup = { databaseUrl: undefined, tmp: '', deployDir: '', servers: [] };
  let a = '';
  let b = '';

  beforeAll(async () => {
    setup.databaseUrl = await database?.();
    setup.tmp = mkdtempSync(path.join(os.tmpdir(), 'ajo-registry-cas-'));
    setup.deployDir = path.join(setup.tmp, 'deploy');
    [a, b] = await setUp(setup);
  }, 180_000);

  afterAll(async () => {
    await stopServers(setup.servers);
    rmSync(setup.tmp, { recursive: true, force: true });
  });

  describe(`the registry shared by two app servers (${where})`, () => {
    it('200 concurrent activations through both lose none: one history row each, in one unbroken chain', async () => {
      await activationsLoseNone(a, b);
    }, 300_000);

    it('changes sent with the same If-Match through both servers: exactly one applies, the others 409 and change nothing', async () => {
      await oneOfTheSameRevisionApplies(a, b);
    }, 60_000);
  });
}
