// @ts-check
'use strict';
// The remotes of the app and the routes each owns (SPEC §2 route table), written once. Read by the
// lint zones (eslint.config.mjs), the root scripts (scripts/lib.mjs), each remote's build
// (createRemoteConfig), the host's route table and single-spa registration
// (host/src/routes/route-table.ts, and through it the browser journeys) and the registry
// (control-plane/src/registry/names.ts). Adding a remote is one entry here plus its folder.
//
// The route table ships in the shell's first load of `/` (a 130 KB gzip budget): data only, and only
// what the browser needs. A remote's folder and package follow from its name (remoteFolder below).
// Strict mode on purpose: one sloppy module makes webpack mark every module of the shell's chunk.

/**
 * @typedef {object} RemoteRoute
 * @property {string} path
 * @property {boolean} [prefix] The path or anything under it (`/register/...`); else the whole path.
 * @property {string} label Breadcrumb and document title.
 * @property {boolean} [protected] SPEC §2: without a stored tk and id the shell sends the visitor to
 *   /login; shown in the dashboard layout.
 * @property {boolean} [static] A page that needs none of the host's services (bus, session, api):
 *   the shell does not load them there, which keeps them out of the first load of `/`.
 *
 * @typedef {object} Remote
 * @property {string} name The federation name (a JS identifier): the container's name, the
 *   registry's key, the single-spa application and the routes' owner.
 * @property {readonly RemoteRoute[]} routes
 * @property {boolean} [home] Owns `/` and every path no route matches (SPEC §2 fallback home).
 */

/** @satisfies {readonly Remote[]} */
const REMOTES = /** @type {const} */ ([
  {
    name: 'onboarding',
    routes: [
      { path: '/signup', label: 'Sign up' },
      { path: '/otp', label: 'OTP' },
      { path: '/forgot-pin', label: 'Reset Security PIN' },
      { path: '/register', prefix: true, label: 'Account Setup' },
      { path: '/verify', prefix: true, label: 'Verify Details' },
      { path: '/onboarding', prefix: true, label: 'Onboarding' },
      { path: '/security-pin', prefix: true, label: 'Security PIN' },
      { path: '/bvn-verification-status', prefix: true, label: 'BVN Verification Status' },
      { path: '/bvn-verification-start', prefix: true, label: 'BVN Verification' },
      { path: '/nin-verification-start', prefix: true, label: 'NIN Verification' },
    ],
  },
  {
    name: 'wallets',
    routes: [
      { path: '/dashboard', label: 'Overview', protected: true },
      { path: '/dashboard/fund-wallet/cash-deposit', label: 'Cash Deposit', protected: true },
      { path: '/dashboard/fund-wallet/bank-transfer', label: 'Bank Transfer', protected: true },
      { path: '/dashboard/transfers/bank-to-wallet', label: 'Fund Wallet', protected: true },
      { path: '/dashboard/transaction-history', label: 'Transaction History', protected: true },
      { path: '/dashboard/reports', label: 'My reports', protected: true },
      { path: '/dashboard/alerts', label: 'Alerts', protected: true },
    ],
  },
  {
    name: 'transfers',
    routes: [
      { path: '/dashboard/transfers/other-wallet', label: 'Other Wallet', protected: true },
      { path: '/dashboard/transfers/wallet-to-bank', label: 'Wallet-to-Bank', protected: true },
    ],
  },
  {
    name: 'payments',
    routes: [
      { path: '/dashboard/payments/airtime', label: 'Airtime', protected: true },
      { path: '/dashboard/payments/electricity', label: 'Electricity', protected: true },
      { path: '/dashboard/payments/data', label: 'Data', protected: true },
    ],
  },
  {
    name: 'settings',
    routes: [
      { path: '/settings', label: 'Settings', protected: true },
      { path: '/settings/delete-account', label: 'Delete Account', protected: true },
    ],
  },
  {
    name: 'public_pages',
    home: true,
    routes: [
      { path: '/faq', prefix: true, label: 'FAQ', static: true },
      { path: '/terms-and-conditions/account', prefix: true, label: 'Account Terms', static: true },
      {
        path: '/terms-and-conditions/referrals',
        prefix: true,
        label: 'Referral Terms',
        static: true,
      },
      { path: '/terms-and-conditions/cards', prefix: true, label: 'Card Terms', static: true },
      { path: '/referral', prefix: true, label: 'Referral' },
      { path: '/error', label: 'Error', static: true },
      // For developers (the shared money flow and fields against a fake server); not in the navbar.
      { path: '/ui-catalogue', label: 'UI Catalogue', static: true },
      // SPEC §4 "Account activation": where the shell sends a signed-in user with no wallets from
      // any protected page. Signed-in only, in the dashboard layout, so the sidebar and Signout stay.
      { path: '/not-activated', label: 'Account Not Activated', protected: true, static: true },
    ],
  },
]);

/**
 * The workspace folder of a remote: `mfe-` and its name with dashes (public_pages: mfe-public-pages).
 * @param {{ name: string }} remote
 */
const remoteFolder = (remote) => `mfe-${remote.name.replace(/_/g, '-')}`;

/**
 * The package name of a remote: `@ajo/` and its folder (@ajo/mfe-public-pages).
 * @param {{ name: string }} remote
 */
const remotePackage = (remote) => `@ajo/${remoteFolder(remote)}`;

module.exports = { REMOTES, remoteFolder, remotePackage };
