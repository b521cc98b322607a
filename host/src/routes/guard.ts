import { resolveRoute } from './route-table';

// The guard only reads the session keys; host/session owns writing them.
import { TOKEN_KEY, USER_ID_KEY } from '../session/keys';

export interface StorageLike {
  getItem(key: string): string | null;
}

export function hasSession(storage: StorageLike): boolean {
  return Boolean(storage.getItem(TOKEN_KEY)) && Boolean(storage.getItem(USER_ID_KEY));
}

/** SPEC §2: a protected route without stored tk and id goes to /login. Returns the redirect or null. */
export function guardRedirect(pathname: string, storage: StorageLike): string | null {
  const entry = resolveRoute(pathname);
  if (entry.protected && !hasSession(storage)) return '/login';
  return null;
}
