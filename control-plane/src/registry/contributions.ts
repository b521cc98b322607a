// What a version contributes to the app (its routes, sidebar entries, home page: the remote's own
// remote.json, stamped by its build into mf-manifest.json as `contributes`; docs/decisions/038-
// remotes-declare-their-routes.md), read from the version's published files. Those never change
// once published (record 019), so a version's answer is read once per process.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { overlaps, validateContributions } from '@ajo/tooling/contributions';
import type { Contributions } from '@ajo/tooling/contributions';
import { RegistryError } from './errors.js';
import { checkKnown } from './names.js';
import type { Revisions } from './revisions.js';
import type { LiveState } from './types.js';

export type { Contributions };

/** What the build in `dir` declares, or the reasons it cannot be used. */
export function readContributions(
  dir: string,
): { contributes: Contributions; problems: [] } | { contributes: null; problems: string[] } {
  let manifest: { contributes?: unknown } | null;
  try {
    manifest = JSON.parse(readFileSync(path.join(dir, 'mf-manifest.json'), 'utf8'));
  } catch {
    return { contributes: null, problems: ['its mf-manifest.json cannot be read'] };
  }
  if (manifest?.contributes === undefined) {
    return {
      contributes: null,
      problems: [
        'its mf-manifest.json declares no routes (`contributes`): declare them in remote.json and build again with @ajo/tooling',
      ],
    };
  }
  const problems = validateContributions(manifest.contributes);
  return problems.length
    ? { contributes: null, problems: problems.map((p) => `remote.json: ${p}`) }
    : { contributes: manifest.contributes as Contributions, problems: [] };
}

/** A version's contributions by its folder, read once (its files are immutable). */
export function createContributionsReader(versionDir: (name: string, version: string) => string) {
  const known = new Map<string, Contributions | null>();
  return (name: string, version: string): Contributions | null => {
    const key = `${name}@${version}`;
    if (!known.has(key)) {
      const { contributes } = readContributions(versionDir(name, version));
      // A folder not there yet (a publish under way) is asked again next time.
      if (!contributes) return null;
      known.set(key, contributes);
    }
    return known.get(key) ?? null;
  };
}

export type ContributionsOf = ReturnType<typeof createContributionsReader>;

/**
 * The paths `contributes` of `name` would take from another remote that browsers get now (its
 * live version or its rollout's), and which remote holds each. Paths this remote already won
 * (`state[name].wins`) are not asked again.
 */
export function overlapsWithLive(
  state: LiveState,
  name: string,
  contributes: Contributions,
  contributesOf: ContributionsOf,
) {
  const others: Record<string, Contributions | undefined> = {};
  for (const [other, live] of Object.entries(state)) {
    if (other === name) continue;
    for (const version of [live.active, live.rollout?.version]) {
      const theirs = version ? contributesOf(other, version) : null;
      if (theirs) others[`${other}@${version}`] = theirs;
    }
  }
  const won = new Set(state[name]?.wins ?? []);
  return overlaps(contributes, others)
    .filter((o) => !won.has(o.path))
    .map((o) => ({ path: o.path, remote: o.remote.split('@')[0] as string, version: o.remote }));
}

/**
 * Refuses (409) a version whose routes overlap what another remote serves, unless the operator said
 * this one wins; answers the paths it wins (to record in the live state and the history).
 */
export function claimRoutes(
  state: LiveState,
  name: string,
  contributes: Contributions,
  contributesOf: ContributionsOf,
  wins: boolean | undefined,
): string[] {
  const found = overlapsWithLive(state, name, contributes, contributesOf);
  if (found.length && !wins) {
    throw new RegistryError(
      `${name} declares what another remote serves: ${found.map((o) => `${o.path} (${o.version})`).join(', ')}. Change its remote.json, or say this remote wins (wins: true, --wins) with a reason`,
      409,
    );
  }
  return [...new Set(found.map((o) => o.path))];
}

/** The live state after `name` won `paths`: they are its now, no longer any other remote's. */
export function withWins(state: LiveState, name: string, paths: string[]): LiveState {
  if (!paths.length) return state;
  const next: LiveState = {};
  for (const [remote, live] of Object.entries(state)) {
    const kept = (live.wins ?? []).filter((p) => !paths.includes(p));
    const wins = remote === name ? [...new Set([...kept, ...paths])] : kept;
    const { wins: _old, ...rest } = live;
    next[remote] = wins.length ? { ...rest, wins } : rest;
  }
  if (!next[name]) next[name] = { active: null, trail: [], wins: paths };
  return next;
}

/**
 * What going live asks of a version's routes: which remotes exist, what a version contributes, and
 * the paths it would take from other remotes.
 */
export function createRouteClaims(
  revisions: Revisions,
  versionDir: (name: string, version: string) => string,
) {
  const contributesOf = createContributionsReader(versionDir);

  /** Refuses (404) a remote no version was ever published of. */
  async function requireKnown(name: string) {
    const versions = await revisions.guard(() => revisions.db.versions());
    checkKnown(name, [...new Set(versions.map((v) => v.remote))]);
  }

  /**
   * The paths `version` of `name` takes from other remotes (refused, 409, unless the operator said
   * it wins): what the live state records as its wins. A version whose declaration cannot be read
   * contributes nothing, so it takes nothing.
   */
  function claims(state: LiveState, name: string, version: string, wins: boolean | undefined) {
    const contributes = contributesOf(name, version);
    return contributes ? claimRoutes(state, name, contributes, contributesOf, wins) : [];
  }

  return { contributesOf, requireKnown, claims };
}
