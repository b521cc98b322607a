// The remote registry: which versions of each remote are published and which one is live
// (docs/architecture.md "Micro-frontends": operators switch or roll back a remote without
// rebuilding anything; docs/decisions/019-immutable-versions-and-a-registry-database.md). One
// store for the CLI (registry-cli.ts), the build (publishAll) and the app server; each concern in
// a module of its own beside this one:
// - revisions.ts: every change a compare-and-swap on the revision, the last good snapshot;
// - publishing.ts: published versions are immutable, their files digested and copied once;
// - going-live.ts: the checks and the mount check before a browser may load a version;
// - activation.ts and rollout.ts: what is live for everyone, for some browsers, for one tester;
// - failures.ts and repair.ts: browsers' failure counts, and rebuilding an unreadable registry;
// - database.ts: the SQLite and PostgreSQL databases behind one interface.
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { createActivation } from './activation.js';
import type { ContributionsOf } from './contributions.js';
import { openRegistryDatabase } from './database.js';
import { countFailure, type FailureReport } from './failures.js';
import { createGoingLive } from './going-live.js';
import type { MOUNT_CHECK_LEASE } from './mount-verdicts.js';
import { normaliseRemote, checkVersion } from './names.js';
import {
  createPublishing,
  parseVersionBudget,
  remotesIn,
  type VersionBudget,
} from './publishing.js';
import { repair } from './repair.js';
import { createRevisions, type Revisions } from './revisions.js';
import { createOverrides, createRollouts } from './rollout.js';
import { toDocument, toRollouts } from './state.js';
import { createMarks, distrust, lastFailures, type LastFailures } from './trust.js';
import { createAutoStop, LOAD_FLUSH_MS } from './auto-stop.js';
import type { MountCheck, RemoteLive, VersionRecord } from './types.js';

export interface RegistryStoreOptions {
  databaseUrl?: string | undefined;
  onUnreadable?: ((error: Error) => void) | undefined;
  /** The versions the host provides of its shared packages (registry-checks.ts hostSharedVersions). */
  hostShared?: Record<string, string> | undefined;
  /** The headless mount smoke test (mount-check.ts). */
  mountCheck?: MountCheck | null | undefined;
  /** The lease one app server holds while it mounts a version (going-live.ts). */
  mountCheckLease?: Partial<typeof MOUNT_CHECK_LEASE> | undefined;
  /** What a version may weigh per remote; by default REGISTRY_MAX_VERSION_BYTES's (publishing.ts). */
  versionBudget?: VersionBudget | undefined;
}

export type RegistryStore = ReturnType<typeof createRegistryStore>;

/** Everything: the revision, and per remote the live version, the trail and the versions. */
async function readRegistry(revisions: Revisions) {
  const { revision, state } = await revisions.readState();
  const versions = await revisions.guard(() => revisions.db.versions());
  const remotes: Record<
    string,
    Omit<RemoteLive, 'rollout'> & {
      rollout: RemoteLive['rollout'] | null;
      versions: Omit<VersionRecord, 'remote'>[];
    }
  > = {};
  const names = new Set([...Object.keys(state), ...versions.map((v) => v.remote)]);
  for (const name of [...names].sort()) {
    const own = versions.filter((v) => v.remote === name).map(({ remote: _r, ...v }) => v);
    if (!state[name] && !own.length) continue;
    remotes[name] = {
      active: state[name]?.active ?? null,
      trail: state[name]?.trail ?? [],
      rollout: state[name]?.rollout ?? null,
      ...(state[name]?.wins?.length ? { wins: state[name]?.wins } : {}),
      ...(state[name]?.bad ? { bad: state[name]?.bad } : {}),
      versions: own,
    };
  }
  return { revision, remotes };
}

/**
 * The document browsers read as /registry.json: the live versions and their fallbacks (never one
 * that may not be gone back to: trust.ts). When the database cannot be read, the last good one
 * (this process's, or the snapshot's, the newer).
 */
async function documentOf(
  revisions: Revisions,
  contributesOf: ContributionsOf,
  filesThere: (name: string, version: string) => boolean,
) {
  const { db, guard } = revisions;
  const state = await revisions.liveState();
  let published: Set<string> | null = null;
  let failed: LastFailures = new Map();
  try {
    const [versions, failures] = await Promise.all([
      guard(() => db.versions()),
      guard(() => db.failures()),
    ]);
    published = new Set(versions.map((v) => `${v.remote}@${v.version}`));
    failed = lastFailures(failures);
  } catch {
    // The database is what cannot be read: the files on disk still say what can be served, the
    // state's marks what may not be gone back to (the failure counts wait for the database).
  }
  return toDocument(
    state,
    (name, v) =>
      (published ? published.has(`${name}@${v}`) : true) &&
      filesThere(name, v) &&
      !distrust(name, state[name], v, failed),
    contributesOf,
  );
}

/**
 * Without `hostShared` and `mountCheck` those checks are left out: the app server, the CLI and the
 * build pass both (liveChecks in registry-checks.ts).
 */
