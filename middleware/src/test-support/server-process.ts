import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { findPackageRoot } from '../package-root.js';

/*
 * Real server processes for the multi-instance tests: a middleware (`src/main.ts` through tsx, as
 * `npm run dev` runs it) or the app server (`control-plane/bin/serve.mjs`), each started on port 0 and
 * found by the "Server listening at" line of its JSON log.
 */

export interface ServerProcess {
  url: string;
  child: ChildProcess;
  /** Every log line so far. */
  output(): string;
  /** SIGKILL: an instance dying mid-request, no graceful shutdown. */
  kill(): Promise<void>;
  /** SIGTERM and wait for the exit (graceful shutdown). */
  stop(): Promise<void>;
}

const packageRoot = findPackageRoot();

/** Starts `node <args>` from the package folder and waits for its "Server listening at" line. */
export async function startServer(
  name: string,
  args: string[],
  env: Record<string, string>,
  timeoutMs = 90_000,
): Promise<ServerProcess> {
  const inherited = { ...process.env };
  // The test runner's own database and flags are not the server's.
  delete inherited.TEST_DATABASE_URL;
  delete inherited.NODE_OPTIONS;
  const child = spawn(process.execPath, args, {
    cwd: packageRoot,
    env: { ...inherited, HOST: '127.0.0.1', PORT: '0', LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => {
      // Not left running behind the caller, who never gets a handle on it.
      child.kill('SIGKILL');
      reject(new Error(`${name} did not start within ${timeoutMs} ms:\n${output}`));
    }, timeoutMs);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /Server listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(output);
      if (match?.[1]) {
        clearTimeout(timer);
        resolve(match[1]);
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`${name} exited (${code}) before listening:\n${output}`));
    });
  });
  return {
    url,
    child,
    output: () => output,
    async kill() {
      if (child.exitCode === null) child.kill('SIGKILL');
      await exited;
    },
    async stop() {
      if (child.exitCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}

export function startMiddlewareProcess(
  name: string,
  env: Record<string, string>,
): Promise<ServerProcess> {
  return startServer(name, ['--import', 'tsx', path.join('src', 'main.ts')], env);
}

export function startAppServerProcess(env: Record<string, string>): Promise<ServerProcess> {
  return startServer('app server', [path.join('..', 'control-plane', 'bin', 'serve.mjs')], env);
}
