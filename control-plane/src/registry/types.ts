// The registry's data (docs/decisions/019-immutable-versions-and-a-registry-database.md): what is
// live per remote, the published versions and the history, as the store and its databases pass
// them around.
import type { Contributions } from '@ajo/tooling/contributions';

/** A share of browsers that gets `version` before everyone does (record 021). */
export interface Rollout {
  version: string;
  percent: number;
  /** The rollout ends itself past this failure rate (record 045, auto-stop.ts). */
  stop?: AutoStop;
}

/** Failures per 1,000 loads above which a rollout ends, once its version has `minLoads` loads. */
export interface AutoStop {
  perThousand: number;
  minLoads: number;
}

/** How many browsers were given a version (auto-stop.ts). */
/** A version's build, by digest: what a mount-check verdict and lease are about. */
export interface MountCheckKey {
  remote: string;
  version: string;
  digest: string;
}

/** Who is mounting a build now and until when; a failed check's reasons (JSON) and their time. */
export interface MountCheckLease {
  holder: string;
  until: string;
  failed: string | null;
  failedAt: string | null;
}

export interface LoadCount {
  remote: string;
  version: string;
  count: number;
}

/**
 * What one remote serves: its live version, the versions live before it, its rollout, and the
 * paths an operator said it wins where another remote declares them too (record 038).
 */
export interface RemoteLive {
  active: string | null;
  trail: string[];
  rollout?: Rollout;
  wins?: string[];
  /** Versions that may not be gone back to, and why: forced past the checks, marked bad (trust.ts). */
  bad?: Record<string, string>;
  /** When each version went live, or an operator vouched for it again: later failures count. */
  since?: Record<string, string>;
}

/** Per remote name, what it serves. */
export type LiveState = Record<string, RemoteLive>;

/** The live state at a revision. */
export interface Revisioned {
  revision: number;
  state: LiveState;
}

export interface FileDigest {
  path: string;
  sha256: string;
  bytes?: number;
}

/** A published version: immutable once recorded. */
export interface VersionRecord {
  remote: string;
  version: string;
  digest: string;
  files?: unknown;
  publishedAt: string;
  publishedBy: string;
}

export type HistoryAction =
  | 'publish'
  | 'activate'
  | 'force'
  | 'rollback'
  | 'rollout'
  | 'rollout-cancel'
  | 'override-issued'
  | 'repair'
  | 'mark-bad'
  | 'unmark-bad';

/** One row of the history; one per revision. */
export interface HistoryEntry {
  revision?: number;
  at: string;
  operator: string;
  action: HistoryAction;
  remote: string;
  from: string | null;
  to: string | null;
  reason?: string | null;
  detail?: string | null;
}

/** A failure count a browser's reports made (record 020). */
export interface FailureCount {
  remote: string;
  version: string;
  count: number;
  lastAt: string;
  lastMessage: string | null;
}

/** The last good registry, written after every change (`registry.last-good.json`). */
export interface Snapshot extends Revisioned {
  versions?: VersionRecord[];
  history?: HistoryEntry[];
}

/** The registry document browsers read as /registry.json. */
export interface ManifestRef {
  version: string;
  manifest: string;
}
export interface RegistryDocument {
  /** Per remote the version this browser loads, what it contributes (record 038), its fallback. */
  remotes: Record<string, ManifestRef & { fallback?: ManifestRef; contributes?: Contributions }>;
  /** Path -> the remote an operator said wins it. */
  winners?: Record<string, string>;
}

/** Who makes a change, and why; `ifRevision`: the revision the operator saw (409 when it moved). */
export interface ChangeOptions {
  operator?: string;
  reason?: string | null;
  ifRevision?: number | null;
  force?: boolean;
  /** Where this version declares a path another remote serves: it takes the path (record 038). */
  wins?: boolean;
}

/** The headless mount smoke test (mount-check.ts): the reasons a version may not go live. */
export type MountCheck = (o: { dir: string; name: string; version: string }) => Promise<string[]>;
