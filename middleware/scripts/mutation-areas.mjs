// The money and auth code under mutation testing (`npm run mutation`, scripts/mutation.mjs), each
// area with the test files that exercise it. Paths are relative to the middleware package. Type-only
// files, re-exports and message tables are left out: no mutant there could change behaviour.
// Not ledger-property.test.ts: a randomised concurrency run of minutes per mutant, which could
// notice a mutant or miss it by chance; the deterministic ledger tests decide here.
const LEDGER_TESTS = [
  'src/ledger/account-number.test.ts',
  'src/ledger/accounts.test.ts',
  'src/ledger/entry-input.test.ts',
  'src/ledger/kobo.test.ts',
  'src/ledger/ledger-invariants.test.ts',
  'src/ledger/reversal-history.test.ts',
  'src/ledger/transfer.test.ts',
];

export const MUTATION_AREAS = {
  // Each area small enough to finish in one sitting on a busy two-core machine: Stryker writes its
  // incremental file only at the end of a run, so an area stopped halfway keeps nothing.
  'ledger-values': {
    title: 'Ledger values (kobo, entry checks, account numbers)',
    mutate: ['src/ledger/kobo.ts', 'src/ledger/entry-input.ts', 'src/ledger/account-number.ts'],
    // Their own unit tests only: the database tests reach these too, but would run for every
    // mutant of a function every entry calls (minutes each), and a value rule should have a test
    // of its own.
    tests: [
      'src/ledger/kobo.test.ts',
      'src/ledger/entry-input.test.ts',
      'src/ledger/account-number.test.ts',
    ],
  },
  'ledger-entries': {
    title: 'Ledger entries (apply and reverse entries, journal, accounts, balances)',
    mutate: [
      'src/ledger/apply-entry.ts',
      'src/ledger/journal.ts',
      'src/ledger/accounts.ts',
      'src/ledger/entries.ts',
    ],
    tests: LEDGER_TESTS,
  },
  'guards-login': {
    title: 'Sign-in lock (security-PIN tries per phone and per address)',
    mutate: ['src/modules/auth/login-service.ts', 'src/modules/auth/login-attempts-repository.ts'],
    // The closure tests: a closed account's right PIN is refused after the lock's checks.
    tests: ['src/modules/auth/login.test.ts', 'src/modules/settings/account-closure.test.ts'],
  },
  'guards-otp': {
    title: 'OTP tries (sign-up and security-PIN reset codes)',
    mutate: ['src/modules/auth/otp-service.ts', 'src/modules/auth/otp-repository.ts'],
    tests: [
      'src/modules/auth/otp-service.test.ts',
      'src/modules/auth/signup-otp.test.ts',
      'src/modules/auth/security-pin-reset.test.ts',
      'src/modules/settings/transaction-pin-reset.test.ts',
    ],
  },
  'guards-pin': {
    title: 'Transaction-PIN lock and step-up OTP',
    mutate: ['src/money/transaction-pin-guard.ts', 'src/money/step-up.ts'],
    tests: ['src/money/transaction-pin-guard.test.ts', 'src/money/step-up.test.ts'],
  },
  money: {
    title: 'Money area (client references and replays, tier limits)',
    mutate: ['src/money/client-references.ts', 'src/money/limits.ts'],
    tests: [
      'src/money/client-references.test.ts',
      'src/money/limits.test.ts',
      // PostgreSQL only (row locks need two connections): counted when TEST_DATABASE_URL is set.
      'src/money/limits-locks.pg.test.ts',
      'src/modules/transfers/wallet-transfers.test.ts',
    ],
  },
  envelope: {
    title: 'Request and response envelope',
    mutate: ['src/security/envelope-cipher.ts', 'src/plugins/envelope.ts'],
    tests: ['src/plugins/envelope.test.ts'],
  },
  vend: {
    title: 'Bill payments (a vend settled or reversed once)',
    mutate: ['src/modules/payments/vend-service.ts'],
    tests: [
      'src/modules/payments/vend-recovery.test.ts',
      'src/modules/payments/buy-airtime-data.test.ts',
      'src/modules/payments/buy-electricity.test.ts',
    ],
  },
  jobs: {
    title: 'Job queue (claims, leases, the fence on a late outcome)',
    mutate: ['src/jobs/queue.ts'],
    tests: ['src/jobs/queue.test.ts'],
  },
  'transfer-routes': {
    title: 'Transfer routes (transfer sources, wallet to wallet and to bank, beneficiaries)',
    mutate: ['src/modules/transfers/routes.ts'],
    // Most of the file is route registration, which runs once when a test file builds its app:
    // Stryker would run every test of the three files for each such mutant (an hour on two busy
    // cores), and a wrong URL or schema there fails the routes' own tests anyway. Ignored, so the
    // score is that of the code that runs per request: the source rule and the handlers.
    ignoreStatic: true,
    tests: [
      'src/modules/transfers/bank-transfers.test.ts',
      'src/modules/transfers/wallet-transfers.test.ts',
      'src/modules/transfers/beneficiaries.test.ts',
    ],
  },
  statement: {
    title: 'Account statement (the period, opening and running balances)',
    mutate: ['src/modules/settings/statement.ts'],
    tests: ['src/modules/settings/statement.test.ts'],
  },
  'account-settings': {
    title: 'Account settings (closure, BVN update, transaction-PIN reset, referrals)',
    mutate: ['src/modules/settings/account-settings.ts'],
    tests: [
      'src/modules/settings/account-closure.test.ts',
      'src/modules/settings/bvn-and-referrals.test.ts',
      'src/modules/settings/transaction-pin-reset.test.ts',
    ],
  },
};
