import { LOGIN_PATH, landmark, resolveRoute, type RouteEntry } from './route-table';

// The guard only reads the session keys; host/session owns writing them.
import { TOKEN_KEY, USER_ID_KEY } from '../session/keys';

export interface StorageLike {
  getItem(key: string): string | null;
}

export function hasSession(storage: StorageLike): boolean {
  return Boolean(storage.getItem(TOKEN_KEY)) && Boolean(storage.getItem(USER_ID_KEY));
}

/** A verified phone's sign-up token: tk stored without a user id (host/session startSignup). */
function hasSignupToken(storage: StorageLike): boolean {
  return Boolean(storage.getItem(TOKEN_KEY)) && !storage.getItem(USER_ID_KEY);
}

/**
 * Identity verification and onboarding pages (a route's `verification`): a signed-in customer is
 * there until activated; once they have wallets these pages only fail ('Verification data not
 * found!'), so the shell sends them to the signed-in home.
 */
export const isVerificationRoute = (pathname: string): boolean =>
  resolveRoute(pathname).verification;

/**
 * SPEC §2: a signed-in route without stored tk and id goes to /login. A signed-in customer on a
 * sign-up step (access signed-out or sign-up-token) goes to the signed-in home (which sends one not
 * yet activated on to the not-activated screen), and a step that needs a verified phone's sign-up
 * token goes back to the start of sign-up without one, rather than failing at the end of Account
 * Setup. Landmarks, not names: the remotes declare where those are. Returns the redirect or null.
 */
export function guardRedirect(pathname: string, storage: StorageLike): string | null {
  const entry = resolveRoute(pathname);
  if (entry.access === 'signed-in' && !hasSession(storage)) return LOGIN_PATH;
  const signUpStep = entry.access === 'signed-out' || entry.access === 'sign-up-token';
  if (signUpStep && hasSession(storage)) return elsewhere(entry, landmark('signed-in-home'));
  if (entry.access === 'sign-up-token' && !hasSignupToken(storage)) {
    return elsewhere(entry, landmark('sign-up'));
  }
  return null;
}

/** `to`, unless it is the very route the visitor is on: a declaration never makes a redirect loop. */
function elsewhere(entry: RouteEntry, to: string): string | null {
  return resolveRoute(to) === entry ? null : to;
}
