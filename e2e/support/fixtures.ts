// Fixtures every journey uses (docs/conventions.md §9: Playwright tests named as user stories with
// small fixtures). `consoleErrors` runs for every test: "no console errors on
// any page".
import { test as base, expect, type Page } from '@playwright/test';
import { fixtureToken, fixtureUser } from './fixture-user';

export interface SignedInShell {
  user: typeof fixtureUser;
  /** Every GET /api/users/{id} the shell made, so a journey can tell the session was used. */
  userRequests: string[];
  /** The bearer of each POST /api/logout the page sent (sign-out ends the session on the server). */
  logoutBearers: string[];
}

interface JourneyFixtures {
  /**
   * Console messages a journey expects (e.g. the 404 of a remote version that does not exist).
   * Wrapped in an object: test.use() would read a bare array as [value, options].
   */
  allowedConsoleErrors: { patterns: RegExp[] };
  consoleErrors: string[];
  signedInShell: SignedInShell;
}

function watchConsole(page: Page, sink: string[]): void {
  page.on('console', (message) => {
    if (message.type() !== 'error') return;
    const { url, lineNumber } = message.location();
    sink.push(`console.error: ${message.text()}${url ? ` (${url}:${lineNumber})` : ''}`);
  });
  page.on('pageerror', (error) => sink.push(`uncaught: ${error.stack ?? error.message}`));
}

export const test = base.extend<JourneyFixtures>({
  allowedConsoleErrors: [{ patterns: [] }, { option: true }],

  consoleErrors: [
    async ({ page, allowedConsoleErrors }, provide, testInfo) => {
      const errors: string[] = [];
      watchConsole(page, errors);
      await provide(errors);
      const unexpected = errors.filter(
        (e) => !allowedConsoleErrors.patterns.some((re) => re.test(e)),
      );
      // A test that already failed keeps its own message; the console errors go to the report.
      if (testInfo.status !== testInfo.expectedStatus) {
        if (unexpected.length > 0)
          await testInfo.attach('console-errors', { body: unexpected.join('\n') });
        return;
      }
      expect(unexpected, 'the page logged console errors or threw').toEqual([]);
    },
    { auto: true },
  ],

  signedInShell: async ({ page }, provide) => {
    // For shell-only journeys (a verified customer with wallets, which sign-up cannot produce yet):
    // SPEC §3 "Browser session data" keeps the token under `tk` and the user id under `id`; the
    // shell then loads GET /api/users/{id}. Real sign-in: support/onboarding.ts.
    await page.addInitScript(
      ({ token, id }) => {
        // Seed once per tab, so a journey that signs out is not signed in again by a reload.
        if (window.sessionStorage.getItem('ajo-e2e-seeded')) return;
        window.sessionStorage.setItem('ajo-e2e-seeded', '1');
        window.localStorage.setItem('tk', token);
        window.localStorage.setItem('id', id);
      },
      { token: fixtureToken, id: String(fixtureUser.id) },
    );
    const userRequests: string[] = [];
    await page.route(`**/api/users/${fixtureUser.id}`, async (route) => {
      if (route.request().method() !== 'GET') return route.fallback();
      userRequests.push(route.request().url());
      await route.fulfill({ json: userResponseBody() });
    });
    // The wallets screens read each wallet's mini statement (GET /api/transactions); the
    // fixture token is not a real one, so the shell's customer has an empty history.
    await page.route(
      (url) => url.pathname === '/api/transactions',
      async (route) => {
        if (route.request().method() !== 'GET') return route.fallback();
        await route.fulfill({ json: { transactionHistory: [] } });
      },
    );
    // The transfer and payment screens read their lists on entry (SPEC §7); the fixture token is not
    // a real one, so the shell's customer gets fixed lists (plain JSON: the client reads both).
    const reads: Array<[string, 'GET' | 'POST', unknown]> = [
      ['/api/transfers/wallet-to-bank/get-banks', 'POST', { bankArray: FIXTURE_BANKS }],
      [
        '/api/transfers/limits',
        'GET',
        { tier: 2, remainingToday: 200_000, dailyLimit: 200_000, maxBalance: 500_000 },
      ],
      ['/api/data/get-data-plans', 'GET', { data: [] }],
      ['/api/payments/categories/electricity/get-service-types', 'POST', { serviceTypes: [] }],
      ['/api/payments/categories/cable-tv/get-providers', 'POST', { providers: [] }],
      // The dashboard's bell and the alerts screen (docs/decisions/033).
      ['/api/alerts', 'GET', { alerts: [], unread: 0, next_before: null }],
      // My reports lists the customer's complaints (docs/decisions/034).
      ['/api/disputes', 'GET', { disputes: [] }],
      // The cards remote's screen: no card yet, the request form with the fees (middleware README
      // "Debit cards").
      [
        '/api/cards',
        'GET',
        { cards: [], fees: { issuance_fee: 1050, delivery_charge: 1500, total: 2550 } },
      ],
    ];
    for (const [pathname, method, json] of reads) {
      await page.route(
        (url) => url.pathname === pathname,
        async (route) => {
          if (route.request().method() !== method) return route.fallback();
          await route.fulfill({ json });
        },
      );
    }
    await page.route(
      (url) => url.pathname.startsWith('/api/beneficiaries/'),
      async (route) => {
        if (route.request().method() !== 'GET') return route.fallback();
        await route.fulfill({ json: { data: [] } });
      },
    );
    // Sign-out ends the session on the server (docs/decisions/015-sessions-ended-on-the-server.md);
    // the fixture token is not a real one, so the fixture answers as the server does for a live one.
    const logoutBearers: string[] = [];
    await page.route(
      (url) => url.pathname === '/api/logout',
      async (route) => {
        if (route.request().method() !== 'POST') return route.fallback();
        logoutBearers.push(route.request().headers()['authorization'] ?? '');
        await route.fulfill({ json: { message: 'You have been signed out.' } });
      },
    );
    await provide({ user: fixtureUser, userRequests, logoutBearers });
  },
});

const FIXTURE_BANKS = [
  { code: '058', name: 'GTBank' },
  { code: '011', name: 'First Bank of Nigeria' },
];

/** SPEC §7 "GET /users/{id}: user object", in the envelope the host's API client reads. */
function userResponseBody(): unknown {
  return { user: fixtureUser };
}

export { expect };
