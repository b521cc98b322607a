// A version's mount-check verdict (docs/decisions/022-a-version-is-mounted-before-it-goes-live.md):
// a pass is kept for every app server of the registry, and one check per version runs at a time,
// within this process (many activations wait for one promise) and across app servers (a lease in
// the registry database, sql.ts registry_mount_check_leases).
import { randomUUID } from 'node:crypto';
import { setTimeout as delay } from 'node:timers/promises';
import type { Revisions } from './revisions.js';
import type { MountCheck, MountCheckKey } from './types.js';

/**
 * A check ends within its time limit (mount-check.ts, 10 s) plus starting its process; a lease
 * three times that long is not taken over from a server that is still checking, and a server that
 * died holding it delays the others by that much at most.
 */
export const MOUNT_CHECK_LEASE = {
  leaseMs: 30_000,
  pollMs: 250,
  now: () => Date.now(),
  wait: (ms: number) => delay(ms),
};

/** Answers what the mount check found for a build of a version: nothing when it mounted. */
export function createMountVerdicts(
  revisions: Revisions,
  mountCheck: MountCheck,
  lease?: Partial<typeof MOUNT_CHECK_LEASE>,
) {
  /**
   * Versions that mounted, by digest: a version's files never change, so a pass stays a pass (a
   * rollback to a version that was live is not mounted again). Kept in the registry database for
   * every app server (registry_mount_checks) and here, so a pass costs one read at most. A failure
   * is given only to the activations that waited for that check: a time limit missed on a busy
   * machine is tried again next time.
   */
  const mounted = new Set<string>();
  /**
   * The check running for a version: many activations of it at once wait for that one check, not
   * a check each (which, on a busy machine, made known-good versions miss the time limit). Across
   * app servers the same holds through a lease in the registry database (sql.ts): a server that
   * finds another one checking waits for its verdict, and takes over once the lease has passed.
   */
  const running = new Map<string, Promise<string[]>>();
  const holder = randomUUID();
  const timing = { ...MOUNT_CHECK_LEASE, ...lease };
  const { db, guard } = revisions;

  /** Runs the check holding the lease on it; the lease is given back with the verdict. */
  async function checkHolding(key: MountCheckKey, dir: string) {
    let failed = [`it did not finish its mount check`];
    try {
      failed = await mountCheck({ dir, name: key.remote, version: key.version });
    } finally {
      const at = new Date(timing.now()).toISOString();
      if (!failed.length)
        await guard(() => db.recordMountPass(key.remote, key.version, key.digest, at));
      const failure = failed.length ? { problems: failed, at } : null;
      await guard(() => db.endMountCheck(key, holder, failure));
    }
    return failed;
  }

  /** This build's verdict: the pass on record, the check this server runs, or another's. */
  async function verdict(key: MountCheckKey, dir: string): Promise<string[]> {
    const since = new Date(timing.now()).toISOString();
    for (;;) {
      if (await guard(() => db.mountPassed(key.remote, key.version, key.digest))) return [];
      const now = timing.now();
      const until = new Date(now + timing.leaseMs).toISOString();
      if (await guard(() => db.claimMountCheck(key, holder, until, new Date(now).toISOString())))
        return checkHolding(key, dir);
      // Another server is checking it: its failure, once it has one, is this activation's too.
      const lease = await guard(() => db.mountCheckLease(key));
      if (lease?.failed && lease.failedAt && lease.failedAt >= since)
        return JSON.parse(lease.failed);
      await timing.wait(timing.pollMs);
    }
  }

  /** What the mount check found for this build of the version: nothing when it mounted. */
  async function mountProblems(name: string, version: string, dir: string, digest: string) {
    const id = `${name}@${version}:${digest}`;
    if (mounted.has(id)) return [];
    let check = running.get(id);
    if (!check) {
      check = verdict({ remote: name, version, digest }, dir)
        .then((failed) => {
          if (!failed.length) mounted.add(id);
          return failed;
        })
        .finally(() => running.delete(id));
      running.set(id, check);
    }
    return check;
  }
  return mountProblems;
}
