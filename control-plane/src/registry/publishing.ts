// Publishing a built folder as a version of a remote (docs/decisions/019-...): its files are
// digested and copied once into ${DEPLOY_DIR}/remotes/<name>/<version>/; the same content again is
// a no-op, other content under a published version is refused.
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync } from 'node:fs';
import path from 'node:path';
import { precompressDir } from '../precompress.js';
import { buildBytes, digestFolder, placeVersion } from '../registry-files.js';
import { claimRoutes, readContributions, type ContributionsOf } from './contributions.js';
import { RegistryError } from './errors.js';
import { checkKnown, checkReason, checkVersion, normaliseRemote, reasonFor } from './names.js';
import type { Change, Revisions } from './revisions.js';
import type { ChangeOptions } from './types.js';

export interface PublishOptions extends ChangeOptions {
  /** A rebuild with other content is published as `<version>-dev.<digest>` (the monorepo's build). */
  devLabel?: boolean;
  /** Make it live too, after the checks. */
  activate?: boolean;
  /** The first version of a remote the registry has never had (record 038). */
  newRemote?: boolean;
  /**
   * An upload compressed and digested already, in a staging folder of its own on the deploy disk
   * (registry-upload.ts): its folder is renamed into place, not copied and digested again.
   */
  prepared?: { digest: string; files: Record<string, string>; bytes: number };
}

/** What a version of a remote may weigh uncompressed (its .br/.gz variants not counted). */
export const DEFAULT_VERSION_BUDGET = 15 * 1024 * 1024;
export type VersionBudget = (remote: string) => number;

/**
 * REGISTRY_MAX_VERSION_BYTES: bytes for every remote ("20000000"), or per remote with a default
 * ("<remote>=20000000,<remote>=8000000,*=15000000"). Unset: 15 MiB for each. Throws on anything else.
 */
