// @ts-check
'use strict';
// What a remote contributes to the app, declared by the remote itself in its `remote.json`
// (docs/decisions/038-remotes-declare-their-routes.md): its routes, its sidebar entries and whether
// it owns the home page. The build stamps the declaration into the version's mf-manifest.json
// (`contributes`), publishing validates it here, the registry serves the chosen version's with the
// registry document, and the shell composes its route table, guard, breadcrumb, titles and sidebar
// from that document at run time. One module for all of them, so the shell, the app server and the
// build can never disagree on what a declaration means.
//
// The shell loads this module in its first load: data checks and lookups only, nothing heavy.

/**
 * @typedef {'public' | 'signed-in' | 'signed-out' | 'sign-up-token'} Access
 *   public: anyone. signed-in: SPEC §2, without a stored tk and id the shell sends the visitor to
 *   /login. signed-out: a sign-up step; a signed-in customer is sent to the signed-in home.
 *   sign-up-token: needs the sign-up token of a verified phone, else back to the sign-up landmark
 *   (and signed-out too).
 * @typedef {'signed-in-home' | 'not-activated' | 'sign-up' | 'verify' | 'faq' | 'reset-pin' | 'alerts'} Landmark
 *   The paths the shell itself sends people to or links (SPEC §2: the navbar's FAQ, the login
 *   form's forgotten PIN, the alerts bell), found by what they are rather than by name.
 *
 * @typedef {object} RouteDeclaration
 * @property {string} path
 * @property {boolean} [prefix] The path or anything under it (`/register/...`); else the whole path.
 * @property {string} label Breadcrumb and document title.
 * @property {Access} [access]
 * @property {'public' | 'dashboard'} [layout] Default: dashboard when signed-in, else public.
 * @property {boolean} [static] Needs none of the host's services (bus, session, api): the shell
 *   leaves them out of such a page's first load.
 * @property {boolean} [verification] An identity-verification page: an activated customer has no
 *   business there.
 * @property {Landmark} [landmark]
 * @property {boolean} [firstPaint] The app server paints it from HTML (docs/decisions/025-...).
 *
 * @typedef {object} NavDeclaration
 * @property {string} group Sidebar group title (SPEC §2 "Dashboard shell").
 * @property {string} label
 * @property {string} path One of the remote's own routes.
 * @property {number} order Whole number; groups are ordered by their smallest entry.
 * @property {boolean} [prefix] Current on anything under the path too.
 *
 * @typedef {object} Contributions What a version contributes (mf-manifest.json `contributes`).
 * @property {RouteDeclaration[]} routes
 * @property {NavDeclaration[]} [nav]
 * @property {boolean} [home] Owns `/` and every path no route matches (SPEC §2 fallback home).
 *
 * @typedef {Contributions & { name: string }} RemoteDeclaration A remote's `remote.json`.
 *
 * @typedef {object} RouteEntry A route of the composed table.
 * @property {string} path
 * @property {'exact' | 'prefix'} match
 * @property {string} owner The remote (or 'host') that shows it.
 * @property {Access} access
 * @property {boolean} protected access is signed-in.
 * @property {'public' | 'dashboard'} layout
 * @property {string} label
 * @property {boolean} static
 * @property {boolean} verification
 *
 * @typedef {object} SidebarLink
 * @property {string} label
 * @property {string} href
 * @property {boolean} prefix
 * @typedef {object} SidebarGroup
 * @property {string} title
 * @property {SidebarLink[]} links
 *
 * @typedef {object} RouteTable
 * @property {RouteEntry[]} routes Exact paths before prefixes, longer prefixes first.
 * @property {RouteEntry} home
 * @property {SidebarGroup[]} sidebar
 * @property {Partial<Record<Landmark, string>>} landmarks
 *
 * @typedef {object} DocumentRemote
 * @property {Contributions} [contributes]
 * @typedef {object} ComposableDocument
 * @property {Record<string, DocumentRemote>} remotes
 * @property {Record<string, string>} [winners] path -> the remote an operator chose where two
 *   remotes declare the same path.
 */

const NAME = /^[a-z][a-z0-9_]{1,30}$/;
const PATH = /^(\/[a-z0-9]+(?:-[a-z0-9]+)*)+$/;
const ACCESS = ['public', 'signed-in', 'signed-out', 'sign-up-token'];
const LAYOUTS = ['public', 'dashboard'];
const LANDMARKS = [
  'signed-in-home',
  'not-activated',
  'sign-up',
  'verify',
  'faq',
  'reset-pin',
  'alerts',
];
const ROUTE_KEYS = [
  'path',
  'prefix',
  'label',
  'access',
  'layout',
  'static',
  'verification',
  'landmark',
  'firstPaint',
];
const NAV_KEYS = ['group', 'label', 'path', 'order', 'prefix'];
const TOP_KEYS = ['name', 'routes', 'nav', 'home'];

