// Which earlier versions a remote may go back to (docs/decisions/045-what-may-be-gone-back-to.md):
// the browser's fallback (record 020) and one-step rollback skip a version that was forced past the
// checks, that an operator marked bad, or that browsers reported failing since it went live. What
// the state keeps per remote for this: `bad` (version -> why) and `since` (version -> when it went
// live, or when an operator vouched for it again); failures counted before `since` do not count.
import { RegistryError } from './errors.js';
import type { GoingLive } from './going-live.js';
import { checkReason, checkVersion, normaliseRemote } from './names.js';
import type { Change, Revisions } from './revisions.js';
import type { ChangeOptions, FailureCount, LiveState, RemoteLive } from './types.js';

/** A remote nothing was ever made live for (state.ts has the same; it imports this module). */
const NOTHING_LIVE: RemoteLive = { active: null, trail: [] };

/** Per `remote@version`, when browsers last reported it failing. */
export type LastFailures = Map<string, string>;

export function lastFailures(failures: FailureCount[]): LastFailures {
  return new Map(failures.map((f) => [`${f.remote}@${f.version}`, f.lastAt]));
}

/**
 * Why `version` of `name` may not be gone back to, or null when it may. A version on the trail with
 * no `since` went live before the registry kept it: any failure counts then.
 */
export function distrust(
  name: string,
  live: RemoteLive | undefined,
  version: string,
  failures: LastFailures,
): string | null {
  const bad = live?.bad?.[version];
  if (bad) return bad;
  const failed = failures.get(`${name}@${version}`);
  const since = live?.since?.[version];
  if (failed && (!since || failed >= since)) return `browsers reported it failing (last ${failed})`;
  return null;
}

/**
 * `live` with `version` gone live at `at`: its `since` is kept when it has one (a failure while it
 * was live before still counts), and when the check was forced past, it is marked bad with what was
 * forced past. Entries of versions no longer live, rolled out or on the trail are dropped, except
 * operators' marks.
 */
export function wentLive(
  live: RemoteLive,
  version: string,
  at: string,
  forcedPast: string[] = [],
): RemoteLive {
  const kept = new Set([live.active, live.rollout?.version, ...live.trail, version]);
  const since = Object.fromEntries(Object.entries(live.since ?? {}).filter(([v]) => kept.has(v)));
  since[version] ??= at;
  const bad = { ...live.bad };
  if (forcedPast.length) bad[version] = `forced past: ${forcedPast.join('; ')}`;
  return {
    ...live,
    since,
    ...(Object.keys(bad).length ? { bad } : {}),
  };
}

/** The state's `bad` and `since` must be maps of versions to text, or the registry is unreadable. */
export function checkTrust(name: string, live: Partial<RemoteLive>) {
  for (const key of ['bad', 'since'] as const) {
    const value = live[key];
    if (value === undefined) continue;
    if (
      !value ||
      typeof value !== 'object' ||
      Array.isArray(value) ||
      !Object.values(value).every((v) => typeof v === 'string')
    ) {
      throw new Error(`${name} has an invalid ${key}`);
    }
  }
}

interface Marked {
  name: string;
  version: string;
  bad: string | null;
}

/** An operator marks a published version bad (a reason is required) or vouches for it again. */
export function createMarks({
  revisions,
  goingLive,
  now = () => new Date(),
}: {
  revisions: Revisions;
  goingLive: GoingLive;
  now?: () => Date;
}) {
  async function published(name: string, version: string, state: LiveState) {
    if (!state[name]) await goingLive.requireKnown(name);
    if (!(await revisions.findVersion(name, version))) {
      throw new RegistryError(`${name}@${version} is not a published version`, 404);
    }
  }

  async function markBad(remote: unknown, version: unknown, options: ChangeOptions = {}) {
    const name = normaliseRemote(remote);
    const wanted = checkVersion(version);
    const reason = checkReason(options.reason);
    if (!reason) {
      throw new RegistryError('Marking a version bad needs a reason (it is kept in the history)');
    }
    return revisions.mutate(
      async ({ state }): Promise<Change<Marked>> => {
        await published(name, wanted, state);
        const live = state[name] ?? NOTHING_LIVE;
        const why = `marked bad: ${reason}`;
        const result = { name, version: wanted, bad: why };
        if (live.bad?.[wanted] === why) return { result };
        return {
          state: { ...state, [name]: { ...live, bad: { ...live.bad, [wanted]: why } } },
          entry: {
            action: 'mark-bad',
            remote: name,
            from: null,
            to: wanted,
            detail: live.bad?.[wanted] ? `was: ${live.bad[wanted]}` : null,
          },
          result,
        };
      },
      { ...options, reason },
    );
  }

  /**
   * Clears the mark (an operator's, or the one a force left) and the failures counted so far: the
   * version may be gone back to again until browsers report it failing anew.
   */
  async function unmarkBad(remote: unknown, version: unknown, options: ChangeOptions = {}) {
    const name = normaliseRemote(remote);
    const wanted = checkVersion(version);
    const reason = checkReason(options.reason);
    return revisions.mutate(
      async ({ state }): Promise<Change<Marked>> => {
        await published(name, wanted, state);
        const live = state[name] ?? NOTHING_LIVE;
        const failures = lastFailures(await revisions.guard(() => revisions.db.failures()));
        const was = distrust(name, live, wanted, failures);
        const result = { name, version: wanted, bad: null };
        if (!was) return { result };
        const { [wanted]: _cleared, ...bad } = live.bad ?? {};
        const next: RemoteLive = {
          ...live,
          since: { ...live.since, [wanted]: now().toISOString() },
        };
        if (Object.keys(bad).length) next.bad = bad;
        else delete next.bad;
        return {
          state: { ...state, [name]: next },
          entry: {
            action: 'unmark-bad',
            remote: name,
            from: null,
            to: wanted,
            detail: `was: ${was}`,
          },
          result,
        };
      },
      { ...options, reason },
    );
  }

  return { markBad, unmarkBad };
}
