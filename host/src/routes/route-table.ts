// The one route table of the app (SPEC §2 "Route table"), used by single-spa registration, the guard,
// the layout (navbar variant, sidebar, breadcrumb, document title) and the sign-in. The shell knows
// no remote and none of their routes: each remote declares what it contributes (its remote.json,
// stamped into its version's manifest) and the registry document the shell reads at start carries
// the declaration of the version chosen for this browser; the table is composed from it here, with
// the shell's own /login (docs/decisions/038-remotes-declare-their-routes.md). A remote's new
// version with a new route is therefore live for exactly the browsers that get that version, and a
// rollback takes the route away, without a build of the shell.
import type {
  ComposableDocument,
  Landmark,
  RouteDeclaration,
  RouteEntry,
  RouteTable,
} from '@ajo/tooling/contributions';
// Composition only, no validation: the registry validated each declaration when it was published,
// and the shell's first load carries no messages it never shows.
import { composeRoutes, resolveRoute as resolveIn } from '@ajo/tooling/route-composition';

export type { Landmark, RouteEntry, RouteTable };

/**
 * A remote's federation name, or 'host' for a screen the shell renders itself (/login: the host
 * owns auth, docs/architecture.md "The pieces"). '' when nobody owns the home page (no registry).
 */
export type RouteOwner = string;

/** The shell's own routes: sign-in only. No remote may declare them (contributions.cjs RESERVED). */
export const HOST_ROUTES: readonly RouteDeclaration[] = [{ path: '/login', label: 'Login' }];

/** Where the guard sends a visitor without a session (SPEC §2): the shell's own sign-in. */
export const LOGIN_PATH = '/login';

let table: RouteTable = composeRoutes(null, [...HOST_ROUTES]);

/**
 * Composes the table of this page from its registry document (inlined in index.html, or fetched on
 * a static host before the shell renders). Set once at start: the page keeps the versions, and so
 * the routes, it started with; the next page load takes a newer document.
 */
export function setRouteDocument(document: ComposableDocument | null | undefined): RouteTable {
  table = composeRoutes(document, [...HOST_ROUTES]);
  return table;
}

/** The page's composed table: routes, home, sidebar, landmarks. */
export function routeTable(): RouteTable {
  return table;
}

/** SPEC §2: '/' is the fallback home; every path no route matches falls here too. */
export function homeRoute(): RouteEntry {
  return table.home;
}

/** The route a path resolves to; unmatched paths get the home fallback. */
export function resolveRoute(pathname: string): RouteEntry {
  return resolveIn(table, pathname) ?? table.home;
}

/** single-spa activity: is `owner` the owner of this path? */
export function isOwnedBy(owner: RouteOwner, pathname: string): boolean {
  return owner !== '' && resolveRoute(pathname).owner === owner;
}

/**
 * Static pages (landing, FAQ, legal) need none of the host's services (bus, session, api): kept out
 * of the first load of `/` for the bundle budget.
 */
export function needsHostServices(pathname: string): boolean {
  return !resolveRoute(pathname).static;
}

/**
 * The path of a landmark, the places the shell itself sends people (a signed-in customer's home,
 * the not-activated screen, the start of sign-up, identity verification), as the live remotes
 * declare them. Without one, the home page: it always exists and is never a redirect loop.
 */
export function landmark(name: Landmark): string {
  return table.landmarks[name] ?? table.home.path;
}

/** Is a remote declaring this landmark live in this page? */
export function hasLandmark(name: Landmark): boolean {
  return table.landmarks[name] !== undefined;
}

/**
 * The path of a landmark the shell links to but never sends anyone to (SPEC §2: the public
 * navbar's FAQ, the login page's forgotten PIN, the alerts bell), or null when no live remote
 * declares it: the link is then left out rather than sent to the home page.
 */
export function linkTo(name: Landmark): string | null {
  return table.landmarks[name] ?? null;
}
