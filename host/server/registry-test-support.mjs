// Shared by the registry's tests.
import { renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/**
 * Replaces ${dir}/registry.db by `text` (a new file renamed into place, the WAL files gone): a handle
 * the test closed but the library has not yet let go of cannot write its pages over it.
 */
export function corruptDatabase(dir, text) {
  writeFileSync(path.join(dir, 'registry.db.new'), text);
  renameSync(path.join(dir, 'registry.db.new'), path.join(dir, 'registry.db'));
  for (const suffix of ['-wal', '-shm'])
    rmSync(path.join(dir, `registry.db${suffix}`), { force: true });
}
