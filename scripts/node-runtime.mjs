// The project runs on Node.js 24, the current LTS line (docs/decisions/035-node-24-metrics-and-a-linted-api.md).
// The root entry scripts (start, test, build, .ci/run through npm test) call runOnSupportedNode()
// first: on Node 24 or newer they go on, with this Node's folder first on PATH so every child
// (pnpm, jest, webpack, playwright's runner, the servers) runs on the same; on an older Node they
// get Node 24 from the npm registry's `node` package through npx, as pnpm comes (scripts/pnpm.mjs),
// and run themselves again with it.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';

export const NODE_MAJOR = 24;
/** The `node` package fetched when the machine's Node is older (pinned, like pnpm). */
export const NODE_VERSION = '24.21.0';

export const majorOf = (version) => Number(String(version).replace(/^v/, '').split('.')[0]);

/** PATH with `binDir` first, so `node`, and the `#!/usr/bin/env node` tools (npx, pnpm) find it. */
export function pathWith(binDir, current = process.env.PATH ?? '') {
  const rest = current.split(path.delimiter).filter((entry) => entry && entry !== binDir);
  return [binDir, ...rest].join(path.delimiter);
}

/** The Node 24 binary from the npm registry's `node` package (npx caches it after the first run). */
export function fetchSupportedNode() {
  const result = spawnSync('npx', ['-y', `node@${NODE_VERSION}`, '-p', 'process.execPath'], {
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const binary = result.stdout?.trim().split('\n').pop();
  if (result.status !== 0 || !binary || !existsSync(binary)) {
    throw new Error(
      `Could not get Node.js ${NODE_VERSION} through npx (exit code ${result.status}); install Node.js ${NODE_MAJOR} or newer.`,
    );
  }
  return binary;
}

/**
 * Makes sure the calling entry script runs on Node 24 or newer. Returns when it does; otherwise
 * runs the same script with the same arguments on Node 24 and exits with its exit code (never
 * returns).
 */
export async function runOnSupportedNode() {
  if (majorOf(process.versions.node) >= NODE_MAJOR) {
    process.env.PATH = pathWith(path.dirname(process.execPath));
    return;
  }
  console.log(
    `Node.js ${process.versions.node} is past its end of life; running on Node.js ${NODE_VERSION} from the npm registry.`,
  );
  const node = fetchSupportedNode();
  const child = spawn(node, [...process.execArgv, process.argv[1], ...process.argv.slice(2)], {
    stdio: 'inherit',
    env: { ...process.env, PATH: pathWith(path.dirname(node)) },
  });
  // Ctrl+C reaches the whole process group; a SIGTERM sent to this process alone is passed on.
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
    process.on(signal, () => child.kill(signal));
  }
  const code = await new Promise((resolve) =>
    child.on('exit', (exitCode, signal) => resolve(exitCode ?? (signal ? 1 : 0))),
  );
  process.exit(code);
}