/**
 * Paths no remote may declare: the shell's sign-in page, and what the app server answers itself
 * (the API proxy, the operator API and console, the published remotes, the beacons, metrics).
 * A route on one of these, or under one, would never be shown.
 */
const RESERVED = [
  '/login',
  '/api',
  '/_operator',
  '/_beacon',
  '/remotes',
  '/metrics',
  '/app-check',
  '/host',
];
const LIMITS = { routes: 100, nav: 50, label: 60, group: 40, path: 120 };

/**
 * The reserved path `path` is, or is under; null when it is free.
 * @param {string} path
 */
function reservedPath(path) {
  return RESERVED.find((r) => path === r || path.startsWith(`${r}/`)) ?? null;
}

/** @param {unknown} value @param {number} max */
const isText = (value, max) =>
  typeof value === 'string' &&
  value.trim().length > 0 &&
  value.length <= max &&
  // eslint-disable-next-line no-control-regex
  !/[\u0000-\u001f\u007f<>]/.test(value);

/** @param {object} value @param {string[]} allowed */
const unknownKeys = (value, allowed) => Object.keys(value).filter((k) => !allowed.includes(k));

/** @param {unknown} value */
const isObject = (value) => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * @param {unknown} route
 * @param {string} at Where it is, for the message.
 * @returns {string[]}
 */
function routeProblems(route, at) {
  if (!isObject(route)) return [`${at} must be an object`];
  const r = /** @type {Record<string, unknown>} */ (route);
  const problems = unknownKeys(r, ROUTE_KEYS).map((k) => `${at} has an unknown field '${k}'`);
  const path = r.path;
  if (typeof path !== 'string' || path.length > LIMITS.path || !PATH.test(path)) {
    problems.push(
      `${at}.path must be '/' and lowercase words (letters, digits, dashes) separated by '/', at most ${LIMITS.path} characters, not ${JSON.stringify(path)?.slice(0, 60)}`,
    );
  } else if (reservedPath(path)) {
    problems.push(`${at}.path ${path} is reserved for the app (${reservedPath(path)})`);
  }
  if (!isText(r.label, LIMITS.label)) {
    problems.push(`${at}.label must be text of 1 to ${LIMITS.label} characters`);
  }
  if (r.access !== undefined && !ACCESS.includes(/** @type {string} */ (r.access))) {
    problems.push(`${at}.access must be one of ${ACCESS.join(', ')}`);
  }
  if (r.layout !== undefined && !LAYOUTS.includes(/** @type {string} */ (r.layout))) {
    problems.push(`${at}.layout must be one of ${LAYOUTS.join(', ')}`);
  }
  if (r.landmark !== undefined && !LANDMARKS.includes(/** @type {string} */ (r.landmark))) {
    problems.push(`${at}.landmark must be one of ${LANDMARKS.join(', ')}`);
  }
  for (const flag of ['prefix', 'static', 'verification', 'firstPaint']) {
    if (r[flag] !== undefined && typeof r[flag] !== 'boolean') {
      problems.push(`${at}.${flag} must be true or false`);
    }
  }
  return problems;
}

/**
 * @param {unknown} entry
 * @param {string} at
 * @param {RouteDeclaration[]} routes The remote's own routes.
 * @returns {string[]}
 */
function navProblems(entry, at, routes) {
  if (!isObject(entry)) return [`${at} must be an object`];
  const n = /** @type {Record<string, unknown>} */ (entry);
  const problems = unknownKeys(n, NAV_KEYS).map((k) => `${at} has an unknown field '${k}'`);
  if (!isText(n.group, LIMITS.group)) {
    problems.push(`${at}.group must be text of 1 to ${LIMITS.group} characters`);
  }
  if (!isText(n.label, LIMITS.label)) {
    problems.push(`${at}.label must be text of 1 to ${LIMITS.label} characters`);
  }
  if (
    !Number.isInteger(n.order) ||
    /** @type {number} */ (n.order) < 0 ||
    /** @type {number} */ (n.order) > 10000
  ) {
    problems.push(`${at}.order must be a whole number from 0 to 10000`);
  }
  if (n.prefix !== undefined && typeof n.prefix !== 'boolean') {
    problems.push(`${at}.prefix must be true or false`);
  }
  const own = routes.some(
    (r) =>
      isObject(r) && (r.path === n.path || (r.prefix && String(n.path).startsWith(`${r.path}/`))),
  );
  if (typeof n.path !== 'string' || !own) {
    problems.push(
      `${at}.path ${JSON.stringify(n.path)?.slice(0, 60)} is not one of the remote's own routes`,
    );
  }
  return problems;
}

