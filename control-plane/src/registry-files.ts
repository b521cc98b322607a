// A published version's files: content digests and the one-way copy into the deploy folder
// (docs/decisions/019-immutable-versions-and-a-registry-database.md). A version folder, once in
// place, is never written again: the copy goes to a staging folder and is renamed into place.
import { createHash, randomBytes } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';

const sha256 = (data: Buffer | string) =>
  `sha256:${createHash('sha256').update(data).digest('hex')}`;

/**
 * Every file's digest (by its path inside the folder, '/' separated) and the version's digest: the
 * digest of the sorted "path NUL file-digest" lines, so a renamed, added or removed file changes it.
 * Anything but plain files and folders (a symlink could point outside the version) is refused.
 */
export function digestFolder(dir: string): { digest: string; files: Record<string, string> } {
  const files: Record<string, string> = {};
  const walk = (rel: string) => {
    for (const entry of readdirSync(path.join(dir, rel), { withFileTypes: true })) {
      const name = rel ? `${rel}/${entry.name}` : entry.name;
      if (entry.isDirectory()) walk(name);
      else if (entry.isFile()) files[name] = sha256(readFileSync(path.join(dir, name)));
      else throw new Error(`${name} in ${dir} is neither a file nor a folder`);
    }
  };
  walk('');
  const names = Object.keys(files).sort();
  const sorted = Object.fromEntries(names.map((n) => [n, files[n]!]));
  return { digest: sha256(names.map((n) => `${n}\0${files[n]}\n`).join('')), files: sorted };
}

/**
 * A build's own bytes: every file's size, but not the .br/.gz variants written beside a file
 * (precompress.ts), so a build weighs the same before and after it is compressed.
 */
export function buildBytes(dir: string): number {
  let total = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile()) continue;
    const file = path.join(entry.parentPath, entry.name);
    if (/\.(?:br|gz)$/.test(file) && existsSync(file.replace(/\.(?:br|gz)$/, ''))) continue;
    total += statSync(file).size;
  }
  return total;
}

/**
 * Copies `source` to `target` through a staging folder beside it and renames it into place.
 * Answers false, touching nothing, when `target` already exists (another publisher got there first):
 * the caller compares digests. Throws when the copy's digest is not `digest` (the build changed
 * while it was copied).
 */
export function placeVersion(source: string, target: string, digest: string): boolean {
  mkdirSync(path.dirname(target), { recursive: true });
  // A dot name: the static server never serves dotfiles, so a half-copied folder is never fetched.
  const staging = path.join(path.dirname(target), `.staging-${randomBytes(8).toString('hex')}`);
  try {
    cpSync(source, staging, { recursive: true });
    const copied = digestFolder(staging).digest;
    if (copied !== digest) {
      throw new Error(`the copy of ${source} has digest ${copied}, expected ${digest}`);
    }
    try {
      renameSync(staging, target);
      return true;
    } catch (error) {
      const { code } = error as NodeJS.ErrnoException;
      if (code === 'EEXIST' || code === 'ENOTEMPTY') return false;
      throw error;
    }
  } finally {
    rmSync(staging, { recursive: true, force: true });
  }
}
