// The remote registry: which versions of each remote are published and which one is live
// (docs/architecture.md "Micro-frontends": operators switch or roll back a remote without
// rebuilding anything; docs/decisions/019-immutable-versions-and-a-registry-database.md). One
// module for the CLI (registry-cli.mjs), the build (publish-all.mjs) and the operator HTTP API
// (app.mjs).
//
// - A published version is immutable: its files are digested at publish and copied once into
//   ${DEPLOY_DIR}/remotes/<name>/<version>/; the same version with other content is refused.
// - Every change is a compare-and-swap on the registry's revision with one history row per revision
//   (registry-db.mjs); an operator may make a change conditional on the revision it saw.
// - After every change a snapshot (${DEPLOY_DIR}/registry.last-good.json) is written: the app server
//   serves it when the database cannot be read, and `repair` rebuilds the database from it.
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { REMOTES, remoteFolder, remotePackage } from '@ajo/tooling/remotes';
import { activationProblems } from './registry-checks.mjs';
import { openRegistryDatabase } from './registry-db.mjs';
import { digestFolder, placeVersion } from './registry-files.mjs';
import { precompressDir } from './precompress.mjs';

/** Federation name -> package folder, from the list of remotes (@ajo/tooling/remotes). */
export const REMOTE_PACKAGES = Object.fromEntries(REMOTES.map((r) => [r.name, remoteFolder(r)]));

export class RegistryError extends Error {
  constructor(message, statusCode = 400) {
    super(message);
    this.statusCode = statusCode;
  }
}

/** The database or its live state cannot be read: nothing changes until it is repaired. */
export class RegistryUnreadable extends RegistryError {
  constructor(cause) {
    super(
      `The registry cannot be read (${cause}). Browsers get the last good registry; repair it with: npm run registry -- repair`,
      503,
    );
  }
}

/**
 * Accepts a remote's name ('public_pages'), its folder ('mfe-public-pages'), its package
 * ('@ajo/mfe-public-pages') or the name with dashes ('public-pages'); answers the name. Only the
 * known list matches, so '__proto__' or 'constructor' is an unknown remote like any other.
 */
export function normaliseRemote(input) {
  const text = String(input ?? '');
  const remote = REMOTES.find((r) =>
    [r.name, remoteFolder(r), remotePackage(r), r.name.replace(/_/g, '-')].includes(text),
  );
  if (!remote) {
    throw new RegistryError(
      `Unknown remote '${text.slice(0, 64)}'. Known: ${REMOTES.map((r) => r.name).join(', ')}`,
      404,
    );
  }
  return remote.name;
}

const VERSION = /^\d+\.\d+\.\d+(?:-[0-9A-Za-z.-]+)?$/;
/** How many earlier live versions a remote keeps for stepping back. */
const TRAIL = 50;

function checkVersion(version) {
  if (typeof version !== 'string' || version.length > 64 || !VERSION.test(version)) {
    throw new RegistryError(`Invalid version '${String(version).slice(0, 64)}'`);
  }
  return version;
}

/** A rollout's share of browsers: 1..99, or 100 for everyone (which is an activation). */
function checkPercent(percent) {
  if (!Number.isInteger(percent) || percent < 1 || percent > 100) {
    throw new RegistryError(
      `The percentage must be a whole number from 1 to 100, not '${String(percent).slice(0, 16)}' (100 makes the version live for everyone; cancel a rollout to end it)`,
    );
  }
  return percent;
}

function checkReason(reason) {
  if (reason === undefined || reason === null) return null;
  if (typeof reason !== 'string' || reason.length > 500) {
    throw new RegistryError('The reason must be text of at most 500 characters');
  }
  return reason.trim() || null;
}

