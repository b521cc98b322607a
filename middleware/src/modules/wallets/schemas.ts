import { z } from 'zod/mini';

const WALLET_NUMBER = 'wallet_account_number must be a 10-digit account number';

/** Issue 6 contract 2: GET /transactions?wallet_account_number=&type=mini (SPEC §2 Mini statement). */
export const transactionsQuery = z.strictObject({
  wallet_account_number: z
    .string(WALLET_NUMBER)
    .check(z.trim(), z.regex(/^\d{10}$/, WALLET_NUMBER)),
  type: z.literal('mini', "type must be 'mini'"),
});
