#!/usr/bin/env node
// `npm start`: on a fresh clone installs and builds everything, then runs the middleware API and the
// app server (host shell + published remotes, /api proxied to the middleware) at http://localhost:3000.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { build } from './build.mjs';
import { ROOT, log } from './lib.mjs';
import { runOnSupportedNode } from './node-runtime.mjs';

await runOnSupportedNode();

const APP_PORT = Number(process.env.PORT ?? 3000);
const API_PORT = Number(process.env.API_PORT ?? 3001);
const HOST = process.env.HOST ?? '127.0.0.1';
// Request logs at info level would bury the sandbox's OTP lines; LOG_LEVEL=info brings them back.
const LOG_LEVEL = process.env.LOG_LEVEL ?? 'warn';

const children = [];

function startChild(name, args, env) {
  const child = spawn(process.execPath, args, {
    cwd: ROOT,
    stdio: 'inherit',
    env: { ...process.env, ...env },
  });
  child.on('exit', (code, signal) => {
    if (!shuttingDown) {
      console.error(`\n${name} stopped (${signal ?? `exit code ${code}`}); stopping everything.`);
      shutdown(code || 1);
    }
  });
  children.push(child);
  return child;
}

async function waitForHealth(url, timeoutMs = 60_000) {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    try {
      const res = await fetch(url);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`${url} did not answer within ${timeoutMs / 1000} s`);
}

let shuttingDown = false;
function shutdown(code = 0) {
  if (shuttingDown) return;
  shuttingDown = true;
  for (const child of children) child.kill('SIGTERM');
  // The middleware finishes in-flight requests and closes its database before exiting.
  setTimeout(() => process.exit(code), 10_000).unref();
  Promise.all(children.map((c) => new Promise((r) => (c.exitCode !== null ? r() : c.on('exit', r))))).then(
    () => process.exit(code),
  );
}
process.on('SIGINT', () => shutdown(0));
process.on('SIGTERM', () => shutdown(0));

try {
  await build({ report: false, ifStale: true });
  log('Starting the middleware API and the app server');
  startChild('middleware', [path.join('middleware', 'dist', 'main.js')], {
    PORT: String(API_PORT),
    HOST,
    LOG_LEVEL,
    // The middleware believes X-Forwarded-For only from its app server (on this machine), which
    // writes the real client address there: per-IP limits count real clients.
    TRUST_PROXY: 'loopback',
  });
  await waitForHealth(`http://${HOST}:${API_PORT}/api/health`);
  startChild('app server', [path.join('control-plane', 'bin', 'serve.mjs')], {
    PORT: String(APP_PORT),
    HOST,
    MIDDLEWARE_URL: `http://${HOST}:${API_PORT}`,
    LOG_LEVEL,
  });
  await waitForHealth(`http://${HOST}:${APP_PORT}/api/health`);
  console.log(`
  Ajo Wallet is running (sandbox providers, embedded database in .data/)
    App:     http://localhost:${APP_PORT}
    API:     http://localhost:${APP_PORT}/api  (middleware on port ${API_PORT})
    Outbox:  http://localhost:${APP_PORT}/api/sandbox/outbox?recipient=234...  (OTPs are also printed here)
  Press Ctrl+C to stop.
`);
} catch (err) {
  console.error(`\nnpm start failed: ${err.message}`);
  shutdown(1);
}
