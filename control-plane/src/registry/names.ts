// What an operator may name: a remote, a version, a rollout's percentage and its stop, a reason.
// Each check throws a RegistryError (400). Which remotes exist is the registry's to say, not a list compiled
// in (docs/decisions/038-remotes-declare-their-routes.md): a remote is known once its first version
// is published, which an operator asks for by name (`new-remote`).
import { RegistryError } from './errors.js';
import type { AutoStop } from './types.js';

/** A remote's name as its remote.json gives it (@ajo/tooling/contributions). */
export const REMOTE_NAME = /^[a-z][a-z0-9_]{1,30}$/;

/**
 * Accepts a remote's name ('team_area'), its folder ('mfe-team-area'), its package
 * ('@ajo/mfe-team-area') or the name with dashes ('team-area'); answers the name. Whether such
 * a remote exists is checked where it matters (publishing, going live): here only its form.
 */
export function normaliseRemote(input: unknown): string {
  const text = String(input ?? '');
  const name = text
    .replace(/^@[a-z0-9-]+\//, '')
    .replace(/^mfe-/, '')
    .replace(/-/g, '_');
  // Names an object already has ('constructor', 'toString') would read as a remote's live state.
  if (!REMOTE_NAME.test(name) || name === 'host' || name in Object.prototype) {
    throw new RegistryError(
      `Invalid remote name '${text.slice(0, 64)}': lowercase letters, digits and '_', a letter first`,
    );
  }
  return name;
}

/** Refuses a remote the registry has never had a version of (404). */
export function checkKnown(name: string, known: readonly string[]): string {
  if (!known.includes(name)) {
    throw new RegistryError(
      `Unknown remote '${name}'. Known: ${[...known].sort().join(', ') || 'none yet'}. A new remote is added by publishing its first version with new-remote`,
      404,
    );
  }
  return name;
}

export const VERSION = /^\d+\.\d+\.\d+(?:-[0-9A-Za-z.-]+)?$/;

export function checkVersion(version: unknown): string {
  if (typeof version !== 'string' || version.length > 64 || !VERSION.test(version)) {
    throw new RegistryError(`Invalid version '${String(version).slice(0, 64)}'`);
  }
  return version;
}

/** A rollout's share of browsers: 1..99, or 100 for everyone (which is an activation). */
export function checkPercent(percent: unknown): number {
  if (!Number.isInteger(percent) || (percent as number) < 1 || (percent as number) > 100) {
    throw new RegistryError(
      `The percentage must be a whole number from 1 to 100, not '${String(percent).slice(0, 16)}' (100 makes the version live for everyone; cancel a rollout to end it)`,
    );
  }
  return percent as number;
}

export function checkReason(reason: unknown): string | null {
  if (reason === undefined || reason === null) return null;
  if (typeof reason !== 'string' || reason.length > 500) {
    throw new RegistryError('The reason must be text of at most 500 characters');
  }
  return reason.trim() || null;
}

/** Forcing needs a reason, kept in the history. */
export function reasonFor(options: { reason?: unknown; force?: boolean }): string | null {
  const reason = checkReason(options.reason);
  if (options.force && !reason) {
    throw new RegistryError('Forcing a version live needs a reason (it is kept in the history)');
  }
  return reason;
}

/** `{perThousand, minLoads}` as an operator gives it, or undefined when neither is given. */
export function checkStop(perThousand: unknown, minLoads: unknown): AutoStop | undefined {
  if ((perThousand === undefined || perThousand === null) && (minLoads ?? null) === null) {
    return undefined;
  }
  if (
    typeof perThousand !== 'number' ||
    !Number.isFinite(perThousand) ||
    perThousand <= 0 ||
    perThousand > 1000
  ) {
    throw new RegistryError(
      'The failure rate that stops a rollout must be a number of failures per 1,000 loads, above 0 and at most 1000',
    );
  }
  if (
    !Number.isInteger(minLoads) ||
    (minLoads as number) < 1 ||
    (minLoads as number) > 10_000_000
  ) {
    throw new RegistryError(
      'The minimum number of loads before a rollout may stop itself must be a whole number from 1 to 10000000',
    );
  }
  return { perThousand, minLoads: minLoads as number };
}

/** A stop in the stored state must be one an operator could have given. */
export function validStop(stop: unknown): boolean {
  if (stop === undefined) return true;
  try {
    const { perThousand, minLoads } = stop as AutoStop;
    return checkStop(perThousand, minLoads) !== undefined;
  } catch {
    return false;
  }
}
