// The money and auth code under mutation testing (scripts/mutation.mjs), each area with the test
// files that exercise it. Paths are relative to the middleware package.
export const MUTATION_AREAS = {
  ledger: {
    title: 'Ledger (balances, idempotency, reversals)',
    mutate: [
      'src/ledger/*.ts',
      '!src/ledger/*.test.ts',
      // Types, re-exports and table names only: nothing a mutant could change.
      '!src/ledger/types.ts',
      '!src/ledger/index.ts',
      '!src/ledger/tables.ts',
    ],
    tests: [
      'src/ledger/**/*.test.ts',
      'src/modules/funding/**/*.test.ts',
      'src/modules/wallets/**/*.test.ts',
    ],
  },
  auth: {
    title: 'Sign-in PIN lock and OTPs',
    mutate: [
      'src/modules/auth/login-service.ts',
      'src/modules/auth/login-attempts-repository.ts',
      'src/modules/auth/otp-service.ts',
      'src/modules/auth/otp-repository.ts',
    ],
    tests: ['src/modules/auth/**/*.test.ts'],
  },
  'transaction-pin': {
    title: 'Transaction-PIN lock',
    mutate: ['src/modules/funding/transaction-pin-guard.ts'],
    tests: [
      'src/modules/kyc/transaction-pin.test.ts',
      'src/modules/funding/bank-to-wallet.test.ts',
      'src/modules/funding/transaction-pin-guard.test.ts',
    ],
  },
  envelope: {
    title: 'Request and response envelope',
    mutate: ['src/security/envelope-cipher.ts', 'src/plugins/envelope.ts'],
    tests: [
      'src/security/*.test.ts',
      'src/plugins/envelope.test.ts',
      'src/modules/auth/contract.test.ts',
    ],
  },
};
