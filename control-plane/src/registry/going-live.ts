// The checks before a browser may load a version (docs/decisions/019-... and
// 022-a-version-is-mounted-before-it-goes-live.md): it is published (or forced), its files are the
// ones published, it is that remote's build and what it needs of the shared packages is what the
// host gives (registry-checks.ts), and it mounts in a headless page (mount-check.ts).
import { activationProblems } from '../registry-checks.js';
import { createRouteClaims, readContributions } from './contributions.js';
import { RegistryError } from './errors.js';
import type { Revisions } from './revisions.js';
import { createMountVerdicts, type MOUNT_CHECK_LEASE } from './mount-verdicts.js';
import type { MountCheck, VersionRecord } from './types.js';

export type GoingLive = ReturnType<typeof createGoingLive>;

export function createGoingLive(o: {
  revisions: Revisions;
  versionDir: (name: string, version: string) => string;
  hostShared?: Record<string, string> | undefined;
  mountCheck?: MountCheck | null | undefined;
  /** How long a check may hold its lease, how often a waiting server looks (tests shorten them). */
  mountCheckLease?: Partial<typeof MOUNT_CHECK_LEASE> | undefined;
}) {
  const routes = createRouteClaims(o.revisions, o.versionDir);
  const { requireKnown } = routes;
  const mountProblems = o.mountCheck
    ? createMountVerdicts(o.revisions, o.mountCheck, o.mountCheckLease)
    : null;

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
    if (mountProblems && !problems.length) {
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
