#!/usr/bin/env node
// `npm run build`: install, build every package, publish the remotes into the deploy folder
// (registry + versions) with a .br and .gz beside every text asset, take the pictures of the first
// screens painted from HTML, then write the bundle report (fails over budget or on duplicate React).
// Flags: --no-report (used by `npm start`), --if-stale (skip when every dist is newer than its sources).
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { importSource } from '../control-plane/bin/source.mjs';
import {
  BUILD_INPUTS,
  ROOT,
  WEB_PACKAGES,
  install,
  log,
  mustRun,
  newestMtime,
  pnpm,
} from './lib.mjs';
import { runOnSupportedNode } from './node-runtime.mjs';

const args = new Set(process.argv.slice(2));
const STAMP = path.join(ROOT, 'dist', '.build-stamp');
const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;

function buildIsStale() {
  if (!existsSync(STAMP)) return true;
  const builtAt = newestMtime([STAMP]);
  const packages = [...WEB_PACKAGES, ...BUILD_INPUTS, 'middleware', 'control-plane'];
  const sourcesAt = newestMtime([
    ...packages.map((p) => path.join(ROOT, p)),
    path.join(ROOT, 'pnpm-lock.yaml'),
  ]);
  return sourcesAt > builtAt;
}

export async function build({ report = true, ifStale = false, skipInstall = false } = {}) {
  if (!skipInstall) await install();
  if (ifStale && !buildIsStale()) {
    log('Build is up to date (sources older than the last build); skipping');
    return;
  }
  log('Building the middleware, the host and the six remotes');
  // Two at a time: the machines have two cores and webpack is CPU-bound.
  // shared, remote-kit and tooling build nothing of their own (they are compiled into the others).
  const skip = ['e2e', ...BUILD_INPUTS].flatMap((p) => ['--filter', `!@ajo/${p}`]);
  await pnpm(['-r', '--workspace-concurrency=2', ...skip, 'build']);
  const { precompressDir } = await importSource('src/precompress.ts');
  const shell = precompressDir(path.join(ROOT, 'host', 'dist'));
  log(
    `Precompressed ${shell.files} host files: ${kb(shell.raw)} raw, ${kb(shell.gzip)} gzip, ${kb(shell.br)} brotli`,
  );
  log(
    'Publishing remotes into the deploy folder (registry: active version per remote; .br/.gz written)',
  );
  await mustRun('node', ['control-plane/bin/registry-cli.mjs', 'publish-all']);
  log('Pictures of the first screens painted from HTML (skipped without Chromium)');
  await mustRun('node', ['scripts/first-paint.mjs']);
  mkdirSync(path.dirname(STAMP), { recursive: true });
  writeFileSync(STAMP, new Date().toISOString());
  if (report) {
    log('Bundle report');
    await mustRun('node', ['scripts/bundle-report.mjs']);
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  await runOnSupportedNode();
  build({ report: !args.has('--no-report'), ifStale: args.has('--if-stale') }).catch((err) => {
    console.error(`\nBuild failed: ${err.message}`);
    process.exit(1);
  });
}
