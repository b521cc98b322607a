// A version live for some browsers before everyone (docs/decisions/021-rollout-and-overrides.md):
// a rollout to a percentage of browsers, its end, and the history row of a tester's override. The
// same checks and `force` as activate.
import { RegistryError } from './errors.js';
import type { GoingLive } from './going-live.js';
import {
  checkPercent,
  checkReason,
  checkStop,
  checkVersion,
  normaliseRemote,
  reasonFor,
} from './names.js';
import type { Change, Revisions } from './revisions.js';
import { NOTHING_LIVE } from './state.js';
import { detailOf, endRollout } from './activation.js';
import { withWins } from './contributions.js';
import { wentLive } from './trust.js';
import type { ChangeOptions, RemoteLive, Rollout } from './types.js';

interface RolledOut {
  name: string;
  active: string | null;
  rollout: Rollout | null;
}

/** Refuses a rollout with nothing live for everyone, or of the version everyone has. */
function assertRollable(live: RemoteLive, name: string, wanted: string) {
  if (!live.active) {
    throw new RegistryError(
      `${name} has no version live for everyone yet: activate one first (the browsers outside the rollout keep it)`,
      409,
    );
  }
  if (live.active === wanted) {
    throw new RegistryError(`${name}@${wanted} is already live for everyone`, 409);
  }
}

/** The history's words for a rollout: its share (and the one before), its stop. */
function toldOf(same: Rollout | null, share: number, stopAt: Rollout['stop']) {
  const shared = same ? `from ${same.percent}% to ${share}% of browsers` : `${share}% of browsers`;
  return stopAt
    ? `${shared}; stops itself above ${stopAt.perThousand} failures per 1,000 loads after ${stopAt.minLoads} loads`
    : shared;
}

export function createRollouts(o: {
  revisions: Revisions;
  goingLive: GoingLive;
  activate: (remote: string, version: string, options: ChangeOptions) => Promise<object>;
}) {
  const { revisions, goingLive } = o;

  /**
   * Makes `version` live for `percent` of browsers (1..99; each browser's sticky bucket decides,
   * registry-per-browser.ts), the others keeping the live version; 100 activates it, ending the
   * rollout.
   */
  async function rollout(
    remote: unknown,
    version: unknown,
    percent: unknown,
    options: ChangeOptions & { stopAbove?: unknown; minLoads?: unknown } = {},
  ) {
    const name = normaliseRemote(remote);
    const wanted = checkVersion(version);
    const share = checkPercent(percent);
    const stop = checkStop(options.stopAbove, options.minLoads);
    const reason = reasonFor(options);
    if (share === 100) return o.activate(name, wanted, options);
    return revisions.mutate(
      async ({ state }): Promise<Change<RolledOut>> => {
        if (!state[name]) await goingLive.requireKnown(name);
        const live = state[name] ?? NOTHING_LIVE;
        assertRollable(live, name, wanted);
        const same = live.rollout?.version === wanted ? live.rollout : null;
        // A new percentage of the same version keeps its stop unless the operator sets another.
        const stopAt = stop ?? same?.stop;
        const next: Rollout = {
          version: wanted,
          percent: share,
          ...(stopAt ? { stop: stopAt } : {}),
        };
        const result = { name, active: live.active, rollout: next };
        if (
          same &&
          same.percent === share &&
          JSON.stringify(same.stop) === JSON.stringify(stopAt)
        ) {
          return { result };
        }
        const problems = await goingLive.checkGoingLive(name, wanted, options.force);
        const won = goingLive.claims(state, name, wanted, options.wins);
        const told = toldOf(same, share, stopAt);
        const rolledOut = wentLive(
          { ...live, rollout: next },
          wanted,
          new Date().toISOString(),
          problems,
        );
        return {
          state: withWins({ ...state, [name]: rolledOut }, name, won),
          entry: {
            action: 'rollout',
            remote: name,
            from: live.active,
            to: wanted,
            detail: detailOf(
              problems.length ? `${told}; forced past: ${problems.join('; ')}` : told,
              won,
            ),
          },
          result,
        };
      },
      { ...options, reason },
    );
  }

  /** Ends a rollout: every browser gets the live version again, which does not change. */
  async function cancelRollout(remote: unknown, options: ChangeOptions = {}) {
    const name = normaliseRemote(remote);
    const reason = checkReason(options.reason);
    return revisions.mutate(
      async ({ state }): Promise<Change<RolledOut>> => {
        if (!state[name]) await goingLive.requireKnown(name);
        const live = state[name] ?? NOTHING_LIVE;
        const result = { name, active: live.active, rollout: null };
        return live.rollout ? endRollout(state, name, live, result) : { result };
      },
      { ...options, reason },
    );
  }

  return { rollout, cancelRollout };
}

export function createOverrides({
  revisions,
  goingLive,
}: {
  revisions: Revisions;
  goingLive: GoingLive;
}) {
  /**
   * Records that an operator let one browser load `version` until `expiresAt` (a signed override,
   * registry-per-browser.ts): the same checks and `force` as activate, and a row in the history.
   */
  async function recordOverride(
    remote: unknown,
    version: unknown,
    expiresAt: Date,
    options: ChangeOptions = {},
  ) {
    const name = normaliseRemote(remote);
    const wanted = checkVersion(version);
    const reason = reasonFor(options);
    return revisions.mutate(
      async ({ state }): Promise<Change<{ name: string; version: string }>> => {
        const problems = await goingLive.checkGoingLive(name, wanted, options.force);
        // A tester's browser gets this version's routes: they may not take another remote's
        // unless the operator said so, as for everyone (the override does not record wins).
        goingLive.claims(state, name, wanted, options.wins);
        const until = `valid until ${expiresAt.toISOString()}`;
        return {
          entry: {
            action: 'override-issued',
            remote: name,
            from: null,
            to: wanted,
            detail: problems.length ? `${until}; forced past: ${problems.join('; ')}` : until,
          },
          result: { name, version: wanted },
        };
      },
      { ...options, reason },
    );
  }

  return { recordOverride };
}
