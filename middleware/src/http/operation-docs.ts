/*
 * What the OpenAPI document (src/http/openapi.ts) says about each operation beyond its schemas: a
 * one-line summary, and for the money calls an example body. Keyed by `METHOD /path` as the route
 * is registered. A route may instead carry `schema.summary` itself; src/http/openapi.test.ts fails
 * for a route with neither, so a new route cannot reach the mobile team's generated client
 * undescribed.
 */

export const OPERATION_SUMMARIES: Record<string, string> = {
  'GET /api/health': 'Liveness: the process answers',
  'GET /api/ready': 'Readiness: the database answers and migrations are applied',
  'GET /api/app-check/token': 'Get an app-attestation token for the X-App-Check header',
  'GET /api/sandbox/outbox': "Sandbox: read the SMS and e-mails the platform 'sent'",
  'POST /api/sandbox/jobs/run-now': 'Sandbox: run the background jobs that are due now',
  'GET /api/sandbox/outbox/attachments/:id': 'Sandbox: download an e-mail attachment',
  'GET /api/sandbox/files/*': 'Sandbox: download a stored file through its signed link',
  'GET /api/states': 'List the Nigerian states',
  'GET /api/local-government': 'List the local government areas of a state',
  'GET /api/auth': 'Send a sign-up OTP to a phone number',
  'POST /api/auth': 'Verify the sign-up OTP and get a sign-up token',
  'GET /api/auth/get-otps': 'Send a sign-in OTP (new device)',
  'POST /api/login': 'Sign in with phone number and security PIN',
  'POST /api/logout': 'Sign out: end the session of the bearer token',
  'GET /api/auth/forgot': 'Send an OTP to reset a forgotten security PIN',
  'POST /api/reset-security-pin': 'Reset the security PIN with the OTP',
  'POST /api/users': 'Create the account (after the phone is verified)',
  'GET /api/users/:id': "Read the signed-in customer's profile",
  'PUT /api/users/:id': "Update the signed-in customer's profile",
  'POST /api/storage/upload': 'Upload a photo or document',
  'POST /api/services/detect-face': 'Check that an uploaded photo shows one face',
  'GET /api/bvn/start': 'Start BVN verification (consent with the bank)',
  'GET /api/bvn/details': 'Read the details of a consented BVN verification',
  'GET /api/nin/start': 'Submit a NIN for verification',
  'POST /api/verify-user': 'Activate the customer: identity and face photo checked, wallets opened',
  'GET /api/sandbox/identity/bvn-consent/:sessionId': "Sandbox: the bank's BVN consent page",
  'POST /api/sandbox/identity/bvn-consent/:sessionId': "Sandbox: answer the bank's BVN consent",
  'POST /api/users/:id/create-transaction-pin': 'Create the transaction PIN',
  'GET /api/transactions': "List a wallet's transactions",
  'POST /api/transactions/:reference/disputes':
    'Report a problem with one of your transactions: a tracking number and a respond-by date',
  'GET /api/alerts':
    'List your debit, credit and notice alerts, newest first, with the unread count',
  'POST /api/alerts/read': 'Mark some or all of your alerts read',
  'GET /api/users/:id/alert-channels': 'Read the channels (SMS, e-mail) your alerts are sent to',
  'PUT /api/users/:id/alert-channels': 'Choose the channels (SMS, e-mail) your alerts are sent to',
  'GET /api/disputes': 'List your complaints, newest first',
  'GET /api/disputes/:tracking_number': 'Read one complaint with its status timeline',
  'POST /api/disputes/:tracking_number/confirm':
    'Confirm a transaction reported as not authorised was yours, lifting the pause on outgoing money',
  'POST /api/transfers/bank-to-wallet': 'Fund a wallet by card (starts a checkout)',
  'GET /api/sandbox/checkout/:sessionId': "Sandbox: the card processor's checkout page",
  'POST /api/sandbox/checkout/:sessionId': "Sandbox: pay on the card processor's checkout page",
  'POST /api/sandbox/checkout/:sessionId/callback': "Sandbox: the card processor's webhook",
  'POST /api/sandbox/inbound-transfer':
    'Sandbox: the bank switch credits a wallet (inbound transfer)',
  'POST /api/transfers/wallet-to-other-wallet/verify-wallet-number':
    'Name the holder of an Ajo wallet before sending to it',
  'POST /api/transfers/wallet-to-other-wallet/transfer-funds': 'Send money to another Ajo wallet',
  'POST /api/transfers/wallet-to-bank/get-banks': 'List the banks a transfer can go to',
  'POST /api/transfers/wallet-to-bank/verify-account-number':
    'Name enquiry: name the holder of a bank account',
  'POST /api/transfers/wallet-to-bank/transfer-funds': 'Send money to a bank account',
  'GET /api/transfers/wallet-to-bank/:paymentReference': 'Read the status of a bank transfer',
  'GET /api/transfers/limits': "Read the customer's daily transfer limit and what is left of it",
  'GET /api/beneficiaries/:walletAccountNumber': "List a wallet's saved beneficiaries",
  'POST /api/beneficiaries/:recipientAccountNumber': 'Save a beneficiary',
  'DELETE /api/beneficiaries/:id': 'Delete a saved beneficiary',
  'POST /api/payments/categories/airtime/buy-airtime': 'Buy airtime',
  'POST /api/data/buy-data': 'Buy a data plan',
  'POST /api/payments/categories/electricity/buy-electricity': 'Buy electricity (prepaid token)',
  'GET /api/data/get-data-plans': "List a network's data plans",
  'POST /api/payments/categories/electricity/get-service-types':
    'List the electricity distributors',
  'POST /api/payments/categories/electricity/verify-meter': 'Name the holder of a meter number',
  'POST /api/payments/categories/cable-tv/buy-cable-tv': 'Pay for a cable TV bouquet',
  'POST /api/payments/categories/cable-tv/get-providers': 'List the cable TV providers',
  'POST /api/payments/categories/cable-tv/get-bouquets': "List a cable TV provider's bouquets",
  'POST /api/payments/categories/cable-tv/verify-smartcard':
    'Name the holder of a smartcard, their bouquet and its due date',
  'GET /api/payments/transactions/:reference': 'Read the status of a bill payment',
  'POST /api/users/:id/update-bvn': 'Add or change the BVN on the profile',
  'POST /api/users/:id/reveal-bvn': 'Reveal the full BVN (needs the security PIN)',
  'GET /api/identity-documents': 'List the identity document types',
  'POST /api/identity-documents': 'Submit an identity document for review',
  'POST /api/users/:id/get-identity-documents': "List the customer's submitted identity documents",
  'GET /api/auth/get-otp': 'Send an OTP to the signed-in customer (PIN reset)',
  'POST /api/users/:id/reset-transaction-pin': 'Reset the transaction PIN with the OTP',
  'GET /api/referrals/:userId': "List the customer's referrals and rewards",
  'GET /api/transaction-history/statement': 'E-mail an account statement (PDF)',
  'POST /api/users/:id/request-account-closure': 'Ask for the account to be closed',
  'GET /api/referral/:referral_code': 'Read who a referral code belongs to (invite page)',
  'POST /api/referral': 'Send a referral invitation',
  'GET /api/money/attempts/:key': 'Read the outcome of a money call by its Idempotency-Key',
  'GET /api/cards': 'List your debit cards, and what requesting one costs',
  'POST /api/cards':
    'Request a debit card (fee and delivery paid from the wallet): a virtual card at once, a physical one delivered',
  'POST /api/cards/:id/activate':
    'Activate a delivered physical card: its last 4 digits and a card PIN',
  'POST /api/cards/:id/freeze': 'Freeze a card at once (its authorisations are refused)',
  'POST /api/cards/:id/unfreeze': 'Unfreeze a frozen card',
  'POST /api/cards/:id/report-lost':
    'Report a card lost or stolen: blocked for good; the report time decides liability (60 minutes)',
  'POST /api/cards/:id/reveal': "Show a card's full number and CVV, after the transaction PIN",
  'POST /api/sandbox/card-network/authorize':
    'Sandbox card network: a merchant asks to authorise a card payment (00 reserves the amount)',
  'POST /api/sandbox/card-network/clear':
    'Sandbox card network: present a clearing (or an offline transaction) for posting',
  'POST /api/sandbox/card-bureau/advance':
    'Sandbox card bureau: move a physical card along its delivery steps now (to a step, or one step)',
  'POST /api/sandbox/card-network/reverse':
    'Sandbox card network: reverse an authorisation (released) or a posted payment (refunded)',
};

