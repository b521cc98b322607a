import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';

/**
 * The transaction-PIN verifier run on its own, listening on `socket`, as an operator starts it
 * (`npm run pin-verifier`); resolves once it listens. `env` adds to its settings.
 */
export async function listeningVerifier(
  socket: string,
  keyFile: string,
  env: Record<string, string> = {},
): Promise<ChildProcess> {
  const script = fileURLToPath(new URL('../security/pin-verifier-worker.mjs', import.meta.url));
  const child = spawn(process.execPath, [script], {
    env: { PIN_KEY_FILE: keyFile, PIN_VERIFIER_SOCKET: socket, ...env },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  await new Promise<void>((resolve, reject) => {
    let said = '';
    child.stderr?.on('data', (chunk: Buffer) => {
      said += chunk.toString();
      if (said.includes('"msg":"listening"')) resolve();
    });
    child.once('exit', (code) => reject(new Error(`verifier exited (${code}): ${said}`)));
  });
  return child;
}
