// `npm run registry -- repair` (docs/decisions/019-...): when the database cannot be read, the
// broken file is moved aside (SQLite) and the registry rebuilt from the last good snapshot, the
// repair recorded in the history.
import { existsSync, renameSync } from 'node:fs';
import path from 'node:path';
import { RegistryUnreadable } from './errors.js';
import type { Revisions } from './revisions.js';

export async function repair(revisions: Revisions, { operator }: { operator?: string } = {}) {
  const { db } = revisions;
  try {
    const { revision } = await revisions.readState();
    await revisions.guard(() => db.versions());
    return { repaired: false, revision };
  } catch (error) {
    if (!(error instanceof RegistryUnreadable)) throw error;
  }
  const snapshot = revisions.readSnapshot();
  let movedTo: string | null = null;
  if (db.kind === 'sqlite' && db.file) {
    await db.close();
    movedTo = `${db.file}.broken-${new Date().toISOString().replace(/[:.]/g, '-')}`;
    for (const suffix of ['', '-wal', '-shm']) {
      if (existsSync(db.file + suffix)) renameSync(db.file + suffix, movedTo + suffix);
    }
  }
  if (snapshot) await revisions.guard(() => db.restore(snapshot));
  const note = snapshot
    ? `restored revision ${snapshot.revision} from ${path.basename(revisions.snapshotPath)}`
    : 'no snapshot: started an empty registry (publish the remotes again)';
  await revisions.mutate(
    async () => ({
      entry: { action: 'repair', remote: '*', from: null, to: null },
      result: {},
    }),
    { operator, reason: movedTo ? `${note}; the broken file is ${path.basename(movedTo)}` : note },
  );
  return { repaired: true, restoredRevision: snapshot?.revision ?? null, movedTo };
}
