// The journeys walk the route table the shell composes (SPEC §2), built here the way the shell builds
// it: from what the workspace's remotes declare (their remote.json, read through tooling/remotes.cjs)
// composed by tooling/contributions.cjs with the shell's own /login, so a route a remote declares is
// tested here without a second list. This file only adds what a browser needs to open each route: a
// concrete URL, where a screen redirects by itself, and headings the SPEC fixes.
import { composeRoutes, type RouteEntry } from '../../tooling/contributions.cjs';
import { REMOTES } from '../../tooling/remotes.cjs';

/** A remote's federation name, or 'host' for the shell's own /login. */
export type RouteOwner = string;

/** The workspace's remotes as the registry document carries them (each version's declaration). */
const TABLE = composeRoutes(
  {
    remotes: Object.fromEntries(
      REMOTES.map(({ name, folder: _folder, ...contributes }) => [name, { contributes }]),
    ),
  },
  [{ path: '/login', label: 'Login' }],
);
const ROUTES: readonly RouteEntry[] = TABLE.routes;
const HOME_ROUTE: RouteEntry = TABLE.home;

/** Every remote of the workspace. */
export const REMOTE_NAMES: readonly string[] = REMOTES.map((remote) => remote.name);

export interface RouteCase {
  /** The route as the table writes it. */
  route: string;
  /** The URL a journey opens. */
  visit: string;
  /** The remote that renders the route there (its owner, unless the visit redirects). */
  owner: RouteOwner;
  /** Where the browser may end up: `visit`, or where the screen redirects by itself (SPEC §2). */
  landsOn: string[];
  /** Words the SPEC fixes for the screen's main heading. */
  heading?: RegExp;
  /** API answers the screen provokes for a signed-out visitor (allowed console errors, nothing else). */
  expectedFailedResponses?: Array<{ status: number; apiPath: string }>;
}

interface Visit {
  visit?: string;
  /** The remote that renders where the browser lands, when that is not the route's owner. */
  rendersAs?: RouteOwner;
  landsOn?: string[];
  heading?: RegExp;
  expectedFailedResponses?: Array<{ status: number; apiPath: string }>;
}

const visits: Record<string, Visit> = {
  '/login': { heading: /^Login$/ },
  // SPEC §2: /otp without a stored 234… phone number redirects to /signup (a fresh browser has
  // none). The BVN result page's 'Uh Oh!' error page is the onboarding issue's.
  '/otp': { landsOn: ['/signup'], heading: /^Sign up$/ },
  // /register without the PINs /security-pin hands over in navigation state goes back there
  // (mfe-onboarding account-setup-screen.tsx), and /security-pin without a verified phone's sign-up
  // token starts again at /signup (host/src/routes/guard.ts); waiting for that keeps the check from
  // racing it.
  '/register': { landsOn: ['/signup'], heading: /^Sign up$/ },
  '/security-pin': { landsOn: ['/signup'], heading: /^Sign up$/ },
  '/nin-verification-start': { heading: /Start NIN Verification/ },
  '/faq': { heading: /Frequently Asked Questions/ },
  // SPEC §4 Account activation: the signed-in journeys' fixture customer has wallets, so the shell
  // sends them on to /dashboard (host/src/layout/activation.ts). The screen itself, for a customer
  // without wallets: new-customer-verifies-identity-with-bvn.spec.ts.
  '/not-activated': { landsOn: ['/dashboard'], rendersAs: 'wallets', heading: /^Dashboard$/ },
  // SPEC §2 /referral/{referral_code}. Nobody holds this code: the lookup answers 404 and the page
  // says the link does not work (a working code: journeys/visitor-*-referral-link*.spec.ts).
  '/referral': {
    visit: '/referral/ADAEZE42',
    heading: /This invitation link does not work/,
    expectedFailedResponses: [{ status: 404, apiPath: '/referral/ADAEZE42' }],
  },
  // SPEC §2: BVN start asks the server for the provider's page and redirects there; for a visitor
  // who is not signed in, GET /api/bvn/start answers 401 and the screen stays with its failure
  // (the signed-in way to the provider: journeys/new-customer-verifies-identity-with-bvn.spec.ts).
  '/bvn-verification-start': {
    heading: /BVN Verification/,
    expectedFailedResponses: [{ status: 401, apiPath: '/bvn/start' }],
  },
};

function toCase(entry: RouteEntry): RouteCase {
  const extra = visits[entry.path] ?? {};
  const visit = extra.visit ?? entry.path;
  return {
    route: entry.path,
    visit,
    owner: extra.rendersAs ?? entry.owner,
    landsOn: extra.landsOn ?? [visit],
    heading: extra.heading,
    expectedFailedResponses: extra.expectedFailedResponses,
  };
}

const cases = ROUTES.map(toCase);

export const protectedRoutes: RouteCase[] = cases.filter(
  (c) => ROUTES.find((r) => r.path === c.route)?.protected,
);

export const publicRoutes: RouteCase[] = [
  ...cases.filter((c) => !ROUTES.find((r) => r.path === c.route)?.protected),
  { route: HOME_ROUTE.path, visit: '/', owner: HOME_ROUTE.owner, landsOn: ['/'] },
  // SPEC §2: the referral page links to /terms-and-conditions, which has no route and falls to home.
  {
    route: '/terms-and-conditions (no route)',
    visit: '/terms-and-conditions',
    owner: HOME_ROUTE.owner,
    landsOn: ['/terms-and-conditions'],
  },
];

/**
 * A remote's area: single-spa mounts each application into the element the host's domElementGetter
 * gives it (host/src/federation/mfe-area.ts: a child of <main> marked data-remote=<name>), which is
 * where the error fallback of a broken remote appears too.
 */
export function containerSelector(owner: RouteOwner): string {
  return `[data-remote="${owner}"]`;
}