/** The live state must name known remotes with valid versions, or the registry is unreadable. */
function checkState(state) {
  if (!state || typeof state !== 'object' || Array.isArray(state)) throw new Error('not an object');
  for (const [name, live] of Object.entries(state)) {
    if (!Object.hasOwn(REMOTE_PACKAGES, name)) throw new Error(`unknown remote ${name}`);
    if (!live || (live.active !== null && !VERSION.test(String(live.active)))) {
      throw new Error(`${name} has no valid live version`);
    }
    if (!Array.isArray(live.trail) || !live.trail.every((v) => VERSION.test(String(v)))) {
      throw new Error(`${name} has an invalid trail`);
    }
    const { rollout } = live;
    if (
      rollout !== undefined &&
      (!rollout ||
        !VERSION.test(String(rollout.version)) ||
        !Number.isInteger(rollout.percent) ||
        rollout.percent < 1 ||
        rollout.percent > 99)
    ) {
      throw new Error(`${name} has an invalid rollout`);
    }
  }
  return state;
}

/** Where a browser finds `version` of remote `name`. */
export const manifestUrl = (name, version) => `/remotes/${name}/${version}/mf-manifest.json`;

/**
 * Per remote the live version and, when there is one, its `fallback`: the version a browser loads by
 * itself when the live one fails to load or mount (docs/decisions/020-last-known-good-fallback.md),
 * the newest version on the remote's trail that is still published and whose files are still there.
 * `usable(name, version)` says whether a version may serve as that fallback.
 */
function toDocument(state, usable) {
  const remotes = {};
  for (const name of Object.keys(REMOTE_PACKAGES)) {
    const active = state[name]?.active;
    if (!active) continue;
    remotes[name] = { version: active, manifest: manifestUrl(name, active) };
    const trail = state[name].trail ?? [];
    const fallback = trail.findLast((v) => v !== active && usable(name, v));
    if (fallback)
      remotes[name].fallback = { version: fallback, manifest: manifestUrl(name, fallback) };
  }
  return { remotes };
}

/** Per remote the version some browsers get before everyone does: { version, percent }. */
function toRollouts(state) {
  const rollouts = {};
  for (const name of Object.keys(REMOTE_PACKAGES)) {
    if (state[name]?.rollout) rollouts[name] = { ...state[name].rollout };
  }
  return rollouts;
}

const MESSAGE = 200;
const PHASES = ['load', 'mount'];

/** The version a build stamped into its manifest (Module Federation's buildInfo.buildVersion). */
function buildVersionOf(manifestPath) {
  try {
    const version = JSON.parse(readFileSync(manifestPath, 'utf8'))?.metaData?.buildInfo
      ?.buildVersion;
    return typeof version === 'string' ? version : null;
  } catch {
    return null;
  }
}

const pause = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * @param {string} deployDir
 * @param {{ databaseUrl?: string, onUnreadable?: (error: Error) => void,
 *   hostShared?: Record<string, string>,
 *   mountCheck?: ((o: { dir: string, name: string, version: string }) => Promise<string[]>) | null }} [options]
 *   hostShared: the versions the host provides of its shared packages (registry-checks.mjs
 *   hostSharedVersions); mountCheck: the headless mount smoke test (mount-check.mjs). Without them
 *   those checks are left out: the app server, the CLI and the build pass both (liveChecks).
 */
