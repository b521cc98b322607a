// @ts-check
'use strict';
// The route table composed from a registry document (docs/decisions/038-remotes-declare-their-
// routes.md): every live remote's routes, the home owner, the sidebar and the landmarks. Apart from
// the validation of declarations (./contributions.cjs, which uses this module too) because the shell
// loads it in every first load: only lookups and a check of shape here, no messages.

/**
 * @typedef {import('./contributions.cjs').Contributions} Contributions
 * @typedef {import('./contributions.cjs').RouteDeclaration} RouteDeclaration
 * @typedef {import('./contributions.cjs').RouteEntry} RouteEntry
 * @typedef {import('./contributions.cjs').RouteTable} RouteTable
 * @typedef {import('./contributions.cjs').SidebarGroup} SidebarGroup
 * @typedef {import('./contributions.cjs').SidebarLink} SidebarLink
 * @typedef {import('./contributions.cjs').Landmark} Landmark
 * @typedef {import('./contributions.cjs').ComposableDocument} ComposableDocument
 * @typedef {import('./contributions.cjs').DocumentRemote} DocumentRemote
 */

const NAME = /^[a-z][a-z0-9_]{1,30}$/;

/** @param {unknown} value */
const isObject = (value) => typeof value === 'object' && value !== null && !Array.isArray(value);

/** @param {unknown} value */
const isText = (value) => typeof value === 'string' && value.length > 0;

/**
 * A declaration with the shape composition reads: routes with a path and a label, sidebar entries
 * with a group, label, path and order.
 * @param {object} contributes
 */
function wellFormed(contributes) {
  const c = /** @type {Record<string, unknown>} */ (contributes);
  const routes = c.routes;
  const nav = c.nav ?? [];
  return (
    Array.isArray(routes) &&
    routes.every(
      (r) => isObject(r) && isText(r.path) && r.path.startsWith('/') && isText(r.label),
    ) &&
    Array.isArray(nav) &&
    nav.every(
      (n) =>
        isObject(n) &&
        isText(n.group) &&
        isText(n.label) &&
        isText(n.path) &&
        Number.isInteger(n.order),
    )
  );
}

/**
 * @param {string} owner
 * @param {RouteDeclaration} d
 * @returns {RouteEntry}
 */
function entryOf(owner, d) {
  const access = d.access ?? 'public';
  return {
    path: d.path,
    match: d.prefix ? 'prefix' : 'exact',
    owner,
    access,
    protected: access === 'signed-in',
    layout: d.layout ?? (access === 'signed-in' ? 'dashboard' : 'public'),
    label: d.label,
    static: d.static ?? false,
    verification: d.verification ?? false,
  };
}

/** Exact paths first, then prefixes, the longest first: the most specific route wins. */
const specificity = (/** @type {RouteEntry} */ a, /** @type {RouteEntry} */ b) =>
  a.match === b.match ? b.path.length - a.path.length : a.match === 'exact' ? -1 : 1;

/**
 * The route table of a registry document: every remote's routes (a declaration that fails
 * validation contributes nothing: one bad remote never takes the others' routes away), the home
 * owner, the sidebar and the landmarks. Where two remotes declare the same path, the operator's
 * `winners` choice, else the remote first by name. `hostRoutes`: the shell's own (/login).
 * @param {ComposableDocument | null | undefined} document
 * @param {RouteDeclaration[]} [hostRoutes]
 * @param {(contributes: object) => boolean} [isValid] Whether a declaration may contribute: by
 *   default its shape only (the registry validated it in full when it was published).
 * @returns {RouteTable}
 */
function composeRoutes(document, hostRoutes = [], isValid = wellFormed) {
  const winners = document?.winners ?? {};
  const remotes = Object.entries(document?.remotes ?? {})
    // A key that is no remote name ('host' above all: the shell's own screens) contributes nothing.
    .filter(([name]) => NAME.test(name) && name !== 'host')
    .filter(([, r]) => isObject(r?.contributes) && isValid(/** @type {object} */ (r.contributes)))
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  /** @type {Map<string, RouteEntry>} */
  const byPath = new Map(hostRoutes.map((d) => [d.path, entryOf('host', d)]));
  /** @type {Partial<Record<Landmark, string>>} */
  const landmarks = {};
  let homeOwner = '';
  for (const [name, remote] of remotes) {
    const contributes = /** @type {Contributions} */ (remote.contributes);
    if (contributes.home && (!homeOwner || winners['/'] === name)) homeOwner = name;
    for (const d of contributes.routes) {
      const taken = byPath.get(d.path);
      if (taken && (taken.owner === 'host' || winners[d.path] !== name)) continue;
      byPath.set(d.path, entryOf(name, d));
    }
  }
  const routes = [...byPath.values()].sort(specificity);
  for (const [name, remote] of remotes) {
    for (const d of /** @type {Contributions} */ (remote.contributes).routes) {
      const owned = byPath.get(d.path)?.owner === name;
      if (owned && d.landmark && !landmarks[d.landmark]) landmarks[d.landmark] = d.path;
    }
  }
  return {
    routes,
    home: entryOf(homeOwner, { path: '/', prefix: true, label: 'Home', static: true }),
    sidebar: sidebarOf(remotes, routes),
    landmarks,
  };
}

/**
 * @param {[string, DocumentRemote][]} remotes
 * @param {RouteEntry[]} routes The composed table.
 * @returns {SidebarGroup[]}
 */
function sidebarOf(remotes, routes) {
  const entries = remotes
    .flatMap(([name, r]) => (r.contributes?.nav ?? []).map((n) => ({ ...n, owner: name })))
    // An entry whose route another remote won would open that remote's screen: left out.
    .filter((n) => resolveRoute({ routes }, n.path)?.owner === n.owner)
    .sort((a, b) => a.order - b.order || (a.label < b.label ? -1 : 1));
  /** @type {SidebarGroup[]} */
  const groups = [];
  for (const n of entries) {
    let group = groups.find((g) => g.title === n.group);
    if (!group) groups.push((group = { title: n.group, links: [] }));
    if (!group.links.some((l) => l.href === n.path)) {
      group.links.push({ label: n.label, href: n.path, prefix: n.prefix ?? false });
    }
  }
  return groups;
}

/** `/a/b/` -> `/a/b`; '' -> '/'. @param {string} pathname */
function normalisePath(pathname) {
  const trimmed = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return trimmed === '' ? '/' : trimmed;
}

/** @param {RouteEntry} entry @param {string} pathname */
function matches(entry, pathname) {
  const path = normalisePath(pathname);
  if (entry.match === 'exact') return path === entry.path;
  return path === entry.path || path.startsWith(`${entry.path}/`);
}

/**
 * The route `pathname` resolves to in `table` (null when none: the caller's home fallback).
 * @param {{ routes: RouteEntry[] }} table
 * @param {string} pathname
 * @returns {RouteEntry | null}
 */
function resolveRoute(table, pathname) {
  return table.routes.find((entry) => matches(entry, pathname)) ?? null;
}

/**
 * Is the sidebar link current on `pathname`?
 * @param {SidebarLink} link
 * @param {string} pathname
 */
function isCurrentLink(link, pathname) {
  const path = normalisePath(pathname);
  return path === link.href || (link.prefix && path.startsWith(`${link.href}/`));
}

module.exports = { composeRoutes, isCurrentLink, matches, normalisePath, resolveRoute, wellFormed };