export function createRegistryStore(deployDir: string, options: RegistryStoreOptions = {}) {
  const db = openRegistryDatabase({ deployDir, databaseUrl: options.databaseUrl });
  const revisions = createRevisions({ db, deployDir, onUnreadable: options.onUnreadable });
  const versionDir = (name: string, version: string) =>
    path.join(deployDir, 'remotes', name, version);
  const filesThere = (name: string, version: string) =>
    existsSync(path.join(versionDir(name, version), 'mf-manifest.json'));
  const goingLive = createGoingLive({ revisions, versionDir, ...options });
  const { activate, rollback } = createActivation({ revisions, goingLive });
  const rollouts = createRollouts({ revisions, goingLive, activate });
  const overrides = createOverrides({ revisions, goingLive });
  const marks = createMarks({ revisions, goingLive });
  const autoStop = createAutoStop({ revisions });
  let flushTimer: ReturnType<typeof setInterval> | null = null;
  const { contributesOf } = goingLive;
  const publishing = createPublishing({
    revisions,
    versionDir,
    contributesOf,
    activate,
    versionBudget:
      options.versionBudget ?? parseVersionBudget(process.env.REGISTRY_MAX_VERSION_BYTES),
  });
  const { guard } = revisions;

  const document = () => documentOf(revisions, contributesOf, filesThere);

  return {
    deployDir,
    snapshotPath: revisions.snapshotPath,
    database: db,
    read: () => readRegistry(revisions),
    /** The newest first; `remote` narrows it to one remote. */
    async history({ remote, limit }: { remote?: unknown; limit?: number } = {}) {
      const name = remote ? normaliseRemote(remote) : undefined;
      return guard(() => db.history(name, limit));
    },
    /** The files and their digests recorded when `version` was published. */
    async versionFiles(remote: unknown, version: unknown) {
      return guard(() => db.versionFiles(normaliseRemote(remote), checkVersion(version)));
    },
    ...publishing,
    activate,
    rollback,
    ...rollouts,
    ...overrides,
    ...marks,
    /**
     * The key that signs overrides when REGISTRY_OVERRIDE_SECRET is not set: made once, kept in the
     * database, so every app server of the registry signs and checks with the same one.
     */
    overrideSecret: () => guard(() => db.secret('override', randomBytes(32).toString('base64url'))),
    document,
    /** What a version contributes (its routes, sidebar entries, home page), or null. */
    contributesOf,
    /** Per remote its rollout ({ version, percent }), from the same state as document(). */
    rollouts: async () => toRollouts(await revisions.liveState()),
    /** Counts the failure, then ends the remote's rollout if its version passed its stop. */
    async countFailure(report?: FailureReport) {
      await countFailure(revisions, report);
      await autoStop.check(normaliseRemote(report?.remote)).catch(() => undefined);
    },
    /**
     * A browser was given `version` of `remote` (its registry document): counted in memory, written
     * every few seconds (auto-stop.ts).
     */
    noteLoad(remote: string, version: string) {
      autoStop.noteLoad(remote, version);
      if (!flushTimer) {
        flushTimer = setInterval(() => void autoStop.flushLoads(), LOAD_FLUSH_MS);
        flushTimer.unref?.();
      }
    },
    flushLoads: () => autoStop.flushLoads(),
    /** Loads per remote and version (auto-stop.ts). */
    loads: () => guard(() => db.loads()),
    /** The failures browsers reported, per remote and version. */
    failures: () => guard(() => db.failures()),
    repair: (o?: { operator?: string }) => repair(revisions, o),
    async close() {
      if (flushTimer) clearInterval(flushTimer);
      await autoStop.flushLoads().catch(() => undefined);
      await db.close();
    },
  };
}

/**
 * The monorepo's `npm run build`: publishes every remote's dist. A rebuild without a version bump
 * is published under a dev label (the version folder that is live is never rewritten) and goes
 * live when the remote follows the local build: nothing live, or what is live was made live by the
 * build itself (a raised version in package.json included); a version an operator chose stays live.
 */
export async function publishAll(
  store: RegistryStore,
  repoRoot: string,
  log: (line: string) => void = () => undefined,
  operator = 'build',
) {
  const results = [];
  const known = new Set(Object.keys((await store.read()).remotes));
  for (const { name } of remotesIn(repoRoot)) {
    // The monorepo's own remotes: a folder added since the last build is a new remote.
    const newRemote = !known.has(name);
    const published = await store.publish(repoRoot, name, { devLabel: true, operator, newRemote });
    const current = (await store.read()).remotes[name]?.active ?? null;
    const follows = !current || (await madeLiveBy(store, name, operator));
    if (follows && current !== published.version) {
      await store.activate(name, published.version, { operator, reason: 'local build' });
    }
    const active = follows ? published.version : current;
    log(
      `${name}@${published.version} ${published.published ? 'published' : 'already published'}${
        active === published.version ? ', live' : ` (live stays ${active}, chosen by an operator)`
      }`,
    );
    results.push({ ...published, active });
  }
  return results;
}

/** Did `operator` make the live version of `name` live (its newest change of what is live)? */
async function madeLiveBy(store: RegistryStore, name: string, operator: string) {
  const history = await store.history({ remote: name, limit: 200 });
  const last = history.find((entry) => LIVE_CHANGES.has(entry.action));
  return last?.operator === operator;
}

const LIVE_CHANGES = new Set([
  'activate',
  'force',
  'rollback',
  'rollout',
  'rollout-cancel',
  'repair',
]);
