// The live state (what each remote serves) and what browsers are given of it: the registry
// document with each remote's fallback, and the rollouts.
import type { ContributionsOf } from './contributions.js';
import { REMOTE_NAME, validStop, VERSION } from './names.js';
import { checkTrust } from './trust.js';

import type { LiveState, RegistryDocument, RemoteLive, Rollout } from './types.js';

/** How many earlier live versions a remote keeps for stepping back. */
export const TRAIL = 50;

/** A remote nothing was ever made live for. */
export const NOTHING_LIVE: RemoteLive = { active: null, trail: [] };

/** The live state must name remotes with valid versions, or the registry is unreadable. */
export function checkState(state: unknown): LiveState {
  if (!state || typeof state !== 'object' || Array.isArray(state)) throw new Error('not an object');
  for (const [name, live] of Object.entries(state as Record<string, Partial<RemoteLive>>)) {
    if (!REMOTE_NAME.test(name)) throw new Error(`invalid remote name ${name.slice(0, 40)}`);
    if (!live || (live.active !== null && !VERSION.test(String(live.active)))) {
      throw new Error(`${name} has no valid live version`);
    }
    if (!Array.isArray(live.trail) || !live.trail.every((v) => VERSION.test(String(v)))) {
      throw new Error(`${name} has an invalid trail`);
    }
    if (live.rollout !== undefined && !validRollout(live.rollout)) {
      throw new Error(`${name} has an invalid rollout`);
    }
    if (
      live.wins !== undefined &&
      !(Array.isArray(live.wins) && live.wins.every((p) => typeof p === 'string'))
    ) {
      throw new Error(`${name} has invalid route wins`);
    }
    checkTrust(name, live);
  }
  return state as LiveState;
}

function validRollout(rollout: Rollout | undefined | null): boolean {
  return (
    !!rollout &&
    VERSION.test(String(rollout.version)) &&
    Number.isInteger(rollout.percent) &&
    rollout.percent >= 1 &&
    rollout.percent <= 99 &&
    validStop(rollout.stop)
  );
}

/** Where a browser finds `version` of remote `name`. */
export const manifestUrl = (name: string, version: string) =>
  `/remotes/${name}/${version}/mf-manifest.json`;

/**
 * Per remote the live version and, when there is one, its `fallback`: the version a browser loads by
 * itself when the live one fails to load or mount (docs/decisions/020-last-known-good-fallback.md),
 * the newest version on the remote's trail that is still published and whose files are still there.
 * `usable(name, version)` says whether a version may serve as that fallback; `contributesOf` what a
 * version contributes (its routes, sidebar entries, home page: record 038), and `winners` which
 * remote an operator said takes a path two remotes declare.
 */
export function toDocument(
  state: LiveState,
  usable: (name: string, version: string) => boolean,
  contributesOf: ContributionsOf = () => null,
): RegistryDocument {
  const remotes: RegistryDocument['remotes'] = {};
  const winners: Record<string, string> = {};
  for (const name of Object.keys(state).sort()) {
    for (const path of state[name]?.wins ?? []) winners[path] = name;
    const active = state[name]?.active;
    if (!active) continue;
    const entry: RegistryDocument['remotes'][string] = {
      version: active,
      manifest: manifestUrl(name, active),
    };
    const trail = state[name]?.trail ?? [];
    const fallback = trail.findLast((v) => v !== active && usable(name, v));
    if (fallback) entry.fallback = { version: fallback, manifest: manifestUrl(name, fallback) };
    // A version whose declaration cannot be read (forced live unpublished, its files gone) keeps
    // the remote's routes of the version browsers fall back to: its area then shows that version,
    // or the SPEC §8 fallback, instead of its paths turning into the home page.
    const contributes =
      contributesOf(name, active) ?? (fallback ? contributesOf(name, fallback) : null);
    if (contributes) entry.contributes = contributes;
    remotes[name] = entry;
  }
  return Object.keys(winners).length ? { remotes, winners } : { remotes };
}

/** Per remote the version some browsers get before everyone does: { version, percent }. */
export function toRollouts(state: LiveState): Record<string, Rollout> {
  const rollouts: Record<string, Rollout> = {};
  for (const name of Object.keys(state)) {
    const rollout = state[name]?.rollout;
    if (rollout) rollouts[name] = { ...rollout };
  }
  return rollouts;
}
