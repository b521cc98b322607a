// A signed-in customer, shaped like SPEC §3 "User": verified, with wallets, which a journey cannot
// yet make through sign-up. The shell fixture stores its token and id and answers GET /api/users/{id};
// journeys about signing up and in use the real middleware (support/onboarding.ts).
export const fixtureUser = {
  id: 4242,
  first_name: 'Adaeze',
  last_name: 'Okafor',
  phone_number: '2348031234567',
  address: '12 Admiralty Way, Lekki, Lagos',
  photo_url: null,
  is_verified: true,
  mifos_client_id: 1042,
  nin: '12345678901',
  nin_verification_status: 'approved',
  // true so the transaction-PIN setup prompt (SPEC §4 "Prompts on protected pages") stays closed.
  isTransactionPinEnabled: true,
  bvn: '22222222222',
  referral_code: 'ADAEZE42',
  email: 'adaeze@example.com',
  wallets: [
    {
      id: 1,
      name: 'Main Wallet',
      account_no: '1100012345',
      balance: 125000.5,
      product_id: 1,
      account_status: 'active',
    },
    {
      id: 2,
      name: 'Commission Wallet',
      account_no: '1100012346',
      balance: 250,
      product_id: 4,
      account_status: 'active',
    },
  ],
} as const;

export const fixtureToken = 'e2e-fixture-token';
