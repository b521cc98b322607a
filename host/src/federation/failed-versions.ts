// The versions that failed in this tab (sessionStorage), so the tab does not try them again: a
// page loaded after a failure registers the remote's fallback version straight away
// (docs/decisions/020-last-known-good-fallback.md).
import type { RemoteChoice } from './registry-client';

const FAILED = 'ajo-failed-remote-versions';
const RELOADED = 'ajo-fallback-reloads';

function read(storage: Storage, key: string): string[] {
  try {
    const value: unknown = JSON.parse(storage.getItem(key) ?? '[]');
    return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
  } catch {
    return [];
  }
}

function add(storage: Storage, key: string, item: string): boolean {
  const items = read(storage, key);
  if (items.includes(item)) return false;
  try {
    storage.setItem(key, JSON.stringify([...items, item].slice(-50)));
    return true;
  } catch {
    // Storage full or refused: what cannot be remembered is not done (no reload that could repeat).
    return false;
  }
}

export function noteFailedVersion(storage: Storage, remote: string, version: string): void {
  add(storage, FAILED, `${remote}@${version}`);
}

/** The registry's choices, with a version that already failed in this tab replaced by its fallback. */
export function withoutFailedVersions(choices: RemoteChoice[], storage: Storage): RemoteChoice[] {
  const failed = new Set(read(storage, FAILED));
  return choices.map((choice) => {
    const { fallback } = choice;
    if (!fallback || !failed.has(`${choice.name}@${choice.version}`)) return choice;
    return { name: choice.name, entry: fallback.entry, version: fallback.version };
  });
}

/** True the first time this tab asks for `remote@version`: a reload for it may happen once. */
export function firstReloadFor(storage: Storage, remote: string, version: string): boolean {
  return add(storage, RELOADED, `${remote}@${version}`);
}
