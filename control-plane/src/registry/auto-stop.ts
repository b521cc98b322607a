// A rollout that stops itself (docs/decisions/045-release-safety-in-the-browser.md): the operator
// sets a failure rate per 1,000 loads and a minimum number of loads; once the rollout's version has
// that many loads and its failures (registry_failures) per 1,000 loads pass the rate, the rollout
// ends as `rollout-cancel` by the operator `auto-stop`, the figures in the history. Loads are the
// per-browser registry documents that gave a browser the version (registry-per-browser.ts), counted
// in memory and added to registry_loads in batches, so a page load costs no write.
import { endRollout } from './activation.js';
import type { Change, Revisions } from './revisions.js';
import type { LoadCount } from './types.js';

export const AUTO_STOP_OPERATOR = 'auto-stop';
/** How often counted loads are written (the app server's timer; flushLoads on close too). */
export const LOAD_FLUSH_MS = 5000;

/** Failures per 1,000 loads, to one decimal; null without loads. */
export const perThousand = (failures: number, loads: number) =>
  loads > 0 ? Math.round((failures * 10_000) / loads) / 10 : null;

export function createAutoStop({ revisions }: { revisions: Revisions }) {
  /** remote@version -> loads not yet written. */
  let pending = new Map<string, LoadCount>();
  let flushing: Promise<void> = Promise.resolve();

  /** A browser was given `version` of `remote`. */
  function noteLoad(remote: string, version: string) {
    const key = `${remote}@${version}`;
    const known = pending.get(key);
    if (known) known.count += 1;
    else pending.set(key, { remote, version, count: 1 });
  }

  /**
   * Writes the counted loads, then checks the rollouts of the remotes they were of. Loads that could
   * not be written are kept for the next flush.
   */
  function flushLoads(): Promise<void> {
    flushing = flushing.then(async () => {
      const batch = [...pending.values()];
      pending = new Map();
      const remotes = new Set<string>();
      for (const loads of batch) {
        try {
          await revisions.guard(() => revisions.db.countLoads(loads));
          remotes.add(loads.remote);
        } catch {
          const key = `${loads.remote}@${loads.version}`;
          const later = pending.get(key);
          if (later) later.count += loads.count;
          else pending.set(key, loads);
        }
      }
      for (const remote of remotes) await check(remote).catch(() => undefined);
    });
    return flushing;
  }

  /**
   * Ends the rollout of `remote` when its version passed the stop. The decision is taken again
   * inside the change, on the state it changes: of many reports at once, one ends it, the others
   * find nothing to do; an operator's change in between is never undone.
   */
  async function check(remote: string): Promise<boolean> {
    const { state } = await revisions.readState();
    if (!state[remote]?.rollout?.stop) return false;
    const result = await revisions.mutate(
      async ({ state: now }): Promise<Change<{ stopped: boolean }>> => {
        const live = now[remote];
        const rollout = live?.rollout;
        if (!live || !rollout?.stop) return { result: { stopped: false } };
        const [failures, loads] = await Promise.all([
          revisions.guard(() => revisions.db.failures()),
          revisions.guard(() => revisions.db.loads()),
        ]);
        const mine = (r: { remote: string; version: string }) =>
          r.remote === remote && r.version === rollout.version;
        const failed = failures.find(mine)?.count ?? 0;
        const loaded = loads.find(mine)?.count ?? 0;
        const rate = perThousand(failed, loaded);
        const { perThousand: limit, minLoads } = rollout.stop;
        if (loaded < minLoads || rate === null || rate <= limit) {
          return { result: { stopped: false } };
        }
        const change = endRollout(now, remote, live, { stopped: true });
        return {
          ...change,
          reason: `failure rate ${rate} per 1,000 loads (${failed} failures in ${loaded} loads) passed the stop at ${limit} per 1,000 after at least ${minLoads} loads`,
        };
      },
      { operator: AUTO_STOP_OPERATOR },
    );
    return result.stopped;
  }

  return { noteLoad, flushLoads, check };
}
