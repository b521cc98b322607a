// The checks before a browser may load a version (docs/decisions/019-... and
// 022-a-version-is-mounted-before-it-goes-live.md): it is published (or forced), its files are the
// ones published, it is that remote's build and what it needs of the shared packages is what the
// host gives (registry-checks.ts), and it mounts in a headless page (mount-check.ts).
import { activationProblems } from '../registry-checks.js';
import { createRouteClaims, readContributions } from './contributions.js';
import { RegistryError } from './errors.js';
import type { Revisions } from './revisions.js';
import type { MountCheck, VersionRecord } from './types.js';

export type GoingLive = ReturnType<typeof createGoingLive>;

export function createGoingLive(o: {
  revisions: Revisions;
  versionDir: (name: string, version: string) => string;
  hostShared?: Record<string, string> | undefined;
  mountCheck?: MountCheck | null | undefined;
}) {
  /**
   * Versions that mounted, by digest: a version's files never change, so a pass stays a pass (a
   * rollback to a version that was live is not mounted again). Kept in the registry database for
   * every app server (registry_mount_checks) and here, so a pass costs one read at most. Failures
   * are not kept: a time limit missed on a busy machine is tried again next time.
   */
  const mounted = new Set<string>();
  /**
   * The check running for a version: many activations of it at once wait for that one check, not
   * a check each (which, on a busy machine, made known-good versions miss the time limit).
   */
  const running = new Map<string, Promise<string[]>>();
  const routes = createRouteClaims(o.revisions, o.versionDir);
  const { requireKnown } = routes;
  const { db, guard } = o.revisions;

  /** What the mount check found for this build of the version: nothing when it mounted. */
  async function mountProblems(name: string, version: string, dir: string, digest: string) {
    const key = `${name}@${version}:${digest}`;
    if (mounted.has(key)) return [];
    if (await guard(() => db.mountPassed(name, version, digest))) {
      mounted.add(key);
      return [];
    }
    let check = running.get(key);
    if (!check) {
      check = (async () => {
        const failed = await o.mountCheck!({ dir, name, version });
        if (!failed.length) {
          await guard(() => db.recordMountPass(name, version, digest, new Date().toISOString()));
          mounted.add(key);
        }
        return failed;
      })().finally(() => running.delete(key));
      running.set(key, check);
    }
    return check;
  }

  /** Refuses (409, every reason named) a version that may not go live, unless forced. */
  async function assertMayGoLive(
    name: string,
    version: string,
    record: VersionRecord,
    force: boolean | undefined,
  ): Promise<string[]> {
    const dir = o.versionDir(name, version);
    const problems: string[] = [
      ...activationProblems({ dir, name, digest: record.digest, hostShared: o.hostShared }),
      ...readContributions(dir).problems,
    ];
    // Mounting a version whose files are missing or changed would only repeat those reasons.
    if (o.mountCheck && !problems.length) {
      const failed = await mountProblems(name, version, dir, record.digest);
      problems.push(...failed.map((p) => `the mount check failed: ${p}`));
    }
    if (problems.length && !force) {
      throw new RegistryError(
        `${name}@${version} cannot go live: ${problems.join('; ')} (force it with a reason to activate anyway)`,
        409,
      );
    }
    return problems;
  }

  /**
   * What activate, a rollout and an override check before a browser may load `version`: it is
   * published (or forced) and passes the checks (or is forced). Answers the problems forced past.
   */
  async function checkGoingLive(
    name: string,
    version: string,
    force: boolean | undefined,
  ): Promise<string[]> {
    const published = await o.revisions.findVersion(name, version);
    // Forcing names a version, never a remote: a remote exists once a version of it is published.
    if (!published) await requireKnown(name);
    if (!published && !force) {
      throw new RegistryError(
        `${name}@${version} is not published (force it with a reason to activate anyway)`,
        409,
      );
    }
    return published ? assertMayGoLive(name, version, published, force) : ['not published'];
  }

  return { assertMayGoLive, checkGoingLive, ...routes };
}