export function parseVersionBudget(text: string | undefined): VersionBudget {
  const budgets = new Map<string, number>();
  const items = (text ?? '').split(',').map((item) => item.trim()).filter(Boolean);
  for (const item of items) {
    const parts = item.includes('=') ? item.split('=') : ['*', item];
    const [name, bytes] = parts;
    if (parts.length !== 2 || !/^(?:\*|[a-z][a-z0-9_]{1,30})$/.test(name!) || !/^[1-9]\d{0,11}$/.test(bytes!)) {
      throw new Error(
        'REGISTRY_MAX_VERSION_BYTES is a number of bytes, or remote=bytes,...,*=bytes (a whole number per remote, * for the others)',
      );
    }
    budgets.set(name!, Number(bytes));
  }
  const fallback = budgets.get('*') ?? DEFAULT_VERSION_BUDGET;
  return (remote) => budgets.get(remote) ?? fallback;
}

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MiB (${bytes} bytes)`;

/**
 * Refuses (413, with both sizes) a version over its remote's budget, unless forced with a reason:
 * answers what the force went past, for the history.
 */
function checkBudget(name: string, label: string, bytes: number, budget: number, o: PublishOptions) {
  if (bytes <= budget) return null;
  const over = `${name}@${label} is ${mb(bytes)}, over the ${name} budget of ${mb(budget)}`;
  if (!o.force) {
    throw new RegistryError(
      `${over}: make the build smaller, or publish it with force and a reason (REGISTRY_MAX_VERSION_BYTES sets the budget)`,
      413,
    );
  }
  reasonFor(o);
  return over;
}

/**
 * The remotes of a repository: each folder at its root with a remote.json (the remote's own
 * declaration of its name and routes), by name. The monorepo's build publishes them all.
 */
export function remotesIn(repoRoot: string): { name: string; dir: string }[] {
  return readdirSync(repoRoot, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && existsSync(path.join(repoRoot, entry.name, 'remote.json')))
    .map((entry) => {
      const dir = path.join(repoRoot, entry.name);
      const { name } = JSON.parse(readFileSync(path.join(dir, 'remote.json'), 'utf8'));
      return { name: normaliseRemote(name), dir };
    })
    .sort((a, b) => (a.name < b.name ? -1 : 1));
}

/** Refuses a build whose declaration of routes is missing or not valid. */
function checkDeclared(dist: string) {
  const { problems } = readContributions(dist);
  if (problems.length) throw new RegistryError(`The build in ${dist} cannot be published: ${problems.join('; ')}`);
}

/** The version a build stamped into its manifest (Module Federation's buildInfo.buildVersion). */
function buildVersionOf(manifestPath: string): string | null {
  try {
    const version = JSON.parse(readFileSync(manifestPath, 'utf8'))?.metaData?.buildInfo
      ?.buildVersion;
    return typeof version === 'string' ? version : null;
  } catch {
    return null;
  }
}

/** Refuses a folder that is not a build of `version`. */
function checkBuilt(dist: string, version: string) {
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
}

/** Writes the .br/.gz variants beside the build, then digests it. */
function digestBuild(dist: string): { digest: string; files: unknown } {
  try {
    // The .br/.gz variants the app server sends by Accept-Encoding (precompress.ts) are written
    // beside the build first, so the digest, the copy and the checks before going live cover
    // them too. Deterministic: the same build gives the same variants and the same digest.
    precompressDir(dist);
    return digestFolder(dist);
  } catch (error) {
    throw new RegistryError(`The build cannot be published: ${(error as Error).message}`);
  }
}

/** Where versions are recorded and where their folders go. */
interface Placing {
  revisions: Revisions;
  versionDir: (name: string, version: string) => string;
}

/**
 * Where `label` stands: 'same' (already published with this content), 'different' (refused),
 * 'adopt' (the folder is in place, a publish stopped before its record, with this content) or
 * 'new' (copy it).
 */
async function outcome(at: Placing, name: string, label: string, digest: string) {
  const { revisions, versionDir } = at;
  const record = await revisions.findVersion(name, label);
  if (record) return record.digest === digest ? 'same' : 'different';
  if (!existsSync(versionDir(name, label))) return 'new';
  return digestFolder(versionDir(name, label)).digest === digest ? 'adopt' : 'different';
}

/**
 * Renames a prepared folder (nobody else writes it) into place. Answers false, touching nothing,
 * when `target` already exists (another publisher got there first): the caller compares digests.
 */
function moveVersion(source: string, target: string): boolean {
  mkdirSync(path.dirname(target), { recursive: true });
  try {
    renameSync(source, target);
    return true;
  } catch (error) {
    const { code } = error as NodeJS.ErrnoException;
    if (code === 'EEXIST' || code === 'ENOTEMPTY') return false;
    throw error;
  }
}

/** The label the build is published under, its folder in place; refuses other content. */
async function place(
  at: Placing,
  name: string,
  dist: string,
  version: string,
  digest: string,
  devLabel?: boolean,
  prepared?: boolean,
) {
  let label = version;
  let found = await outcome(at, name, label, digest);
  if (found === 'different' && devLabel) {
    label = `${version}-dev.${digest.slice('sha256:'.length, 'sha256:'.length + 12)}`;
    found = await outcome(at, name, label, digest);
  }
  const target = at.versionDir(name, label);
  if (found === 'new' && !(prepared ? moveVersion(dist, target) : placeVersion(dist, target, digest))) {
    found = await outcome(at, name, label, digest);
  }
  if (found === 'different') {
    throw new RegistryError(
      `${name}@${label} is already published with other content, and a published version is never rewritten: raise the version in its package.json and build again`,
      409,
    );
  }
  return label;
}

export function createPublishing(o: {
  revisions: Revisions;
  versionDir: (name: string, version: string) => string;
  contributesOf: ContributionsOf;
  activate: (remote: string, version: string, options: ChangeOptions) => Promise<object>;
  versionBudget?: VersionBudget;
}) {
  const budgetOf = o.versionBudget ?? parseVersionBudget(undefined);
  const { revisions } = o;

  /**
   * Publishes a built folder as `version` of `remote`. The same content again is a no-op; other
   * content under a published version is refused (409), unless `devLabel`: then it is published as
   * `<version>-dev.<digest>` (the monorepo's own build, docs/decisions/019-...).
   */
  async function publishFolder(
    remote: unknown,
    dist: string,
    version: unknown,
    options: PublishOptions = {},
  ) {
    const name = normaliseRemote(remote);
    const wanted = checkVersion(version);
    checkBuilt(dist, wanted);
    checkDeclared(dist);
    await checkRemote(name, dist, options);
    const bytes = options.prepared?.bytes ?? buildBytes(dist);
    const { digest, files } = options.prepared ?? digestBuild(dist);
    // Before anything is placed; the same content again is the no-op it always was.
    const known = await revisions.findVersion(name, wanted);
    const forcedPast =
      known?.digest === digest ? null : checkBudget(name, wanted, bytes, budgetOf(name), options);
    const label = await place(o, name, dist, wanted, digest, options.devLabel, !!options.prepared);
    const record = {
      remote: name,
      version: label,
      digest,
      files,
      publishedAt: new Date().toISOString(),
      publishedBy: options.operator ?? 'unknown',
    };
    const published = await revisions.mutate(
      async (): Promise<Change<object>> => {
        const existing = await revisions.findVersion(name, label);
        if (existing && existing.digest !== digest) {
          throw new RegistryError(`${name}@${label} was just published with other content`, 409);
        }
        if (existing) return { result: {} };
        return {
          version: record,
          entry: { action: 'publish', remote: name, from: null, to: label },
          ...(forcedPast ? { reason: `${checkReason(options.reason)} (forced past: ${forcedPast})` } : {}),
          result: {},
        };
      },
      { operator: options.operator, reason: checkReason(options.reason) },
    );
    const result = { name, version: label, digest, published: published.changed };
    // Forcing past the budget is not forcing it live: it goes through the checks like any version.
    if (options.activate) {
      return { ...result, ...(await o.activate(name, label, { ...options, force: false })) };
    }
    return result;
  }

  /**
   * A remote the registry does not know is published only as a new remote, and a new remote's name
   * only once; its routes must leave every other remote's alone unless the operator says it wins
   * (checked again when it goes live, against what is live then).
   */
  async function checkRemote(name: string, dist: string, options: PublishOptions) {
    const known = [...new Set((await revisions.guard(() => revisions.db.versions())).map((v) => v.remote))];
    if (options.newRemote && known.includes(name)) {
      throw new RegistryError(`${name} is already a remote: publish its next version without new-remote`, 409);
    }
    if (!options.newRemote) checkKnown(name, known);
    const { contributes } = readContributions(dist);
    const { state } = await revisions.readState();
    if (contributes) claimRoutes(state, name, contributes, o.contributesOf, options.wins);
  }

  /** Publishes the remote of <repo> named `remote` (its dist) as the version in its package.json. */
  async function publish(repoRoot: string, remote: unknown, options: PublishOptions = {}) {
    const name = normaliseRemote(remote);
    const found = remotesIn(repoRoot).find((r) => r.name === name);
    if (!found) throw new RegistryError(`No folder of ${repoRoot} declares the remote ${name} (remote.json)`, 404);
    const { version } = JSON.parse(readFileSync(path.join(found.dir, 'package.json'), 'utf8'));
    return publishFolder(name, path.join(found.dir, 'dist'), version, options);
  }

  return { publishFolder, publish };
}