/**
 * Example plaintext bodies of the money calls (SPEC §3, §4), documented under `x-plaintext`; the
 * OpenAPI test parses each with the route's own body schema, so an example cannot drift.
 */
export const MONEY_CALL_EXAMPLES: Record<string, Record<string, unknown>> = {
  'POST /api/cards': {
    wallet_account_number: '2001234567',
    delivery_address: { address: '12 Admiralty Way, Lekki Phase 1', city: 'Lagos', state: 'Lagos' },
    transaction_pin: '246810',
  },
  'POST /api/transfers/bank-to-wallet': {
    wallet_account_number: '2001234567',
    transfer_amount: 5000,
    transaction_pin: '246810',
    phone_number: '2348012345678',
    platform: 'web',
  },
  'POST /api/transfers/wallet-to-other-wallet/transfer-funds': {
    sender_wallet_number: '2001234567',
    wallet_name: 'Main Wallet',
    receiver_wallet_number: '2007654321',
    transfer_amount: 2500,
    narration: 'Lunch',
    transaction_pin: '246810',
  },
  'POST /api/transfers/wallet-to-bank/transfer-funds': {
    transaction_pin: '246810',
    account_number: '0123456789',
    account_name: 'ADAEZE OKONKWO',
    bank_code: '058',
    amount: 15000,
    wallet_account_number: '2001234567',
    narration: 'Rent',
    wallet_name: 'Main Wallet',
    channelCode: '1',
    beneficiaryNameEnquiryRefrenceNumber: '000013260115090000123456789012',
  },
  'POST /api/payments/categories/airtime/buy-airtime': {
    transaction_pin: '246810',
    amount: 1000,
    wallet_account_number: '2001234567',
    receiving_phone_number: '08012345678',
    telco: 'mtnng',
    wallet_name: 'Main Wallet',
  },
  'POST /api/data/buy-data': {
    transaction_pin: '246810',
    amount: 1500,
    dataplan: 'mtn-1gb-30days',
    phoneNumber: '08012345678',
    network: 'mtn-data',
    wallet_account_number: '2001234567',
    wallet_name: 'Main Wallet',
  },
  'POST /api/payments/categories/electricity/buy-electricity': {
    transaction_pin: '246810',
    phone_number: '08012345678',
    amount: 5000,
    meter_number: '45012345678',
    service_type: 'ikeja-electric',
    wallet_account_number: '2001234567',
    account_details: { name: 'ADAEZE OKONKWO', address: '12 Allen Avenue, Ikeja' },
    wallet_name: 'Main Wallet',
  },
  'POST /api/payments/categories/cable-tv/buy-cable-tv': {
    transaction_pin: '246810',
    wallet_account_number: '2001234567',
    wallet_name: 'Main Wallet',
    provider: 'dstv',
    smartcard_number: '7011111111',
    bouquet_code: 'dstv-compact',
    amount: 19000,
    phone_number: '08012345678',
  },
};

