// Publishing over HTTP: a team's pipeline uploads its built folder as a .tar.gz, so the deploy side
// needs no monorepo (control-plane/README.md "Operators"). The archive is unpacked into a staging
// folder, plain files and folders only, no path outside it, at most UNPACKED_LIMIT bytes, then
// compressed and digested, then published like a local build (registry/publishing.ts publishFolder:
// immutability, the version check), the staged folder renamed into place.
// Unpacking, compressing (brotli at its best quality) and digesting an 8 MB build takes many
// seconds of CPU: it runs in a child process (registry-upload-child.mjs), so the app server keeps
// answering customers while a version is published.
import { fork, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { createReadStream } from 'node:fs';
import { fileURLToPath } from 'node:url';
import * as tar from 'tar';
import { precompressDir } from './precompress.js';
import { buildBytes, digestFolder } from './registry-files.js';
import { RegistryError } from './registry/errors.js';

/** What an upload may weigh, packed and unpacked. */
export const UPLOAD_LIMIT = 64 * 1024 * 1024;
export const UNPACKED_LIMIT = 256 * 1024 * 1024;
/** Preparing the largest upload takes a few minutes on a busy machine; a child never stays longer. */
export const PREPARE_TIMEOUT_MS = 10 * 60_000;

/** This folder, for the child's script (import.meta.url: tsx gives the file's, jest's swc too). */
const SOURCE_DIR = path.dirname(fileURLToPath(import.meta.url));

/** A build ready to publish: its folder, digests (its .br/.gz variants included) and its size. */
export interface PreparedBuild {
  root: string;
  digest: string;
  files: Record<string, string>;
  /** The build's own bytes, before compression (the size budget's measure). */
  bytes: number;
}

/**
 * The child's work: unpacks the archive file into `dir`, finds the folder that holds
 * mf-manifest.json (the archive's root, or a `dist/` in it), measures, compresses and digests it.
 */
export async function prepareBuild(archiveFile: string, dir: string): Promise<PreparedBuild> {
  await mkdir(dir, { recursive: true });
  let unpacked = 0;
  let refused: string | null = null;
  try {
    await pipeline(
      createReadStream(archiveFile),
      tar.x({
        cwd: dir,
        strict: true,
        // tar already refuses absolute paths and '..'; links could point outside the version.
        filter: (name, entryStat) => {
          const entry = entryStat as tar.ReadEntry;
          if (entry.type !== 'File' && entry.type !== 'Directory') {
            refused ??= `${name} is a ${entry.type}: only files and folders are published`;
            return false;
          }
          unpacked += entry.size ?? 0;
          if (unpacked > UNPACKED_LIMIT) refused ??= 'the archive unpacks to more than 256 MiB';
          return !refused;
        },
      }),
    );
  } catch (error) {
    throw new RegistryError(`The upload is not a readable .tar.gz (${(error as Error).message})`);
  }
  if (refused) throw new RegistryError(`The upload was refused: ${refused}`, 413);
  const root = existsSync(path.join(dir, 'mf-manifest.json')) ? dir : path.join(dir, 'dist');
  if (!existsSync(path.join(root, 'mf-manifest.json'))) {
    throw new RegistryError(
      'The archive has no mf-manifest.json at its root or in dist/: pack the built folder',
    );
  }
  const bytes = buildBytes(root);
  try {
    // The .br/.gz variants first, so the digest covers them (as publishing.ts digestBuild does).
    precompressDir(root);
    return { root, bytes, ...digestFolder(root) };
  } catch (error) {
    throw new RegistryError(`The build cannot be published: ${(error as Error).message}`);
  }
}

interface Helper {
  proc: ChildProcess;
  pending: Map<number, { resolve: (b: PreparedBuild) => void; reject: (e: Error) => void }>;
}
let helper: Helper | null = null;
let nextId = 1;

/**
 * The child that prepares uploads, started on the first and kept for the next (starting it, with
 * tsx, costs a second); it does not keep the app server's process alive while idle. A child that
 * stops or misses the time limit fails what it had and the next upload starts another.
 */
function startHelper(): Helper {
  const proc = fork(path.join(SOURCE_DIR, 'registry-upload-child.mjs'), [], {
    cwd: SOURCE_DIR,
    // Its stderr is the app server's (a crash's trace lands in the server's log): a pipe read
    // here would keep the process alive while the child idles.
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
    execArgv: ['--max-old-space-size=512'],
  });
  const started: Helper = { proc, pending: new Map() };
  proc.on('message', (message) => {
    const answer = message as { id: number } & (
      | { ok: PreparedBuild }
      | { message: string; status?: number }
    );
    const waiting = started.pending.get(answer.id);
    if (!waiting) return;
    started.pending.delete(answer.id);
    idle(started);
    if ('ok' in answer) waiting.resolve(answer.ok);
    else waiting.reject(answer.status ? new RegistryError(answer.message, answer.status) : new Error(answer.message));
  });
  const stopped = (why: string) => {
    if (helper === started) helper = null;
    for (const waiting of started.pending.values()) {
      waiting.reject(new Error(`the upload's child process stopped (${why})`));
    }
    started.pending.clear();
  };
  proc.on('error', (error) => stopped(error.message));
  proc.on('close', (code, signal) => stopped(signal ?? `exit ${code}`));
  return started;
}

/** An idle child keeps nothing alive: a test, the CLI or a server closing exits as before. */
function idle(h: Helper) {
  if (h.pending.size) return;
  h.proc.unref();
  (h.proc.channel as { unref?: () => void } | undefined)?.unref?.();
}

/** Runs prepareBuild in the child process; a refusal comes back as the RegistryError it was. */
function prepareInChild(archiveFile: string, dir: string, timeoutMs: number) {
  helper ??= startHelper();
  const h = helper;
  const id = nextId++;
  h.proc.ref();
  (h.proc.channel as { ref?: () => void } | undefined)?.ref?.();
  return new Promise<PreparedBuild>((resolve, reject) => {
    const timer = setTimeout(() => {
      // Whatever it is stuck on, it is stopped: the next upload gets a new child.
      h.proc.kill('SIGKILL');
      reject(new RegistryError(`Preparing the upload took over ${timeoutMs / 1000} s`, 503));
    }, timeoutMs);
    h.pending.set(id, {
      resolve: (build) => {
        clearTimeout(timer);
        resolve(build);
      },
      reject: (error) => {
        clearTimeout(timer);
        reject(error);
      },
    });
    h.proc.send({ id, archiveFile, dir });
  });
}

/**
 * Writes `archive` (a Buffer) into a staging folder under `stagingParent` (on the deploy folder's
 * disk, so the prepared build is renamed into place, not copied), prepares it in a child process
 * and calls `fn` with it; the staging folder is removed afterwards.
 */
export async function withUnpackedBuild<T>(
  archive: Buffer,
  stagingParent: string,
  fn: (build: PreparedBuild) => Promise<T>,
  { timeoutMs = PREPARE_TIMEOUT_MS }: { timeoutMs?: number } = {},
): Promise<T> {
  await mkdir(stagingParent, { recursive: true });
  const dir = await mkdtemp(path.join(stagingParent, 'upload-'));
  try {
    const archiveFile = path.join(dir, 'upload.tar.gz');
    await writeFile(archiveFile, archive);
    const build = await prepareInChild(archiveFile, path.join(dir, 'build'), timeoutMs);
    return await fn(build);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
