#!/usr/bin/env node
// A real high-availability PostgreSQL 15 cluster on this machine, from Debian's packages
// (postgresql-15-auto-failover, pg-auto-failover-cli): a pg_auto_failover monitor and three data
// nodes (a primary and two standbys, one of them synchronous at any time), on loopback ports only,
// run as the `postgres` user. For `npm run bench:failover` (middleware/bench/failover-bench.ts) and
// for trying a failover by hand (README "Running several instances").
//   node scripts/ha-cluster.mjs start [dir]   -> prints the multi-host DATABASE_URL on stdout
//   node scripts/ha-cluster.mjs state [dir]   -> the monitor's view of the nodes
//   node scripts/ha-cluster.mjs stop [dir]
// Installs the packages with apt-get when they are missing and this runs as root.
import { spawn, spawnSync } from 'node:child_process';
import { chownSync, existsSync, mkdirSync, openSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';

const isRoot = process.getuid?.() === 0;
const PG_BIN = '/usr/lib/postgresql/15/bin';
const DBNAME = 'ajo';

/*
 * The monitor's failure detection and promotion, tightened from their defaults (a 5 s health
 * check, a node unhealthy after 20 s, 30 s before a standby replaces a primary that does not answer)
 * so a dead primary is replaced in seconds. The promotion wait must stay longer than the keepers'
 * network_partition_timeout (below): a primary cut off from the monitor stops itself before a
 * standby is promoted, so there are never two primaries. Loopback only: on a real network keep a
 * margin over the network's hiccups, or a busy primary is failed over for nothing.
 */
const MONITOR_SETTINGS = {
  'pgautofailover.health_check_period': '1000',
  'pgautofailover.health_check_timeout': '1000',
  'pgautofailover.health_check_max_retries': '1',
  'pgautofailover.health_check_retry_delay': '500',
  'pgautofailover.node_considered_unhealthy_timeout': '2000',
  'pgautofailover.primary_demote_timeout': '6000',
};
/** Seconds a keeper that cannot reach the monitor nor a standby waits before stopping its primary. */
const NETWORK_PARTITION_TIMEOUT = '4';

function run(cmd, args, { asPostgres = true, env = {}, allowFail = false } = {}) {
  const [bin, argv] =
    isRoot && asPostgres
      ? ['runuser', ['-u', 'postgres', '--', 'env', ...envArgs(env), cmd, ...args]]
      : [cmd, args];
  const r = spawnSync(bin, argv, {
    encoding: 'utf8',
    cwd: os.tmpdir(),
    env: isRoot && asPostgres ? process.env : { ...process.env, ...env },
  });
  if (r.status !== 0 && !allowFail) {
    throw new Error(
      `${path.basename(cmd)} ${args[0] ?? ''} failed (${r.status}): ${r.stderr || r.stdout}`,
    );
  }
  return r;
}

const envArgs = (env) => Object.entries(env).map(([k, v]) => `${k}=${v}`);

/** Installs PostgreSQL 15 and pg_auto_failover from Debian when missing (root only). */
export function ensureInstalled() {
  const have = existsSync('/usr/bin/pg_autoctl') && existsSync(`${PG_BIN}/pg_ctl`);
  if (have) return;
  if (!isRoot) {
    throw new Error(
      'pg_auto_failover is not installed; as root: apt-get install -y postgresql-15 postgresql-15-auto-failover pg-auto-failover-cli',
    );
  }
  process.stderr.write(
    'installing postgresql-15-auto-failover and pg-auto-failover-cli with apt-get\n',
  );
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  for (const args of [
    ['update'],
    ['install', '-y', 'postgresql-15', 'postgresql-15-auto-failover', 'pg-auto-failover-cli'],
  ]) {
    const r = spawnSync('apt-get', args, { encoding: 'utf8', env });
    if (r.status !== 0) throw new Error(`apt-get ${args[0]} failed: ${r.stderr}`);
  }
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

function owner(user) {
  const id = (flag) => Number(spawnSync('id', [flag, user], { encoding: 'utf8' }).stdout.trim());
  return [id('-u'), id('-g')];
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** Each node's pg_autoctl config and state live under the cluster folder, not in postgres's home. */
function nodeEnv(dir) {
  return {
    XDG_CONFIG_HOME: path.join(dir, 'config'),
    XDG_DATA_HOME: path.join(dir, 'share'),
    PG_CONFIG: `${PG_BIN}/pg_config`,
  };
}

/** Starts `pg_autoctl <args>` as the postgres user in the background; its pid is kept in the folder. */
function startService(dir, name, args) {
  const log = path.join(dir, `${name}.log`);
  const env = nodeEnv(dir);
  const [bin, argv] = isRoot
    ? ['runuser', ['-u', 'postgres', '--', 'env', ...envArgs(env), 'pg_autoctl', ...args]]
    : ['pg_autoctl', args];
  const out = openLog(log);
  const child = spawn(bin, argv, {
    cwd: os.tmpdir(),
    detached: true,
    stdio: ['ignore', out, out],
    env: isRoot ? process.env : { ...process.env, ...env },
  });
  child.unref();
  writeFileSync(path.join(dir, `${name}.pid`), String(child.pid));
  return child.pid;
}

/** A file descriptor the service writes to directly (it outlives this process). */
function openLog(file) {
  writeFileSync(file, '');
  return openSync(file, 'a');
}

function psql(port, sql, db = 'pg_auto_failover') {
  return run(
    `${PG_BIN}/psql`,
    ['-h', '127.0.0.1', '-p', String(port), '-U', 'autoctl_node', '-d', db, '-Atc', sql],
    { allowFail: true },
  );
}

/** A statement as the monitor's superuser (ALTER SYSTEM needs one), over its local socket. */
function monitorSuperuser(dir, port, sql) {
  const pid = readFileSync(path.join(dir, 'monitor', 'postmaster.pid'), 'utf8').split('\n');
  const socketDir = pid[4]?.trim() || '/tmp';
  const r = run(
    `${PG_BIN}/psql`,
    ['-h', socketDir, '-p', String(port), '-d', 'pg_auto_failover', '-Atc', sql],
    {
      allowFail: true,
    },
  );
  if (r.status !== 0) throw new Error(`monitor setting failed: ${sql}: ${r.stderr}`);
  return r.stdout.trim();
}

async function until(what, check, ms) {
  const deadline = Date.now() + ms;
  for (;;) {
    const result = await check();
    if (result) return result;
    if (Date.now() > deadline) throw new Error(`ha-cluster: timed out waiting for ${what}`);
    await sleep(250);
  }
}

/** The monitor's view: [{ name, port, reported, goal }]. */
export function nodeStates(dir) {
  const { monitorPort } = readInfo(dir);
  const r = run(
    `${PG_BIN}/psql`,
    [
      '-h',
      '127.0.0.1',
      '-p',
      String(monitorPort),
      '-U',
      'autoctl_node',
      '-d',
      'pg_auto_failover',
      '-AtF',
      ' ',
      '-c',
      'select nodename, nodeport, reportedstate, goalstate from pgautofailover.node order by nodeid',
    ],
    { allowFail: true },
  );
  if (r.status !== 0) return [];
  return r.stdout
    .trim()
    .split('\n')
    .filter(Boolean)
    .map((line) => {
      const [name, port, reported, goal] = line.split(' ');
      return { name, port: Number(port), reported, goal };
    });
}

function readInfo(dir) {
  return JSON.parse(readFileSync(path.join(dir, 'cluster.json'), 'utf8'));
}

/**
 * Starts the monitor and `nodes` data nodes (default 3) in `dir` and waits until there is one
 * primary and every other node is a secondary. Returns { dir, url, monitorPort, nodes: [{ name,
 * port, pgdata }] }; `url` lists every data node (libpq's multi-host form, read-write target).
 */
export async function startHaCluster(
  dir = path.join(os.tmpdir(), `ajo-ha-${process.pid}`),
  nodes = 3,
) {
  ensureInstalled();
  mkdirSync(dir, { recursive: true });
  for (const sub of ['config', 'share']) mkdirSync(path.join(dir, sub), { recursive: true });
  if (isRoot)
    for (const sub of ['', 'config', 'share']) chownSync(path.join(dir, sub), ...owner('postgres'));
  const monitorPort = await freePort();
  const common = [
    '--pgctl',
    `${PG_BIN}/pg_ctl`,
    '--hostname',
    '127.0.0.1',
    '--auth',
    'trust',
    '--no-ssl',
  ];
  startService(dir, 'monitor', [
    'create',
    'monitor',
    '--pgdata',
    path.join(dir, 'monitor'),
    '--pgport',
    String(monitorPort),
    ...common,
    '--run',
  ]);
  await until('the monitor', () => psql(monitorPort, 'select 1').status === 0, 60_000);
  for (const [key, value] of Object.entries(MONITOR_SETTINGS))
    monitorSuperuser(dir, monitorPort, `alter system set ${key} = '${value}'`);
  monitorSuperuser(dir, monitorPort, 'select pg_reload_conf()');
  await until(
    'the monitor settings to apply',
    () =>
      monitorSuperuser(
        dir,
        monitorPort,
        "select setting from pg_settings where name = 'pgautofailover.primary_demote_timeout'",
      ) === MONITOR_SETTINGS['pgautofailover.primary_demote_timeout'],
    10_000,
  );

  const monitorUrl = `postgres://autoctl_node@127.0.0.1:${monitorPort}/pg_auto_failover?sslmode=disable`;
  const info = { dir, monitorPort, nodes: [] };
  for (let i = 1; i <= nodes; i++) {
    const name = `node${i}`;
    const port = await freePort();
    const pgdata = path.join(dir, name);
    info.nodes.push({ name, port, pgdata });
    writeFileSync(path.join(dir, 'cluster.json'), JSON.stringify(info));
    startService(dir, name, [
      'create',
      'postgres',
      '--pgdata',
      pgdata,
      '--pgport',
      String(port),
      '--listen',
      '127.0.0.1',
      '--name',
      name,
      '--dbname',
      DBNAME,
      '--monitor',
      monitorUrl,
      ...common,
      '--run',
    ]);
    // One node at a time: each standby is cloned from the primary with pg_basebackup.
    await until(
      `${name} to join`,
      () => {
        const states = nodeStates(dir);
        const me = states.find((s) => s.name === name);
        return me && (i === 1 ? me.reported === 'single' : me.reported === 'secondary');
      },
      120_000,
    );
    // Once the node runs (a reload during its initialisation would restart it half-way).
    run(
      'pg_autoctl',
      [
        'config',
        'set',
        '--pgdata',
        pgdata,
        'timeout.network_partition_timeout',
        NETWORK_PARTITION_TIMEOUT,
      ],
      { env: nodeEnv(dir) },
    );
    run('pg_autoctl', ['reload', '--pgdata', pgdata], { env: nodeEnv(dir), allowFail: true });
  }
  if (nodes > 2) {
    // Two standbys: a commit waits for one of them (ANY 1), so losing any one node keeps
    // synchronous replication (with one standby, losing it would have to fall back to async).
    run('pg_autoctl', ['set', 'formation', 'number-sync-standbys', '1', '--monitor', monitorUrl], {
      env: nodeEnv(dir),
    });
  }
  await until(
    'one primary and every other node a secondary',
    () => {
      const states = nodeStates(dir);
      return (
        states.length === nodes &&
        states.filter((s) => s.reported === 'primary' && s.goal === 'primary').length === 1 &&
        states.filter((s) => s.reported === 'secondary' && s.goal === 'secondary').length ===
          nodes - 1
      );
    },
    120_000,
  );
  const hosts = info.nodes.map((n) => `127.0.0.1:${n.port}`).join(',');
  info.url = `postgres://postgres@${hosts}/${DBNAME}?target_session_attrs=read-write`;
  writeFileSync(path.join(dir, 'cluster.json'), JSON.stringify(info));
  return info;
}

/** The postmaster pid of a node's postgres, or null when it is not running. */
export function postmasterPid(pgdata) {
  try {
    return Number(readFileSync(path.join(pgdata, 'postmaster.pid'), 'utf8').split('\n')[0]);
  } catch {
    return null;
  }
}

function signal(pid, sig) {
  try {
    process.kill(pid, sig);
    return true;
  } catch {
    return false;
  }
}

/** SIGKILL to the node's postgres only (its pg_autoctl keeper stays and may restart it). */
export function killPostgres(node) {
  const pid = postmasterPid(node.pgdata);
  if (pid) signal(pid, 'SIGKILL');
  return pid;
}

/** The whole node gone at once: its pg_autoctl processes and its postgres, SIGKILL. */
export function killNode(dir, node) {
  const keeper = Number(readFileSync(path.join(dir, `${node.name}.pid`), 'utf8'));
  // runuser → env → pg_autoctl (and its children): the process group started detached.
  signal(-keeper, 'SIGKILL');
  const pid = postmasterPid(node.pgdata);
  if (pid) signal(pid, 'SIGKILL');
}

/** Stops every node and the monitor (SIGTERM to each service's process group, then SIGKILL). */
export async function stopHaCluster(dir) {
  if (!existsSync(path.join(dir, 'cluster.json'))) return;
  const info = readInfo(dir);
  const names = [...info.nodes.map((n) => n.name), 'monitor'];
  for (const name of names) {
    const file = path.join(dir, `${name}.pid`);
    if (existsSync(file)) signal(-Number(readFileSync(file, 'utf8')), 'SIGTERM');
  }
  await sleep(3000);
  for (const name of names) {
    const file = path.join(dir, `${name}.pid`);
    if (existsSync(file)) signal(-Number(readFileSync(file, 'utf8')), 'SIGKILL');
  }
  for (const pgdata of [...info.nodes.map((n) => n.pgdata), path.join(dir, 'monitor')]) {
    const pid = postmasterPid(pgdata);
    if (pid) signal(pid, 'SIGKILL');
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const [cmd, dir = path.join(os.tmpdir(), 'ajo-ha')] = process.argv.slice(2);
  if (cmd === 'start') {
    const info = await startHaCluster(dir);
    process.stdout.write(`${info.url}\n`);
  } else if (cmd === 'state') {
    for (const s of nodeStates(dir))
      process.stdout.write(`${s.name} :${s.port} ${s.reported} (goal ${s.goal})\n`);
  } else if (cmd === 'stop') {
    await stopHaCluster(dir);
  } else {
    console.error('usage: ha-cluster.mjs start [dir] | state [dir] | stop [dir]');
    process.exit(2);
  }
}