/** An Idempotency-Key as the web app makes one (a UUID), for the money calls' header example. */
export const IDEMPOTENCY_KEY_EXAMPLE = '3f0c9a4e-7d1b-4c2a-9e5f-1a2b3c4d5e6f';

/**
 * Paths that differ only by a parameter's name are one path in OpenAPI: the beneficiary calls
 * share `/api/beneficiaries/{…}` with a different meaning per method. The document names the
 * parameter once; the server is unchanged (the name is not on the wire).
 */
export const DOCUMENTED_PATH_PARAMS: Record<
  string,
  { from: string; to: string; description: string }
> = {
  'GET /api/beneficiaries/:walletAccountNumber': {
    from: 'walletAccountNumber',
    to: 'accountNumberOrId',
    description: "The customer's wallet account number whose beneficiaries are listed",
  },
  'POST /api/beneficiaries/:recipientAccountNumber': {
    from: 'recipientAccountNumber',
    to: 'accountNumberOrId',
    description: "The beneficiary's account number",
  },
  'DELETE /api/beneficiaries/:id': {
    from: 'id',
    to: 'accountNumberOrId',
    description: 'The id of the saved beneficiary',
  },
  // Fastify's wildcard is the parameter `*`, which OpenAPI cannot name.
  'GET /api/sandbox/files/*': {
    from: '*',
    to: 'path',
    description: "The file's key in storage (may contain slashes)",
  },
};

/** A stable operationId from method and path: `POST /api/users/:id/update-bvn` → postUsersByIdUpdateBvn. */
export function operationIdOf(method: string, url: string): string {
  const pascal = (text: string) =>
    text
      .split(/[^A-Za-z0-9]+/)
      .filter(Boolean)
      .map((word) => word[0]!.toUpperCase() + word.slice(1))
      .join('');
  const segments = url
    .replace(/^\/api(?=\/|$)/, '')
    .split('/')
    .filter(Boolean)
    .map((segment) => {
      if (segment === '*') return 'ByPath';
      if (segment.startsWith(':')) return `By${pascal(segment.slice(1))}`;
      return pascal(segment);
    });
  return method.toLowerCase() + segments.join('');
}
