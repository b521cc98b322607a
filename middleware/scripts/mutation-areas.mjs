// The money and auth code under mutation testing (`npm run mutation`, scripts/mutation.mjs), each
// area with the test files that exercise it. Paths are relative to the middleware package. Type-only
// files, re-exports and message tables are left out: no mutant there could change behaviour.
export const MUTATION_AREAS = {
  ledger: {
    title: 'Ledger (kobo, entry checks, account numbers, apply and reverse entries)',
    mutate: [
      'src/ledger/kobo.ts',
      'src/ledger/entry-input.ts',
      'src/ledger/account-number.ts',
      'src/ledger/apply-entry.ts',
      'src/ledger/journal.ts',
      'src/ledger/accounts.ts',
      'src/ledger/entries.ts',
    ],
    // Not ledger-property.test.ts: a randomised concurrency run of minutes per mutant, which could
    // notice a mutant or miss it by chance; the deterministic ledger tests decide here.
    tests: [
      'src/ledger/account-number.test.ts',
      'src/ledger/accounts.test.ts',
      'src/ledger/entry-input.test.ts',
      'src/ledger/kobo.test.ts',
      'src/ledger/ledger-invariants.test.ts',
      'src/ledger/reversal-history.test.ts',
      'src/ledger/transfer.test.ts',
    ],
  },
  guards: {
    title: 'PIN and OTP guards (sign-in lock, OTP tries, transaction-PIN lock, step-up OTP)',
    mutate: [
      'src/modules/auth/login-service.ts',
      'src/modules/auth/login-attempts-repository.ts',
      'src/modules/auth/otp-service.ts',
      'src/modules/auth/otp-repository.ts',
      'src/money/transaction-pin-guard.ts',
      'src/money/step-up.ts',
    ],
    tests: [
      'src/modules/auth/login.test.ts',
      'src/modules/auth/signup-otp.test.ts',
      'src/modules/auth/security-pin-reset.test.ts',
      'src/money/transaction-pin-guard.test.ts',
      'src/money/step-up.test.ts',
    ],
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
};
