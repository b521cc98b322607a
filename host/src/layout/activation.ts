// SPEC §4 "Account activation": a signed-in user with no wallets sees the not-activated screen.
// The shell redirects to the route table's /not-activated (a signed-in, dashboard-layout route owned
// by public-pages) rather than swapping remotes in place: single-spa's activity then stays a pure
// function of the URL and the route table, and the sidebar and Signout stay.
import type { User } from '@ajo/shared/entities';
import { NOT_ACTIVATED_PATH, type RouteEntry } from '../routes/route-table';

export function isActivated(user: Pick<User, 'wallets'>): boolean {
  return Array.isArray(user.wallets) && user.wallets.length > 0;
}

/** Where a loaded user on a protected route must go, or null to stay. */
export function activationRedirect(route: RouteEntry, user: Pick<User, 'wallets'>): string | null {
  if (!route.protected) return null;
  const onNotActivated = route.path === NOT_ACTIVATED_PATH;
  if (!isActivated(user)) return onNotActivated ? null : NOT_ACTIVATED_PATH;
  // Activated since (or a bookmark): the screen no longer applies.
  return onNotActivated ? '/dashboard' : null;
}
