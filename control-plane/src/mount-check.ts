// The headless mount smoke test before a version goes live
// (docs/decisions/022-a-version-is-mounted-before-it-goes-live.md): the version's entry and its
// exposed ./app are loaded and mounted in a jsdom page (mount-check-page.ts) in a child process,
// so a version that hangs, loops or crashes costs the app server nothing but the wait; the child is
// killed at the time limit.
import { fork } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { MountResult } from './mount-check-page.js';
import { readContributions } from './registry/contributions.js';
import type { MountCheck } from './registry/types.js';

/** This folder, for the child's script (import.meta.url: tsx gives the file's, jest's swc too). */
const SOURCE_DIR = path.dirname(fileURLToPath(import.meta.url));

/**
 * From the page being ready (jsdom, the shared modules, the runtime) to the version mounted: its
 * entry, ./app, bootstrap and mount. A mount takes well under a second; this is for busy machines.
 */
export const MOUNT_CHECK_TIMEOUT_MS = 10_000;
/** Setting the page up is the host's own work: only a broken host install takes this long. */
const SETUP_TIMEOUT_MS = 60_000;

/**
 * Where a version is mounted: the home page for the remote that owns it, else the first of its own
 * routes, as its build declared them (record 038).
 */
export function routeToMount(dir: string): string {
  const { contributes } = readContributions(dir);
  if (!contributes || contributes.home) return '/';
  return contributes.routes[0]?.path ?? '/';
}

/**
 * A check for createRegistryStore's `mountCheck`: resolves to the reasons `dir` may not go live
 * (empty: it mounted). `hostDir`: the host package's folder (its node_modules provide the shared
 * packages and the federation runtime).
 */
export function createMountCheck({
  hostDir,
  timeoutMs = MOUNT_CHECK_TIMEOUT_MS,
}: {
  hostDir: string;
  timeoutMs?: number;
}): MountCheck {
  const child = path.join(SOURCE_DIR, 'mount-check-child.mjs');
  return ({ dir, name, version }) =>
    new Promise<string[]>((resolve) => {
      const started = Date.now();
      let settled = false;
      const output: string[] = [];
      const proc = fork(child, [], {
        cwd: hostDir,
        stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
        // A version that allocates without end is stopped by the heap limit, not the host's memory.
        execArgv: ['--max-old-space-size=256'],
        env: { ...process.env, NODE_ENV: 'production' },
      });
      const finish = (problems: string[]) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        if (proc.exitCode === null) proc.kill('SIGKILL');
        resolve(problems);
      };
      let timer = setTimeout(
        () =>
          finish([`the mount check could not set its page up within ${SETUP_TIMEOUT_MS / 1000} s`]),
        SETUP_TIMEOUT_MS,
      );
      for (const stream of [proc.stdout, proc.stderr]) {
        stream?.on('data', (chunk: Buffer) => {
          if (output.join('').length < 2000) output.push(String(chunk));
        });
      }
      proc.on('message', (message) => {
        const result = message as ({ ready?: boolean } & Partial<MountResult>) | null;
        if (result?.ready) {
          clearTimeout(timer);
          timer = setTimeout(
            () => finish([`it did not mount within ${Math.round(timeoutMs / 1000)} s`]),
            timeoutMs,
          );
          return;
        }
        finish(
          result?.ok
            ? []
            : [
                String(
                  (result as { problem?: string } | null)?.problem ??
                    'the mount check gave no answer',
                ),
              ],
        );
      });
      proc.on('error', (error: Error) =>
        finish([`the mount check could not start: ${error.message}`]),
      );
      // 'close', not 'exit': the IPC channel is drained by then, so a result sent just before
      // exiting is never taken for a crash.
      proc.on('close', (code, signal) => {
        const last = output.join('').trim().split('\n').at(-1)?.slice(0, 200);
        finish([
          `the mount check stopped (${signal ?? `exit ${code}`}) after ${Date.now() - started} ms${last ? `: ${last}` : ''}`,
        ]);
      });
      proc.send({
        dir,
        name,
        version,
        hostDir,
        // The federation runtime the shell is built with, resolved from the host's package.
        runtimeFrom: path.join(hostDir, 'package.json'),
        route: routeToMount(dir),
      });
    });
}
