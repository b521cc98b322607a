// Failures browsers report per published version (docs/decisions/020-last-known-good-fallback.md):
// counters beside the registry, not revisioned and not in the history.
import { RegistryError } from './errors.js';
import { checkVersion, normaliseRemote } from './names.js';
import type { Revisions } from './revisions.js';

const MESSAGE = 200;
// 'render': an error a remote's own error boundary caught after it mounted (record 045).
const PHASES = ['load', 'mount', 'render'];

export interface FailureReport {
  remote?: unknown;
  version?: unknown;
  phase?: unknown;
  message?: unknown;
}

/**
 * Counts a failure a browser reported (POST /_beacon/remote-failure): `phase` 'load', 'mount' or 'render',
 * `message` at most 200 characters. Only a published version of a known remote is counted;
 * anything else is refused with 400 and makes no row.
 */
export async function countFailure(
  revisions: Revisions,
  { remote, version, phase, message }: FailureReport = {},
) {
  const name = normaliseRemote(remote);
  const wanted = checkVersion(version);
  if (typeof phase !== 'string' || !PHASES.includes(phase)) {
    throw new RegistryError("The phase must be 'load', 'mount' or 'render'");
  }
  if (message !== undefined && message !== null && typeof message !== 'string') {
    throw new RegistryError('The message must be text');
  }
  if (typeof message === 'string' && message.length > MESSAGE) {
    throw new RegistryError(`The message must be at most ${MESSAGE} characters`);
  }
  // Control characters would only garble the operator's view of it.
  // eslint-disable-next-line no-control-regex -- finding them is the point
  const text = (message ?? '').replace(/[\u0000-\u001f\u007f]+/g, ' ').trim();
  const counted = await revisions.guard(() =>
    revisions.db.countFailure({
      remote: name,
      version: wanted,
      at: new Date().toISOString(),
      message: text ? `${phase}: ${text}` : phase,
    }),
  );
  if (!counted) throw new RegistryError(`${name}@${wanted} is not a published version`);
}
