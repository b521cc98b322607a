#!/usr/bin/env node
// Runs the pinned pnpm through npx: corepack fails on these machines (see README).
import { spawnSync } from 'node:child_process';

export const PNPM_VERSION = '10.34.9';

export function pnpm(args, options = {}) {
  const result = spawnSync('npx', ['-y', `pnpm@${PNPM_VERSION}`, ...args], {
    stdio: 'inherit',
    ...options,
  });
  if (result.status !== 0 && !options.allowFailure) {
    throw new Error(`pnpm ${args.join(' ')} failed with exit code ${result.status}`);
  }
  return result.status ?? 1;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { runOnSupportedNode } = await import('./node-runtime.mjs');
  await runOnSupportedNode();
  process.exit(pnpm(process.argv.slice(2), { allowFailure: true }));
}