/**
 * What is wrong with a declaration (empty: nothing). `withName`: a `remote.json`, which names its
 * remote; a manifest's `contributes` does not (the registry knows whose it is).
 * @param {unknown} declaration
 * @param {{ withName?: boolean }} [options]
 * @returns {string[]}
 */
function validateContributions(declaration, { withName = false } = {}) {
  if (!isObject(declaration)) return ['the declaration must be an object'];
  const d = /** @type {Record<string, unknown>} */ (declaration);
  const allowed = withName ? TOP_KEYS : TOP_KEYS.filter((k) => k !== 'name');
  const problems = unknownKeys(d, allowed).map(
    (k) => `the declaration has an unknown field '${k}'`,
  );
  if (withName && (typeof d.name !== 'string' || !NAME.test(d.name) || d.name === 'host')) {
    problems.push(
      `name must be lowercase letters, digits and '_' (2 to 31, a letter first, not 'host'), not ${JSON.stringify(d.name)?.slice(0, 40)}`,
    );
  }
  if (d.home !== undefined && typeof d.home !== 'boolean')
    problems.push('home must be true or false');
  const routes = d.routes;
  if (!Array.isArray(routes) || routes.length === 0 || routes.length > LIMITS.routes) {
    problems.push(`routes must list 1 to ${LIMITS.routes} routes`);
    return problems;
  }
  routes.forEach((route, i) => problems.push(...routeProblems(route, `routes[${i}]`)));
  const paths = routes.map((r) => (isObject(r) ? r.path : undefined));
  paths.forEach((p, i) => {
    if (typeof p === 'string' && paths.indexOf(p) !== i) problems.push(`routes declare ${p} twice`);
  });
  const marks = routes.map((r) => (isObject(r) ? r.landmark : undefined)).filter(Boolean);
  marks.forEach((m, i) => {
    if (marks.indexOf(m) !== i) problems.push(`two routes are the ${m} landmark`);
  });
  const nav = d.nav;
  if (nav !== undefined) {
    if (!Array.isArray(nav) || nav.length > LIMITS.nav) {
      problems.push(`nav must list at most ${LIMITS.nav} entries`);
    } else {
      nav.forEach((entry, i) =>
        problems.push(
          ...navProblems(entry, `nav[${i}]`, /** @type {RouteDeclaration[]} */ (routes)),
        ),
      );
    }
  }
  return problems;
}

/**
 * Where two remotes' contributions would collide: the same path, the home page, or a landmark.
 * `others`: the other remotes' contributions by name. Each answer names the path (or 'home', or
 * the landmark) and the other remote.
 * @param {Contributions} mine
 * @param {Record<string, Contributions | undefined>} others
 * @returns {{ path: string, remote: string }[]}
 */
function overlaps(mine, others) {
  /** @type {{ path: string, remote: string }[]} */
  const found = [];
  for (const [remote, theirs] of Object.entries(others)) {
    if (!theirs) continue;
    const paths = new Set(theirs.routes.map((r) => r.path));
    for (const route of mine.routes)
      if (paths.has(route.path)) found.push({ path: route.path, remote });
    if (mine.home && theirs.home) found.push({ path: '/', remote });
    const marks = new Set(theirs.routes.map((r) => r.landmark).filter(Boolean));
    for (const route of mine.routes) {
      if (route.landmark && marks.has(route.landmark)) {
        found.push({ path: `landmark ${route.landmark}`, remote });
      }
    }
  }
  return found;
}

// eslint-disable-next-line @typescript-eslint/no-require-imports -- CommonJS, like its readers
const composition = require('./route-composition.cjs');

/**
 * The route table of a registry document (./route-composition.cjs), each remote's declaration
 * checked in full first: one that fails validation contributes nothing.
 * @param {ComposableDocument | null | undefined} document
 * @param {RouteDeclaration[]} [hostRoutes]
 * @returns {RouteTable}
 */
const composeRoutes = (document, hostRoutes = []) =>
  composition.composeRoutes(
    document,
    hostRoutes,
    (contributes) => validateContributions(contributes).length === 0,
  );
const { isCurrentLink, matches, normalisePath, resolveRoute } = composition;

module.exports = {
  RESERVED,
  composeRoutes,
  isCurrentLink,
  matches,
  normalisePath,
  overlaps,
  reservedPath,
  resolveRoute,
  validateContributions,
};
