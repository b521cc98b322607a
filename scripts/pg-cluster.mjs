#!/usr/bin/env node
// A throwaway PostgreSQL 15 cluster for tests and benchmarks
// (docs/architecture.md "Local run and tests").
//   node scripts/pg-cluster.mjs start [dir] [port]  -> prints DATABASE_URL on stdout
//   node scripts/pg-cluster.mjs stop [dir]
// initdb refuses to run as root, so as root the cluster belongs to the `postgres` user.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, chownSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';

const isRoot = process.getuid?.() === 0;

function findBin(name) {
  const candidates = [
    ...['17', '16', '15'].map((v) => `/usr/lib/postgresql/${v}/bin/${name}`),
    `/usr/local/bin/${name}`,
    `/usr/bin/${name}`,
  ];
  const found = candidates.find((c) => existsSync(c));
  if (!found) throw new Error(`PostgreSQL binary '${name}' not found (install postgresql-15)`);
  return found;
}

function run(bin, args, { quiet = false } = {}) {
  const [cmd, argv] = isRoot ? ['runuser', ['-u', 'postgres', '--', bin, ...args]] : [bin, args];
  const r = spawnSync(cmd, argv, { encoding: 'utf8', cwd: os.tmpdir() });
  if (r.status !== 0) {
    throw new Error(`${path.basename(bin)} failed (${r.status}): ${r.stderr || r.stdout}`);
  }
  if (!quiet && r.stderr) process.stderr.write(r.stderr);
  return r.stdout;
}

function freePort() {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });
}

/**
 * `durable`: keep fsync and synchronous_commit on, for tests that stop the server with
 * `-m immediate` and count acknowledged commits (synchronous_commit=off may lose the last ones).
 */
export async function startCluster(dir = path.join(os.tmpdir(), `ajo-pg-${process.pid}`), port, { durable = false } = {}) {
  port = port ? Number(port) : await freePort();
  mkdirSync(dir, { recursive: true });
  if (isRoot) chownSync(dir, uid('postgres'), gid('postgres'));
  const data = path.join(dir, 'data');
  if (!existsSync(path.join(data, 'PG_VERSION'))) {
    run(findBin('initdb'), ['-D', data, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--no-locale'], { quiet: true });
  }
  const fast = durable ? '' : ' -c fsync=off -c synchronous_commit=off -c full_page_writes=off';
  const opts = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1${fast} -c max_connections=200`;
  run(findBin('pg_ctl'), ['-D', data, '-o', opts, '-l', path.join(dir, 'server.log'), '-w', 'start'], { quiet: true });
  writeFileSync(path.join(dir, 'port'), String(port));
  return { dir, port, url: `postgres://postgres@127.0.0.1:${port}/postgres` };
}

/** `mode` 'immediate': no shutdown checkpoint, connections cut, as a crash (recovery at the next start). */
export function stopCluster(dir, mode = 'fast') {
  const data = path.join(dir, 'data');
  if (existsSync(data)) run(findBin('pg_ctl'), ['-D', data, '-m', mode, '-w', 'stop'], { quiet: true });
}

/**
 * A cluster in a fresh folder under the system temp dir (named `prefix` + random): `stop()` stops it
 * and removes the folder. When the start fails the folder is removed and the error thrown.
 */
export async function startThrowawayCluster(prefix, options) {
  const dir = mkdtempSync(path.join(os.tmpdir(), prefix));
  const remove = () => rmSync(dir, { recursive: true, force: true, maxRetries: 3 });
  let cluster;
  try {
    cluster = await startCluster(dir, undefined, options);
  } catch (error) {
    remove();
    throw error;
  }
  return {
    url: cluster.url,
    dir,
    port: cluster.port,
    stop() {
      try {
        stopCluster(dir);
      } finally {
        remove();
      }
    },
  };
}

function uid(user) {
  return Number(spawnSync('id', ['-u', user], { encoding: 'utf8' }).stdout.trim());
}
function gid(user) {
  return Number(spawnSync('id', ['-g', user], { encoding: 'utf8' }).stdout.trim());
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const [cmd, dir, port] = process.argv.slice(2);
  if (cmd === 'start') {
    const c = await startCluster(dir, port);
    process.stdout.write(`${c.url}\n`);
  } else if (cmd === 'stop') {
    stopCluster(dir);
  } else {
    console.error('usage: pg-cluster.mjs start [dir] [port] | stop <dir>');
    process.exit(2);
  }
}
