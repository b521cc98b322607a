// Small helpers shared by the root scripts (build, start, test).
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { REMOTES as REMOTE_LIST, remoteFolder, remotePackage } from '../tooling/remotes.cjs';
import { PNPM_VERSION } from './pnpm.mjs';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
/** The remotes' folders, from the list of remotes (tooling/remotes.cjs). */
export const REMOTES = REMOTE_LIST.map(remoteFolder);
export const REMOTE_PACKAGES = REMOTE_LIST.map(remotePackage);
/** The packages a browser runs: the host and the remotes (built by webpack into dist/). */
export const WEB_PACKAGES = ['host', ...REMOTES];
/** Packages the web builds compile in or are configured by: a change there makes every build stale. */
export const BUILD_INPUTS = ['shared', 'remote-kit', 'tooling'];

export function log(message) {
  process.stdout.write(`\n\u001b[1m▶ ${message}\u001b[0m\n`);
}

/** Runs a command with inherited output; resolves to its exit code. */
export function run(cmd, args, options = {}) {
  return new Promise((resolve) => {
    const child = spawn(cmd, args, { stdio: 'inherit', cwd: ROOT, ...options });
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

export async function mustRun(cmd, args, options = {}) {
  const code = await run(cmd, args, options);
  if (code !== 0) {
    throw new Error(`${cmd} ${args.join(' ')} exited with ${code}`);
  }
}

export const pnpmArgs = (args) => ['-y', `pnpm@${PNPM_VERSION}`, ...args];
export const pnpm = (args, options) => mustRun('npx', pnpmArgs(args), options);

/** Installs dependencies exactly as locked (fast when nothing changed). */
export async function install() {
  log('Installing dependencies (pnpm, frozen lockfile)');
  await pnpm(['install', '--frozen-lockfile', '--prefer-offline', '--reporter=append-only']);
}

/** Newest modification time of the files under the given paths, skipping build output. */
export function newestMtime(paths) {
  let newest = 0;
  const skip = new Set(['node_modules', 'dist', '.deploy', '.data', 'coverage', 'test-results']);
  const visit = (p) => {
    if (!existsSync(p)) return;
    const st = statSync(p);
    if (st.isDirectory()) {
      for (const entry of readdirSync(p)) if (!skip.has(entry)) visit(path.join(p, entry));
    } else if (st.mtimeMs > newest) newest = st.mtimeMs;
  };
  paths.forEach(visit);
  return newest;
}

export function hasCommand(name) {
  return spawnSync('sh', ['-c', `command -v ${name}`], { stdio: 'ignore' }).status === 0;
}
