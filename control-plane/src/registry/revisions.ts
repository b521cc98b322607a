// Reading and changing the registry by revision (docs/decisions/019-...): every change is a
// compare-and-swap with one history row per revision, and after each one a snapshot
// (${DEPLOY_DIR}/registry.last-good.json) is written, which browsers are served from when the
// database cannot be read and which `repair` rebuilds it from.
import { closeSync, fsyncSync, mkdirSync, openSync, readFileSync, renameSync, writeSync } from 'node:fs';
import path from 'node:path';
import type { RegistryDatabase } from './database.js';
import { RegistryError, RegistryUnreadable } from './errors.js';
import { checkState } from './state.js';
import type { HistoryEntry, LiveState, Revisioned, Snapshot, VersionRecord } from './types.js';

/** What a plan decides: nothing (only `result`), or a new state, a history row, a new version. */
export interface Change<R> {
  result: R;
  state?: LiveState;
  entry?: Omit<HistoryEntry, 'operator' | 'at' | 'reason'>;
  version?: VersionRecord;
  /** Replaces the operator's reason in the history (what a force went past, beside it). */
  reason?: string | undefined;
}

export type Revisions = ReturnType<typeof createRevisions>;

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

type Plan<R> = (current: Revisioned) => Promise<Change<R>>;
interface MutateOptions {
  ifRevision?: number | null | undefined;
  operator?: string | undefined;
  reason?: string | null | undefined;
}
interface Context {
  db: RegistryDatabase;
  deployDir: string;
  snapshotPath: string;
  readState: () => Promise<Revisioned>;
  readSnapshot: () => Snapshot | null;
}

/** Database failures become RegistryUnreadable; the store's own refusals pass through. */
export async function guard<T>(fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (error) {
    if (error instanceof RegistryError) throw error;
    throw new RegistryUnreadable((error as Error).message);
  }
}

/** The last good snapshot, or null when there is none or it is not valid. */
function readSnapshotAt(snapshotPath: string): Snapshot | null {
  try {
    const snapshot = JSON.parse(readFileSync(snapshotPath, 'utf8')) as Snapshot;
    checkState(snapshot.state);
    if (!Number.isInteger(snapshot.revision)) return null;
    return snapshot;
  } catch {
    return null;
  }
}

/**
 * Everything a snapshot holds, read back from the database as every other process sees it: throws
 * RegistryUnreadable when any of it cannot be read. A change is made only on a registry that reads
 * back whole, and acknowledged only once it has been read back: a change in a database that cannot
 * be read would be in neither the state nor the history `repair` restores.
 */
async function readBack({ db, readState }: Context): Promise<Required<Snapshot>> {
  await guard(async () => db.verify?.());
  const { revision, state } = await readState();
  const versions = await guard(() => db.versions(true));
  const history = await guard(() => db.history());
  return { revision, state, versions, history };
}