export function createRegistryStore(
  deployDir,
  { databaseUrl, onUnreadable, hostShared, mountCheck } = {},
) {
  const db = openRegistryDatabase({ deployDir, databaseUrl });
  const snapshotPath = path.join(deployDir, 'registry.last-good.json');
  const versionDir = (name, version) => path.join(deployDir, 'remotes', name, version);
  const filesThere = (name, version) =>
    existsSync(path.join(versionDir(name, version), 'mf-manifest.json'));
  /** What this process last read successfully: served while the database is unreadable. */
  let lastGood = null;

  /** Database failures become RegistryUnreadable; the store's own refusals pass through. */
  async function guard(fn) {
    try {
      return await fn();
    } catch (error) {
      if (error instanceof RegistryError) throw error;
      throw new RegistryUnreadable(error.message);
    }
  }

  const readState = () =>
    guard(async () => {
      const row = await db.readState();
      if (!row) throw new Error('no revision row');
      let state;
      try {
        state = checkState(JSON.parse(row.state));
      } catch (error) {
        throw new Error(`the live state is invalid: ${error.message}`);
      }
      const current = { revision: Number(row.revision), state };
      if (!lastGood || current.revision >= lastGood.revision) lastGood = current;
      return current;
    });

  /** The live state, or when the database cannot be read the last good one (or throws). */
  async function liveState() {
    try {
      return (await readState()).state;
    } catch (error) {
      const snapshot = readSnapshot();
      const best = [lastGood, snapshot].filter(Boolean).sort((a, b) => b.revision - a.revision)[0];
      if (!best) throw error;
      onUnreadable?.(error);
      return best.state;
    }
  }

  const findVersion = (name, version) =>
    guard(async () =>
      (await db.versions()).find((v) => v.remote === name && v.version === version),
    );

  function readSnapshot() {
    try {
      const snapshot = JSON.parse(readFileSync(snapshotPath, 'utf8'));
      checkState(snapshot.state);
      if (!Number.isInteger(snapshot.revision)) return null;
      return snapshot;
    } catch {
      return null;
    }
  }

  async function writeSnapshot() {
    // A convenience for bad days: failing to write it must not fail the change that was made.
    try {
      const { revision, state } = await readState();
      if ((readSnapshot()?.revision ?? -1) > revision) return;
      const versions = await db.versions(true);
      const history = await db.history();
      mkdirSync(deployDir, { recursive: true });
      const tmp = `${snapshotPath}.${process.pid}.${Date.now()}.tmp`;
      writeFileSync(tmp, `${JSON.stringify({ revision, state, versions, history })}\n`);
      renameSync(tmp, snapshotPath);
    } catch {
      // the database will be read again next time
    }
  }

  /**
   * Applies `plan(current)` as one compare-and-swap. `ifRevision`: the revision the operator saw;
   * when the registry has moved on, 409 and nothing changes. Without it a lost race is retried
   * against the new revision (the plan runs again, so its checks see the latest state).
   */
  async function mutate(plan, { ifRevision, operator, reason }) {
    for (let attempt = 0; attempt < 100; attempt += 1) {
      const current = await readState();
      if (ifRevision !== undefined && ifRevision !== null && current.revision !== ifRevision) {
        throw new RegistryError(
          `The registry changed: you saw revision ${ifRevision}, it is now at ${current.revision}. Read it again and retry.`,
          409,
        );
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
          version: change.version,
        }),
      );
      if (committed) {
        await writeSnapshot();
        return { revision: current.revision + 1, changed: true, ...change.result };
      }
      if (ifRevision !== undefined && ifRevision !== null) {
        throw new RegistryError(
          `The registry changed while your change was applied (you saw revision ${ifRevision}). Read it again and retry.`,
          409,
        );
      }
      await pause(Math.random() * Math.min(50, 2 ** attempt));
    }
    throw new RegistryError('The registry is busy with other changes: try again', 503);
  }

  /**
   * What activate, a rollout and an override check before a browser may load `version`: it is
   * published (or forced) and passes the checks (or is forced). Answers the problems forced past.
   */
  async function checkGoingLive(name, version, force) {
    const published = await findVersion(name, version);
    if (!published && !force) {
      throw new RegistryError(
        `${name}@${version} is not published (force it with a reason to activate anyway)`,
        409,
      );
    }
    return published ? assertMayGoLive(name, version, published, force) : ['not published'];
  }

  /** Forcing needs a reason, kept in the history. */
  function reasonFor(options) {
    const reason = checkReason(options.reason);
    if (options.force && !reason) {
      throw new RegistryError('Forcing a version live needs a reason (it is kept in the history)');
    }
    return reason;
  }

  /**
   * Versions that mounted, by digest: a version's files never change, so a pass stays a pass (a
   * rollback to a version that was live is not mounted again). Failures are not kept: a time limit
   * missed on a busy machine is tried again next time.
   */
  const mounted = new Set();

  /** Refuses (409, every reason named) a version that may not go live, unless forced. */
  async function assertMayGoLive(name, version, record, force) {
    const dir = versionDir(name, version);
    const problems = activationProblems({ dir, name, digest: record.digest, hostShared });
    // Mounting a version whose files are missing or changed would only repeat those reasons.
    if (mountCheck && !problems.length && !mounted.has(`${name}@${version}:${record.digest}`)) {
      const failed = await mountCheck({ dir, name, version });
      if (failed.length) problems.push(...failed.map((p) => `the mount check failed: ${p}`));
      else mounted.add(`${name}@${version}:${record.digest}`);
    }
    if (problems.length && !force) {
      throw new RegistryError(
        `${name}@${version} cannot go live: ${problems.join('; ')} (force it with a reason to activate anyway)`,
        409,
      );
    }
    return problems;
  }

  /** Activating a version (or rolling back) ends the remote's rollout: this says which one. */
  const endedRollout = (live) =>
    live.rollout
      ? `ended the rollout of ${live.rollout.version} to ${live.rollout.percent}% of browsers`
      : null;

  /** The change that ends the rollout of `name`, its live version staying. */
  const endRollout = (state, name, live, result) => ({
    state: { ...state, [name]: { active: live.active, trail: live.trail } },
    entry: {
      action: 'rollout-cancel',
      remote: name,
      from: live.rollout.version,
      to: live.active,
      detail: endedRollout(live),
    },
    result,
  });

  async function activate(remote, version, options = {}) {
    const name = normaliseRemote(remote);
    checkVersion(version);
    const reason = reasonFor(options);
    return mutate(
      async ({ state }) => {
        const live = state[name] ?? { active: null, trail: [] };
        const result = { name, active: version, previous: live.active };
        if (live.active === version && !live.rollout) {
          return { result: { ...result, previous: null } };
        }
        if (live.active === version) {
          // Everyone is to have the live version: what remains to do is end the rollout.
          return endRollout(state, name, live, { ...result, previous: null });
        }
        const problems = await checkGoingLive(name, version, options.force);
        const trail = live.active ? [...live.trail, live.active].slice(-TRAIL) : live.trail;
        return {
          // What the force went past stays in the history next to the operator's reason.
          reason: problems.length ? `${reason} (forced past: ${problems.join('; ')})` : undefined,
          state: { ...state, [name]: { active: version, trail } },
          entry: {
            action: problems.length ? 'force' : 'activate',
            remote: name,
            from: live.active,
            to: version,
            detail: endedRollout(live),
          },
          result,
        };
      },
      { ...options, reason },
    );
  }

  /**
   * Makes `version` live for `percent` of browsers (1..99; each browser's sticky bucket decides,
   * registry-per-browser.mjs), the others keeping the live version; 100 activates it, ending the rollout. The same
   * checks and `force` as activate.
   */
  async function rollout(remote, version, percent, options = {}) {
    const name = normaliseRemote(remote);
    checkVersion(version);
    checkPercent(percent);
    const reason = reasonFor(options);
    if (percent === 100) return activate(name, version, options);
    return mutate(
      async ({ state }) => {
        const live = state[name] ?? { active: null, trail: [] };
        if (!live.active) {
          throw new RegistryError(
            `${name} has no version live for everyone yet: activate one first (the browsers outside the rollout keep it)`,
            409,
          );
        }
        if (live.active === version) {
          throw new RegistryError(`${name}@${version} is already live for everyone`, 409);
        }
        const result = { name, active: live.active, rollout: { version, percent } };
        const same = live.rollout?.version === version;
        if (same && live.rollout.percent === percent) return { result };
        const problems = await checkGoingLive(name, version, options.force);
        const share = same
          ? `from ${live.rollout.percent}% to ${percent}% of browsers`
          : `${percent}% of browsers`;
        return {
          state: { ...state, [name]: { ...live, rollout: { version, percent } } },
          entry: {
            action: 'rollout',
            remote: name,
            from: live.active,
            to: version,
            detail: problems.length ? `${share}; forced past: ${problems.join('; ')}` : share,
          },
          result,
        };
      },
      { ...options, reason },
    );
  }

  /** Ends a rollout: every browser gets the live version again, which does not change. */
  async function cancelRollout(remote, options = {}) {
    const name = normaliseRemote(remote);
    const reason = checkReason(options.reason);
    return mutate(
      async ({ state }) => {
        const live = state[name] ?? { active: null, trail: [] };
        const result = { name, active: live.active, rollout: null };
        return live.rollout ? endRollout(state, name, live, result) : { result };
      },
      { ...options, reason },
    );
  }

  /**
   * Records that an operator let one browser load `version` until `expiresAt` (a signed override,
   * registry-per-browser.mjs): the same checks and `force` as activate, and a row in the history.
   */
  async function recordOverride(remote, version, expiresAt, options = {}) {
    const name = normaliseRemote(remote);
    checkVersion(version);
    const reason = reasonFor(options);
    return mutate(
      async () => {
        const problems = await checkGoingLive(name, version, options.force);
        const until = `valid until ${expiresAt.toISOString()}`;
        return {
          entry: {
            action: 'override-issued',
            remote: name,
            from: null,
            to: version,
            detail: problems.length ? `${until}; forced past: ${problems.join('; ')}` : until,
          },
          result: { name, version },
        };
      },
      { ...options, reason },
    );
  }

  /**
   * Without `to`: one step back through the versions that were live before (a second rollback goes
   * further back, never toggling forward again). With `to`: that published version, any of them.
   */
  async function rollback(remote, options = {}) {
    const name = normaliseRemote(remote);
    const to = options.to === undefined || options.to === null ? null : checkVersion(options.to);
    const reason = checkReason(options.reason);
    return mutate(
      async ({ state }) => {
        const live = state[name] ?? { active: null, trail: [] };
        let next;
        if (to) {
          if (live.active === to && !live.rollout) {
            return { result: { name, active: to, previous: null } };
          }
          next = {
            active: to,
            trail:
              live.active === to
                ? live.trail
                : [...live.trail, live.active].filter(Boolean).slice(-TRAIL),
          };
        } else {
          if (!live.trail.length) {
            throw new RegistryError(`${name} has no earlier version to roll back to`, 409);
          }
          next = { active: live.trail.at(-1), trail: live.trail.slice(0, -1) };
        }
        // Going back is going live too: the version must still pass the checks.
        const record = await findVersion(name, next.active);
        if (!record) {
          throw new RegistryError(
            `${name}@${next.active} is not published, so it cannot be rolled back to: activate a published version (or force one with a reason)`,
            409,
          );
        }
        await assertMayGoLive(name, next.active, record, false);
        return {
          state: { ...state, [name]: next },
          entry: {
            action: 'rollback',
            remote: name,
            from: live.active,
            to: next.active,
            detail: endedRollout(live),
          },
          result: { name, active: next.active, previous: live.active },
        };
      },
      { ...options, reason },
    );
  }

  /**
   * Publishes a built folder as `version` of `remote`. The same content again is a no-op; other
   * content under a published version is refused (409), unless `devLabel`: then it is published as
   * `<version>-dev.<digest>` (the monorepo's own build, docs/decisions/019-...).
   */
  async function publishFolder(remote, dist, version, options = {}) {
    const name = normaliseRemote(remote);
    checkVersion(version);
    const manifest = path.join(dist, 'mf-manifest.json');
    if (!existsSync(manifest)) {
      throw new RegistryError(
        `${path.relative(process.cwd(), dist) || dist} has no mf-manifest.json: build it first`,
      );
    }
    const built = buildVersionOf(manifest);
    if (built !== version) {
      throw new RegistryError(
        built
          ? `The build in ${dist} says version ${built}, not ${version}: build it again`
          : `The build in ${dist} records no version (metaData.buildInfo.buildVersion in mf-manifest.json): build it again`,
      );
    }
    let digested;
    try {
      // The .br/.gz variants the app server sends by Accept-Encoding (precompress.mjs) are written
      // beside the build first, so the digest, the copy and the checks before going live cover
      // them too. Deterministic: the same build gives the same variants and the same digest.
      precompressDir(dist);
      digested = digestFolder(dist);
    } catch (error) {
      throw new RegistryError(`The build cannot be published: ${error.message}`);
    }
    const { digest, files } = digested;

    // 'same': already published with this content; 'different': refused; 'adopt': the folder is
    // in place (a publish stopped before its record) with this content; 'new': copy it.
    async function outcome(label) {
      const record = await findVersion(name, label);
      if (record) return record.digest === digest ? 'same' : 'different';
      if (!existsSync(versionDir(name, label))) return 'new';
      return digestFolder(versionDir(name, label)).digest === digest ? 'adopt' : 'different';
    }
    let label = version;
    let found = await outcome(label);
    if (found === 'different' && options.devLabel) {
      label = `${version}-dev.${digest.slice('sha256:'.length, 'sha256:'.length + 12)}`;
      found = await outcome(label);
    }
    if (found === 'new' && !placeVersion(dist, versionDir(name, label), digest)) {
      found = await outcome(label);
    }
    if (found === 'different') {
      throw new RegistryError(
        `${name}@${label} is already published with other content, and a published version is never rewritten: raise the version in ${REMOTE_PACKAGES[name]}/package.json and build again`,
        409,
      );
    }
    const record = {
      remote: name,
      version: label,
      digest,
      files,
      publishedAt: new Date().toISOString(),
      publishedBy: options.operator ?? 'unknown',
    };
    const published = await mutate(
      async () => {
        const existing = await findVersion(name, label);
        if (existing && existing.digest !== digest) {
          throw new RegistryError(`${name}@${label} was just published with other content`, 409);
        }
        if (existing) return { result: {} };
        return {
          version: record,
          entry: { action: 'publish', remote: name, from: null, to: label },
        };
      },
      { operator: options.operator, reason: checkReason(options.reason) },
    );
    const result = { name, version: label, digest, published: published.changed };
    if (options.activate) return { ...result, ...(await activate(name, label, options)) };
    return result;
  }

  return {
    deployDir,
    snapshotPath,
    database: db,

    /** Everything: the revision, and per remote the live version, the trail and the versions. */
    async read() {
      const { revision, state } = await readState();
      const versions = await guard(() => db.versions());
      const remotes = {};
      for (const name of Object.keys(REMOTE_PACKAGES)) {
        const own = versions.filter((v) => v.remote === name).map(({ remote: _r, ...v }) => v);
        if (!state[name] && !own.length) continue;
        remotes[name] = {
          active: state[name]?.active ?? null,
          trail: state[name]?.trail ?? [],
          rollout: state[name]?.rollout ?? null,
          versions: own,
        };
      }
      return { revision, remotes };
    },

    /** The newest first; `remote` narrows it to one remote. */
    async history({ remote, limit } = {}) {
      const name = remote ? normaliseRemote(remote) : undefined;
      return guard(() => db.history(name, limit));
    },

    /** The files and their digests recorded when `version` was published. */
    async versionFiles(remote, version) {
      return guard(() => db.versionFiles(normaliseRemote(remote), checkVersion(version)));
    },

    /** Publishes <repo>/<package>/dist as the version in its package.json. */
    async publish(repoRoot, remote, options = {}) {
      const name = normaliseRemote(remote);
      const pkgDir = path.join(repoRoot, REMOTE_PACKAGES[name]);
      const { version } = JSON.parse(readFileSync(path.join(pkgDir, 'package.json'), 'utf8'));
      return publishFolder(name, path.join(pkgDir, 'dist'), version, options);
    },
    publishFolder,
    activate,
    rollback,
    rollout,
    cancelRollout,
    recordOverride,

    /**
     * The key that signs overrides when REGISTRY_OVERRIDE_SECRET is not set: made once, kept in the
     * database, so every app server of the registry signs and checks with the same one.
     */
    async overrideSecret() {
      return guard(() => db.secret('override', randomBytes(32).toString('base64url')));
    },

    /**
     * The document browsers read as /registry.json: the live versions and their fallbacks. When the
     * database cannot be read, the last good one (this process's, or the snapshot's, the newer).
     */
    async document() {
      const state = await liveState();
      let published = null;
      try {
        published = new Set(
          (await guard(() => db.versions())).map((v) => `${v.remote}@${v.version}`),
        );
      } catch {
        // The database is what cannot be read: the files on disk still say what can be served.
      }
      return toDocument(state, (name, v) =>
        published ? published.has(`${name}@${v}`) && filesThere(name, v) : filesThere(name, v),
      );
    },

    /** Per remote its rollout ({ version, percent }), from the same state as document(). */
    async rollouts() {
      return toRollouts(await liveState());
    },

    /**
     * Counts a failure a browser reported (POST /_beacon/remote-failure): `phase` 'load' or
     * 'mount', `message` at most 200 characters. Only a published version of a known remote is
     * counted; anything else is refused with 400 and makes no row.
     */
    async countFailure({ remote, version, phase, message } = {}) {
      const name = normaliseRemote(remote);
      checkVersion(version);
      if (!PHASES.includes(phase)) throw new RegistryError("The phase must be 'load' or 'mount'");
      if (message !== undefined && message !== null && typeof message !== 'string') {
        throw new RegistryError('The message must be text');
      }
      if (typeof message === 'string' && message.length > MESSAGE) {
        throw new RegistryError(`The message must be at most ${MESSAGE} characters`);
      }
      // Control characters would only garble the operator's view of it.
      // eslint-disable-next-line no-control-regex -- finding them is the point
      const text = (message ?? '').replace(/[\u0000-\u001f\u007f]+/g, ' ').trim();
      const counted = await guard(() =>
        db.countFailure({
          remote: name,
          version,
          at: new Date().toISOString(),
          message: text ? `${phase}: ${text}` : phase,
        }),
      );
      if (!counted) throw new RegistryError(`${name}@${version} is not a published version`);
    },

    /** The failures browsers reported, per remote and version. */
    failures: () => guard(() => db.failures()),

    /**
     * When the database cannot be read: moves the broken file aside (SQLite) and rebuilds the
     * registry from the last good snapshot, recording the repair in the history.
     */
    async repair({ operator } = {}) {
      try {
        const { revision } = await readState();
        await guard(() => db.versions());
        return { repaired: false, revision };
      } catch (error) {
        if (!(error instanceof RegistryUnreadable)) throw error;
      }
      const snapshot = readSnapshot();
      let movedTo = null;
      if (db.kind === 'sqlite') {
        await db.close();
        movedTo = `${db.file}.broken-${new Date().toISOString().replace(/[:.]/g, '-')}`;
        for (const suffix of ['', '-wal', '-shm']) {
          if (existsSync(db.file + suffix)) renameSync(db.file + suffix, movedTo + suffix);
        }
      }
      if (snapshot) await guard(() => db.restore(snapshot));
      const note = snapshot
        ? `restored revision ${snapshot.revision} from ${path.basename(snapshotPath)}`
        : 'no snapshot: started an empty registry (publish the remotes again)';
      await mutate(
        async () => ({
          entry: { action: 'repair', remote: '*', from: null, to: null },
          result: {},
        }),
        {
          operator,
          reason: movedTo ? `${note}; the broken file is ${path.basename(movedTo)}` : note,
        },
      );
      return { repaired: true, restoredRevision: snapshot?.revision ?? null, movedTo };
    },

    close: () => db.close(),
  };
}

/**
 * The monorepo's `npm run build`: publishes every remote's dist. A rebuild without a version bump
 * is published under a dev label (the version folder that is live is never rewritten) and goes
 * live when the remote follows the local build (nothing live, or a build of the same version
 * live); a version an operator chose stays live.
 */
export async function publishAll(store, repoRoot, log = () => undefined, operator = 'build') {
  const results = [];
  for (const name of Object.keys(REMOTE_PACKAGES)) {
    const published = await store.publish(repoRoot, name, { devLabel: true, operator });
    const current = (await store.read()).remotes[name]?.active ?? null;
    const base = published.version.replace(/-dev\.[0-9a-f]{12}$/, '');
    const follows = !current || current === base || current.startsWith(`${base}-dev.`);
    if (follows && current !== published.version) {
      await store.activate(name, published.version, { operator, reason: 'local build' });
    }
    const active = follows ? published.version : current;
    log(
      `${name}@${published.version} ${published.published ? 'published' : 'already published'}${
        active === published.version ? ', live' : ` (live stays ${active})`
      }`,
    );
    results.push({ ...published, active });
  }
  return results;
}
