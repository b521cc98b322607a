// What an operator may name: a remote of the list (@ajo/tooling/remotes), a version, a rollout's
// percentage and a reason. Each check throws a RegistryError (400, or 404 for an unknown remote).
import { REMOTES, remoteFolder, remotePackage } from '@ajo/tooling/remotes';
import { RegistryError } from './errors.js';

/** Federation name -> package folder, from the list of remotes (@ajo/tooling/remotes). */
export const REMOTE_PACKAGES: Record<string, string> = Object.fromEntries(
  REMOTES.map((r) => [r.name, remoteFolder(r)]),
);

/**
 * Accepts a remote's name ('public_pages'), its folder ('mfe-public-pages'), its package
 * ('@ajo/mfe-public-pages') or the name with dashes ('public-pages'); answers the name. Only the
 * known list matches, so '__proto__' or 'constructor' is an unknown remote like any other.
 */
export function normaliseRemote(input: unknown): string {
  const text = String(input ?? '');
  const remote = REMOTES.find((r) =>
    [r.name, remoteFolder(r), remotePackage(r), r.name.replace(/_/g, '-')].includes(text),
  );
  if (!remote) {
    throw new RegistryError(
      `Unknown remote '${text.slice(0, 64)}'. Known: ${REMOTES.map((r) => r.name).join(', ')}`,
      404,
    );
  }
  return remote.name;
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
