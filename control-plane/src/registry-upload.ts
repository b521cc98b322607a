// Publishing over HTTP: a team's pipeline uploads its built folder as a .tar.gz, so the deploy side
// needs no monorepo (control-plane/README.md "Operators"). The archive is unpacked into a temporary folder,
// plain files and folders only, no path outside it, at most UNPACKED_LIMIT bytes, then published
// like a local build (registry/publishing.ts publishFolder: digests, immutability, the version check).
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { Readable } from 'node:stream';
import * as tar from 'tar';
import { RegistryError } from './registry/index.js';

/** What an upload may weigh, packed and unpacked. */
export const UPLOAD_LIMIT = 64 * 1024 * 1024;
export const UNPACKED_LIMIT = 256 * 1024 * 1024;

/**
 * Unpacks `archive` (a Buffer) into a temporary folder and calls `fn` with the folder that holds
 * mf-manifest.json (the archive's root, or a `dist/` in it); the folder is removed afterwards.
 */
export async function withUnpackedBuild<T>(
  archive: Buffer,
  fn: (root: string) => Promise<T>,
): Promise<T> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'ajo-upload-'));
  try {
    let unpacked = 0;
    let refused: string | null = null;
    try {
      await pipeline(
        Readable.from([archive]),
        tar.x({
          cwd: dir,
          strict: true,
          // tar already refuses absolute paths and '..'; links could point outside the version.
          filter: (name, stat) => {
            const entry = stat as tar.ReadEntry;
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
    return await fn(root);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
