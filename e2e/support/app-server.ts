// A private app server for journeys that change the registry (failure isolation, rollback): its own
// port and its own copy of .deploy, so tests running in parallel never see the switched remote.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { copyDeployDir, makeRunDir } from './deploy-dir';
import { REGISTRY_ADMIN_TOKEN, hostServerScript, middlewareURL, repoRoot } from './paths';

export interface PrivateAppServer {
  baseURL: string;
  deployDir: string;
  stop(): Promise<void>;
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

async function waitUntilServing(
  url: string,
  child: ChildProcess,
  output: () => string,
): Promise<void> {
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null)
      throw new Error(`app server exited (${child.exitCode}):\n${output()}`);
    const ok = await fetch(url).then(
      (res) => res.ok,
      () => false,
    );
    if (ok) return;
    // Polling a process that is starting up; not a test sleep.
    await new Promise((resolve) => setTimeout(resolve, 150));
  }
  throw new Error(`app server did not answer ${url} within 30 s:\n${output()}`);
}

/** `env`: more of the app server's environment (e.g. NODE_ENV=production, as deployed). */
export async function startPrivateAppServer(
  label: string,
  env: Record<string, string> = {},
  { emptyRegistry = false }: { emptyRegistry?: boolean } = {},
): Promise<PrivateAppServer> {
  const runDir = makeRunDir(label);
  const deployDir = copyDeployDir(path.join(runDir, 'deploy'));
  if (emptyRegistry) {
    // The shell alone: no registry and no remote published (support/new-remote.ts adds them).
    for (const entry of fs.readdirSync(deployDir)) {
      if (entry === 'remotes' || entry.startsWith('registry.')) {
        fs.rmSync(path.join(deployDir, entry), { recursive: true, force: true });
      }
    }
  }
  const port = await freePort();
  let output = '';
  const child = spawn(process.execPath, [hostServerScript], {
    cwd: repoRoot,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      MIDDLEWARE_URL: middlewareURL,
      DEPLOY_DIR: deployDir,
      REGISTRY_ADMIN_TOKEN,
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk) => (output += chunk));
  child.stderr?.on('data', (chunk) => (output += chunk));
  const baseURL = `http://127.0.0.1:${port}`;
  const stop = async () => {
    if (child.exitCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    }
    fs.rmSync(runDir, { recursive: true, force: true });
  };
  try {
    await waitUntilServing(`${baseURL}/`, child, () => output);
  } catch (error) {
    await stop();
    throw error;
  }
  return { baseURL, deployDir, stop };
}
