import type { Kysely } from 'kysely';
import { loadConfig } from '../config.js';
import type { Database } from '../db/index.js';
import { createLedger, nairaToKobo } from '../ledger/index.js';
import { TEST_PIN, seedCustomer, type Customer } from '../modules/funding/funding-test-kit.js';
import { createSecretHasher } from '../security/secrets.js';
import { createTokenService } from '../security/tokens.js';

/**
 * For tests that run the middleware as processes: a verified customer with wallets, the test
 * transaction PIN and a live session, written straight into `db` (the processes share it), and
 * `naira` from the bank settlement account in the main wallet.
 */
export async function seedFundedCustomer(
  db: Kysely<Database>,
  customer: { phone: string; naira: number; kycTier?: 1 | 2 | 3 },
): Promise<Customer> {
  const config = loadConfig({ SCRYPT_COST: '1024' });
  const secrets = createSecretHasher({ pepper: config.secrets.pepper, cost: 1024 });
  const tokens = createTokenService({ db, secret: config.jwt.secret, ttlSeconds: 3600 });
  const ledger = createLedger(db);
  await ledger.ensureSystemAccounts();
  const pinHash = await secrets.hashSecret(TEST_PIN);
  await secrets.close();
  const seeded = await seedCustomer(
    { db, ledger, tokens },
    { phone: customer.phone, pinHash: async () => pinHash, kycTier: customer.kycTier },
  );
  await ledger.transfer({
    from: 'bank_settlement',
    to: seeded.main,
    amountKobo: nairaToKobo(customer.naira),
    reference: `seed-${customer.phone}`,
    type: 'funding',
    narration: 'Seed',
  });
  return seeded;
}
