#!/usr/bin/env node
// `npm run bench:web`: builds what is stale (as `npm start` does), then runs Lighthouse 12 mobile on
// `/`, `/login` and `/dashboard` through e2e/bench/web-performance.bench.ts, which writes
// docs/benchmarks/web.md. Run it on a quiet machine: Lighthouse's simulated 4× CPU slowdown is
// applied on top of whatever else the machine is doing. BENCH_RUNS=5 for more runs per page.
import path from 'node:path';
import { build } from './build.mjs';
import { ROOT, log, mustRun } from './lib.mjs';
import { runOnSupportedNode } from './node-runtime.mjs';

await runOnSupportedNode();

await build({ report: false, ifStale: true });
log('Lighthouse mobile on /, /login and /dashboard');
await mustRun('npx', ['playwright', 'test', '--project=bench', '--workers=1', '--reporter=list'], {
  cwd: path.join(ROOT, 'e2e'),
  env: { ...process.env, AJO_BENCH: 'web' },
});
log('Wrote docs/benchmarks/web.md');
