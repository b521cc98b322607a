// SPEC §4 "Account activation": a signed-in user with no wallets sees the not-activated screen.
// The shell redirects to the route the live remotes declare as the `not-activated` landmark (a
// signed-in, dashboard-layout route) rather than swapping remotes in place: single-spa's activity
// then stays a pure function of the URL and the route table, and the sidebar and Signout stay.
import type { User } from '@ajo/shared/entities';
import { hasLandmark, landmark, type RouteEntry } from '../routes/route-table';

export function isActivated(user: Pick<User, 'wallets'>): boolean {
  return Array.isArray(user.wallets) && user.wallets.length > 0;
}

/** Where a loaded user on a protected route must go, or null to stay. */
export function activationRedirect(route: RouteEntry, user: Pick<User, 'wallets'>): string | null {
  // No live remote shows the screen: the customer stays where they are rather than on a page
  // that is not there.
  if (!route.protected || !hasLandmark('not-activated')) return null;
  const notActivated = landmark('not-activated');
  const onNotActivated = route.path === notActivated;
  if (!isActivated(user)) return onNotActivated ? null : notActivated;
  // Activated since (or a bookmark): the screen no longer applies.
  return onNotActivated ? landmark('signed-in-home') : null;
}
