// The first-load budgets (gzip JavaScript) of every page of the route table, and the pages the
// bundle report measures: docs/decisions/003-bundle-budget-choices.md and
// docs/decisions/017-compressed-and-budgeted-first-pages.md.
import remotes from '../../../tooling/remotes.cjs';

const { REMOTES } = remotes;

const KB = 1024;

/** `/`: React, the federation runtime, single-spa and the landing page. */
export const HOME_BUDGET_BYTES = 130 * KB;
/** /login, /signup and the other signed-out pages: the home's load plus a form and its schemas. */
export const SIGNED_OUT_BUDGET_BYTES = 160 * KB;
/** /dashboard and every signed-in page: plus the router, rxjs, the API client and the session. */
export const SIGNED_IN_BUDGET_BYTES = 200 * KB;

/** The pages whose every chunk the report lists (the others get one line each). */
export const DETAILED_PAGES = ['/', '/login', '/signup', '/dashboard'];

/**
 * Every page of the route table (the host's /login, each remote's declared routes, the home `/`),
 * signed in where the route's declared access is signed-in (tooling/contributions.cjs), with the
 * budget the build holds it to.
 * @param {readonly { routes: readonly { path: string, access?: string }[] }[]} [remotes]
 * @returns {{ pathname: string, signedIn: boolean, budget: number }[]}
 */
export function pagesToMeasure(remotes = REMOTES) {
  const routes = [{ path: '/' }, { path: '/login' }, ...remotes.flatMap((remote) => remote.routes)];
  return routes.map((route) => ({
    pathname: route.path,
    signedIn: route.access === 'signed-in',
    budget: budgetFor(route),
  }));
}

/** @param {{ path: string, access?: string }} route */
export function budgetFor(route) {
  if (route.path === '/') return HOME_BUDGET_BYTES;
  return route.access === 'signed-in' ? SIGNED_IN_BUDGET_BYTES : SIGNED_OUT_BUDGET_BYTES;
}

/**
 * One sentence per page over its budget: each fails the build.
 * @param {{ pathname: string, gzip: number, budget: number }[]} pages
 */
export function overBudget(pages) {
  return pages
    .filter((page) => page.gzip > page.budget)
    .map(
      (page) =>
        `first load of ${page.pathname} is ${page.gzip} bytes gzip, over its budget of ${page.budget}`,
    );
}
