// Which version of a remote is live for everyone: activate (a forced one recorded as `force`) and
// rollback, one step back through the trail or to any published version. Either ends the remote's
// rollout.
import { RegistryError } from './errors.js';
import type { GoingLive } from './going-live.js';
import { checkReason, checkVersion, normaliseRemote, reasonFor } from './names.js';
import type { Change, Revisions } from './revisions.js';
import { withWins } from './contributions.js';
import { NOTHING_LIVE, TRAIL } from './state.js';
import { distrust, lastFailures, wentLive, type LastFailures } from './trust.js';
import type { ChangeOptions, LiveState, RemoteLive, Revisioned } from './types.js';

/** Activating a version (or rolling back) ends the remote's rollout: this says which one. */
export const endedRollout = (live: RemoteLive) =>
  live.rollout
    ? `ended the rollout of ${live.rollout.version} to ${live.rollout.percent}% of browsers`
    : null;

/** What `live` serves once its rollout is over: the rest stays (its route wins included). */
export function withoutRollout({ rollout: _ended, ...rest }: RemoteLive): RemoteLive {
  return rest;
}

/** The change that ends the rollout of `name`, its live version staying. */
export function endRollout<R>(state: LiveState, name: string, live: RemoteLive, result: R) {
  return {
    state: { ...state, [name]: withoutRollout(live) },
    entry: {
      action: 'rollout-cancel' as const,
      remote: name,
      from: live.rollout?.version ?? null,
      to: live.active,
      detail: endedRollout(live),
    },
    result,
  };
}

/** The history's detail: what else the change did. */
export const detailOf = (ended: string | null, won: string[]) =>
  [ended, won.length ? `wins ${won.join(', ')}` : null].filter(Boolean).join('; ') || null;

export interface Activated {
  name: string;
  active: string | null;
  previous: string | null;
}

/**
 * Where a rollback goes: `to`, or one step back through the versions live before, past those that
 * may not be gone back to (trust.ts: forced, marked bad, failing since they went live); the ones
 * passed leave the trail.
 */
function stepBack(
  name: string,
  live: RemoteLive,
  to: string | null,
  failures: LastFailures,
): RemoteLive {
  const kept = {
    ...(live.wins ? { wins: live.wins } : {}),
    ...(live.bad ? { bad: live.bad } : {}),
    ...(live.since ? { since: live.since } : {}),
  };
  if (to) {
    return {
      ...kept,
      active: to,
      trail:
        live.active === to
          ? live.trail
          : [...live.trail, live.active].filter((v): v is string => !!v).slice(-TRAIL),
    };
  }
  if (!live.trail.length) {
    throw new RegistryError(`${name} has no earlier version to roll back to`, 409);
  }
  const at = live.trail.findLastIndex((v) => !distrust(name, live, v, failures));
  if (at < 0) {
    throw new RegistryError(
      `${name} has no earlier version to roll back to that was not forced, marked bad or reported failing: roll back to a version by name`,
      409,
    );
  }
  return { ...kept, active: live.trail[at] ?? null, trail: live.trail.slice(0, at) };
}

/** The change that makes `wanted` live for everyone: after the checks, or forced past them. */
function activation(
  goingLive: GoingLive,
  name: string,
  wanted: string,
  reason: string | null,
  { force, wins }: ChangeOptions,
) {
  return async ({ state }: Revisioned): Promise<Change<Activated>> => {
    const live = state[name] ?? NOTHING_LIVE;
    const result = { name, active: wanted, previous: live.active };
    if (live.active === wanted && !live.rollout) {
      return { result: { ...result, previous: null } };
    }
    if (live.active === wanted) {
      // Everyone is to have the live version: what remains to do is end the rollout.
      return endRollout(state, name, live, { ...result, previous: null });
    }
    const problems = await goingLive.checkGoingLive(name, wanted, force);
    const won = goingLive.claims(state, name, wanted, wins);
    const trail = live.active ? [...live.trail, live.active].slice(-TRAIL) : live.trail;
    const next = wentLive(
      { ...withoutRollout(live), active: wanted, trail },
      wanted,
      new Date().toISOString(),
      problems,
    );
    return {
      // What the force went past stays in the history next to the operator's reason.
      reason: problems.length ? `${reason} (forced past: ${problems.join('; ')})` : undefined,
      state: withWins({ ...state, [name]: next }, name, won),
      entry: {
        action: problems.length ? 'force' : 'activate',
        remote: name,
        from: live.active,
        to: wanted,
        detail: detailOf(endedRollout(live), won),
      },
      result,
    };
  };
}

export function createActivation({
  revisions,
  goingLive,
}: {
  revisions: Revisions;
  goingLive: GoingLive;
}) {
  async function activate(remote: unknown, version: unknown, options: ChangeOptions = {}) {
    const name = normaliseRemote(remote);
    const wanted = checkVersion(version);
    const reason = reasonFor(options);
    return revisions.mutate(activation(goingLive, name, wanted, reason, options), {
      ...options,
      reason,
    });
  }

  /**
   * Without `to`: one step back through the versions that were live before (a second rollback goes
   * further back, never toggling forward again). With `to`: that published version, any of them.
   */
  async function rollback(remote: unknown, options: ChangeOptions & { to?: unknown } = {}) {
    const name = normaliseRemote(remote);
    const to = options.to === undefined || options.to === null ? null : checkVersion(options.to);
    const reason = checkReason(options.reason);
    return revisions.mutate(
      async ({ state }): Promise<Change<Activated>> => {
        if (!state[name]) await goingLive.requireKnown(name);
        const live = state[name] ?? NOTHING_LIVE;
        if (to && live.active === to && !live.rollout) {
          return { result: { name, active: to, previous: null } };
        }
        const failures = to
          ? new Map<string, string>()
          : lastFailures(await revisions.guard(() => revisions.db.failures()));
        const next = stepBack(name, live, to, failures);
        const active = next.active as string;
        // Going back is going live too: the version must still pass the checks.
        const record = await revisions.findVersion(name, active);
        if (!record) {
          throw new RegistryError(
            `${name}@${active} is not published, so it cannot be rolled back to: activate a published version (or force one with a reason)`,
            409,
          );
        }
        await goingLive.assertMayGoLive(name, active, record, false);
        const won = goingLive.claims(state, name, active, options.wins);
        return {
          state: withWins(
            { ...state, [name]: wentLive(next, active, new Date().toISOString()) },
            name,
            won,
          ),
          entry: {
            action: 'rollback',
            remote: name,
            from: live.active,
            to: active,
            detail: detailOf(endedRollout(live), won),
          },
          result: { name, active, previous: live.active },
        };
      },
      { ...options, reason },
    );
  }

  return { activate, rollback };
}
