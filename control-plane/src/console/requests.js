// @ts-check
// The operator API request each of the console's change buttons sends (console.js): kept apart
// from the page so what goes out (the reason above all, which the history keeps) is tested.

/**
 * @param {string} action activate, rollback-to, rollback, rollout or rollout-end
 * @param {string} path the remote's path under the operator API
 * @param {{ version: string, reason?: string, force?: boolean, wins?: boolean, percent?: number,
 *   stopAbove?: number, minLoads?: number }} form `stopAbove` (failures per 1,000 loads) and
 *   `minLoads`: the rollout stops itself past them (docs/decisions/045-...).
 * @returns {[string, string, object | undefined]} method, URL and JSON body
 */
export function changeRequest(
  action,
  path,
  { version, reason, force, wins, percent, stopAbove, minLoads },
) {
  const stop = stopAbove === undefined ? {} : { stopAbove, minLoads };
  /** @type {Record<string, [string, string, object | undefined]>} */
  const requests = {
    activate: ['PUT', path, { version, reason, force, wins }],
    'rollback-to': ['POST', `${path}/rollback`, { version, reason, wins }],
    rollback: ['POST', `${path}/rollback`, { reason, wins }],
    // A rollout goes through the same checks as an activation, and past them the same way
    // (docs/decisions/021-rollout-and-overrides.md): the ticked force goes with it.
    rollout: ['PUT', `${path}/rollout`, { version, percent, reason, force, wins, ...stop }],
    // The typed reason goes with it, into the history, as with every other change.
    'rollout-end': ['DELETE', `${path}/rollout`, reason ? { reason } : undefined],
    'mark-bad': ['POST', `${path}/bad`, { version, reason }],
    'unmark-bad': ['DELETE', `${path}/bad`, { version, reason }],
  };
  return /** @type {[string, string, object | undefined]} */ (requests[action]);
}

/**
 * What the console says a change did, from the API's answer.
 * @param {string} action
 * @param {{ active?: string, previous?: string } | undefined} result
 * @param {string} version
 * @param {{ percent?: number } | undefined} body
 */
export function describeChange(action, result, version, body) {
  if (action === 'rollout') return `${version} rolls out to ${body?.percent}% of browsers`;
  if (action === 'rollout-end') return 'rollout ended';
  if (action === 'mark-bad') return `${version} is marked bad`;
  if (action === 'unmark-bad') return `${version} may be gone back to again`;
  return `${result?.active ?? version} is live${result?.previous ? ` (was ${result.previous})` : ''}`;
}
