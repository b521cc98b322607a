// The one route table of the app (SPEC §2 "Route table"), used by single-spa registration, the guard,
// the layout (navbar variant, sidebar badge, breadcrumb) and the tests. The remotes and the routes
// each owns come from the list of remotes (@ajo/tooling/remotes); the host adds its own /login.
import { REMOTES } from '@ajo/tooling/remotes';

export type RemoteName = (typeof REMOTES)[number]['name'];

/**
 * 'host' marks a screen the shell renders itself (/login: the host owns auth, docs/architecture.md
 * "The pieces").
 */
export type RouteOwner = RemoteName | 'host';

export interface RouteEntry {
  path: string;
  /** exact: the whole path; prefix: the path or anything under it (`/register/...`). */
  match: 'exact' | 'prefix';
  owner: RouteOwner;
  /** SPEC §2: no stored tk and id redirects to /login. */
  protected: boolean;
  layout: 'public' | 'dashboard';
  /** Breadcrumb / document title label. */
  label: string;
  /** Needs none of the host's services (bus, session, api): kept out of the first load of `/`. */
  static: boolean;
}

interface RouteDefinition {
  path: string;
  prefix?: boolean;
  label: string;
  protected?: boolean;
  static?: boolean;
}

const route = (owner: RouteOwner, definition: RouteDefinition): RouteEntry => ({
  path: definition.path,
  match: definition.prefix ? 'prefix' : 'exact',
  owner,
  protected: definition.protected ?? false,
  layout: definition.protected ? 'dashboard' : 'public',
  label: definition.label,
  static: definition.static ?? false,
});

/** The public-pages screen for a signed-in user with no wallets (SPEC §4, message SPEC §8). */
export const NOT_ACTIVATED_PATH = '/not-activated';

export const ROUTES: readonly RouteEntry[] = [
  route('host', { path: '/login', label: 'Login' }),
  ...REMOTES.flatMap((remote) =>
    remote.routes.map((definition: RouteDefinition) => route(remote.name, definition)),
  ),
];

// Exactly one remote owns the home page (tooling/remotes.test.ts).
const homeOwner = REMOTES.find((remote) => 'home' in remote && remote.home)?.name as RemoteName;

/** SPEC §2: '/' is the fallback home; /terms-and-conditions (no route) falls here too. */
export const HOME_ROUTE: RouteEntry = route(homeOwner, {
  path: '/',
  prefix: true,
  label: 'Home',
  static: true,
});

export const REMOTE_NAMES: readonly RemoteName[] = REMOTES.map((remote) => remote.name);

function normalise(pathname: string): string {
  const trimmed = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return trimmed === '' ? '/' : trimmed;
}

export function matches(entry: RouteEntry, pathname: string): boolean {
  const path = normalise(pathname);
  if (entry.match === 'exact') return path === entry.path;
  return path === entry.path || path.startsWith(`${entry.path}/`);
}

/** The route a path resolves to; unmatched paths get the home fallback. */
export function resolveRoute(pathname: string): RouteEntry {
  return ROUTES.find((entry) => matches(entry, pathname)) ?? HOME_ROUTE;
}

/** single-spa activity: is `remote` the owner of this path? */
export function isOwnedBy(remote: RouteOwner, pathname: string): boolean {
  return resolveRoute(pathname).owner === remote;
}

/**
 * Static pages (landing, FAQ, legal) need none of the host's services (bus, session, api): kept out
 * of the first load of `/` for the bundle budget.
 */
export function needsHostServices(pathname: string): boolean {
  return !resolveRoute(pathname).static;
}
