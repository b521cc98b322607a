#!/usr/bin/env node
// `npm test`'s first check (scripts/test.mjs): the children the project starts run on Node 24 or
// newer (docs/decisions/035-node-24-metrics-and-a-linted-api.md): `node` on PATH (the servers,
// webpack and playwright's runner are started as `node …`), and `node` as pnpm's scripts see it
// (jest runs as `node … jest.js` from the packages' scripts). Prints each and exits 1 on an older one.
import { spawnSync } from 'node:child_process';
import { ROOT, pnpmArgs } from './lib.mjs';
import { NODE_MAJOR, majorOf } from './node-runtime.mjs';

const probe = 'process.stdout.write(process.versions.node)';
const checks = [
  ['this script', () => process.versions.node],
  ['node on PATH', () => spawnSync('node', ['-e', probe], { cwd: ROOT, encoding: 'utf8' }).stdout],
  [
    "node in the middleware's pnpm scripts (jest, the server)",
    () =>
      spawnSync('npx', pnpmArgs(['--filter', '@ajo/middleware', 'exec', 'node', '-e', probe]), {
        cwd: ROOT,
        encoding: 'utf8',
      }).stdout,
  ],
];
let ok = true;
for (const [what, version] of checks) {
  const found = String(version() ?? '').trim();
  const good = majorOf(found) >= NODE_MAJOR;
  ok &&= good;
  console.log(`  ${good ? 'ok  ' : 'FAIL'} ${what}: Node.js ${found || '(did not run)'}`);
}
process.exit(ok ? 0 : 1);