/** Writes `snapshot` (never over a newer one), on disk before it answers. */
function writeSnapshot({ deployDir, snapshotPath, readSnapshot }: Context, snapshot: Snapshot) {
  if ((readSnapshot()?.revision ?? -1) > snapshot.revision) return;
  mkdirSync(deployDir, { recursive: true });
  const tmp = `${snapshotPath}.${process.pid}.${Date.now()}.tmp`;
  const fd = openSync(tmp, 'w');
  try {
    writeSync(fd, `${JSON.stringify(snapshot)}\n`);
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
  renameSync(tmp, snapshotPath);
}

/**
 * After a commit: the change is read back (its revision and its history row) and in the snapshot
 * `repair` restores from, or it is not acknowledged (503: it may be lost, check after a repair).
 */
async function confirm(context: Context, revision: number) {
  try {
    const snapshot = await readBack(context);
    if (snapshot.revision < revision || !snapshot.history.some((h) => Number(h.revision) === revision)) {
      throw new Error(`revision ${revision} is not in what the database reads back`);
    }
    writeSnapshot(context, snapshot);
  } catch (error) {
    throw new RegistryError(
      `The change was sent to the registry as revision ${revision} but could not be read back (${
        (error as Error).message
      }), so it is not confirmed and may be lost. Repair the registry with: npm run registry -- repair, then check the history before trying again`,
      503,
    );
  }
}

const staleRevision = (seen: number, now: number) =>
  new RegistryError(
    `The registry changed: you saw revision ${seen}, it is now at ${now}. Read it again and retry.`,
    409,
  );

/**
 * Applies `plan(current)` as one compare-and-swap. `ifRevision`: the revision the operator saw;
 * when the registry has moved on, 409 and nothing changes. Without it a lost race is retried
 * against the new revision (the plan runs again, so its checks see the latest state).
 */
async function mutateWith<R extends object>(
  context: Context,
  plan: Plan<R>,
  options: MutateOptions,
): Promise<R & { revision: number; changed: boolean }> {
  const { db, readState } = context;
  const { ifRevision, operator, reason } = options;
  const conditional = ifRevision !== undefined && ifRevision !== null;
  // Refused (503) while the registry does not read back whole: nothing changes.
  await readBack(context);
  for (let attempt = 0; attempt < 100; attempt += 1) {
    const current = await readState();
    if (conditional && current.revision !== ifRevision) {
      throw staleRevision(ifRevision, current.revision);
    }
    const change = await plan(current);
    if (!change.entry) return { revision: current.revision, changed: false, ...change.result };
    const entry = {
      ...change.entry,
      operator: operator ?? 'unknown',
      reason: change.reason ?? reason,
      at: new Date().toISOString(),
    };
    const committed = await guard(() =>
      db.commit({
        expected: current.revision,
        state: change.state ?? current.state,
        entry,
        ...(change.version ? { version: change.version } : {}),
      }),
    );
    if (committed) {
      await confirm(context, current.revision + 1);
      return { revision: current.revision + 1, changed: true, ...change.result };
    }
    if (conditional) {
      throw new RegistryError(
        `The registry changed while your change was applied (you saw revision ${ifRevision}). Read it again and retry.`,
        409,
      );
    }
    await pause(Math.random() * Math.min(50, 2 ** attempt));
  }
  throw new RegistryError('The registry is busy with other changes: try again', 503);
}

export function createRevisions(o: {
  db: RegistryDatabase;
  deployDir: string;
  onUnreadable?: ((error: Error) => void) | undefined;
}) {
  const { db, deployDir } = o;
  const snapshotPath = path.join(deployDir, 'registry.last-good.json');
  /** What this process last read successfully: served while the database is unreadable. */
  let lastGood: Revisioned | null = null;

  const readState = () =>
    guard(async (): Promise<Revisioned> => {
      const row = await db.readState();
      if (!row) throw new Error('no revision row');
      let state: LiveState;
      try {
        state = checkState(JSON.parse(row.state));
      } catch (error) {
        throw new Error(`the live state is invalid: ${(error as Error).message}`);
      }
      const current = { revision: Number(row.revision), state };
      if (!lastGood || current.revision >= lastGood.revision) lastGood = current;
      return current;
    });

  const readSnapshot = () => readSnapshotAt(snapshotPath);

  /** The live state, or when the database cannot be read the last good one (or throws). */
  async function liveState(): Promise<LiveState> {
    try {
      return (await readState()).state;
    } catch (error) {
      const best = [lastGood, readSnapshot()]
        .filter((s): s is Revisioned => s !== null)
        .sort((a, b) => b.revision - a.revision)[0];
      if (!best) throw error;
      o.onUnreadable?.(error as Error);
      return best.state;
    }
  }

  const context = { db, deployDir, snapshotPath, readState, readSnapshot };
  const mutate = <R extends object>(plan: Plan<R>, options: MutateOptions) =>
    mutateWith(context, plan, options);

  const findVersion = (name: string, version: string) =>
    guard(async () =>
      (await db.versions()).find((v) => v.remote === name && v.version === version),
    );

  return { db, snapshotPath, guard, readState, readSnapshot, liveState, mutate, findVersion };
}
