// What the middleware answers on the wallet, history and funding calls (SPEC §3
// Transaction, §7 GET /transactions and POST /transfers/bank-to-wallet). The web app parses every
// response with these (docs/conventions.md §4) and the middleware's route tests check its answers
// against them.
import { TRANSACTION_HISTORY_TYPE } from '@ajo/shared/constants';
import { HISTORY_TYPE_MINI } from '@ajo/shared/messages';
import { nubanSchema } from './money';
import { z } from './zod';

/** GET /transactions?wallet_account_number=&type=mini (SPEC §7, §9 history type fixed to mini). */
export const transactionsQuerySchema = z.strictObject({
  wallet_account_number: nubanSchema,
  type: z.literal(TRANSACTION_HISTORY_TYPE, HISTORY_TYPE_MINI),
});

/** SPEC §3 Transaction: one line of the mini statement; amount in naira, always positive. */
export const transactionSchema = z.object({
  transaction_date: z.string().check(z.minLength(1)),
  // SPEC §9 types ('inter-inward', 'funding', …); an unknown one still renders (raw label, red).
  transaction_type: z.string().check(z.minLength(1)),
  amount: z.number().check(z.gte(0)),
  narration: z.string(),
  // The ledger reference: what a complaint about this line names (POST /transactions/{reference}/disputes).
  reference: z.optional(z.string()),
});
export type Transaction = z.infer<typeof transactionSchema>;

/** GET /transactions?wallet_account_number=&type=mini: latest 20, newest first. */
export const transactionHistoryResponseSchema = z.object({
  transactionHistory: z.array(transactionSchema),
});
export type TransactionHistoryResponse = z.infer<typeof transactionHistoryResponseSchema>;

/** POST /transfers/bank-to-wallet: the card checkout page the browser goes to. */
export const bankToWalletResponseSchema = z.object({ link: z.string().check(z.minLength(1)) });
export type BankToWalletResponse = z.infer<typeof bankToWalletResponseSchema>;

/** POST /sandbox/inbound-transfer (sandbox only): the reference and the naira credited. */
export const inboundTransferResponseSchema = z.object({
  reference: z.string().check(z.minLength(1)),
  credited: z.number().check(z.gt(0)),
});
export type InboundTransferResponse = z.infer<typeof inboundTransferResponseSchema>;
