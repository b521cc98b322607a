// What the middleware answers on the transfer and beneficiary calls (SPEC §3 Bank, Beneficiary,
// Account verification result, Wallet verification response; SPEC §7 "Transfers and
// beneficiaries"). The web app parses every answer with these (docs/conventions.md §4) and the
// middleware's route schemas are these same objects, so the two cannot drift.
import { moneyCallStatusSchema } from './api-money';
import { nubanSchema, walletNumberSchema } from './money';
import { z } from './zod';

const nonEmpty = z.string().check(z.minLength(1));

/** SPEC §3 Bank: code and name. */
export const bankSchema = z.object({ code: nonEmpty, name: nonEmpty });

/** POST /transfers/wallet-to-bank/get-banks: sorted by name, case-insensitively (SPEC §3). */
export const banksResponseSchema = z.object({ bankArray: z.array(bankSchema) });
export type BanksResponse = z.infer<typeof banksResponseSchema>;

/** SPEC §3 "Account verification result" (the reference field's spelling is the wire's). */
export const accountVerificationSchema = z.object({
  beneficiaryAccountName: nonEmpty,
  beneficiaryAccountNumber: nubanSchema,
  beneficiaryNameEnquiryRefrenceNumber: nonEmpty,
  bankVerificationNumber: z.string(),
  kyclevel: z.string(),
  beneficiaryBankCode: nonEmpty,
});

/** POST /transfers/wallet-to-bank/verify-account-number. */
export const verifyAccountResponseSchema = z.object({ account: accountVerificationSchema });
export type VerifyAccountResponse = z.infer<typeof verifyAccountResponseSchema>;

/** POST /transfers/wallet-to-other-wallet/verify-wallet-number: wallet[0] names the receiver. */
export const verifyWalletResponseSchema = z.object({
  wallet: z
    .array(z.object({ firstname: nonEmpty, lastname: nonEmpty, account_no: walletNumberSchema }))
    .check(z.minLength(1)),
});
export type VerifyWalletResponse = z.infer<typeof verifyWalletResponseSchema>;

/** POST /transfers/wallet-to-other-wallet/transfer-funds (200): wallet to wallet settles at once. */
export const walletTransferResponseSchema = z.object({
  message: z.string(),
  transfer: z.object({
    tx_ref: nonEmpty,
    status: z.literal('successful'),
    amount: z.number(),
    receiver_wallet_number: walletNumberSchema,
    receiver_name: z.string(),
  }),
});
export type WalletTransferResponse = z.infer<typeof walletTransferResponseSchema>;

/**
 * POST /transfers/wallet-to-bank/transfer-funds (200): `paymentReference` (SPEC §7) plus the
 * honest state of the money. successful: the bank approved it. pending: the switch has not given
 * a definite answer; the status is asked again and the money comes back if the bank refuses.
 * failed: the bank refused and the money is back in the wallet.
 */
export const bankTransferResponseSchema = z.object({
  message: z.string(),
  paymentReference: nonEmpty,
  status: moneyCallStatusSchema,
  amount: z.number(),
  account_name: z.string(),
  account_number: nubanSchema,
  bank_name: z.string(),
});
export type BankTransferResponse = z.infer<typeof bankTransferResponseSchema>;

/** GET /transfers/wallet-to-bank/{paymentReference}: where a bank transfer stands now. */
export const bankTransferStatusResponseSchema = bankTransferResponseSchema;

/** GET /transfers/limits?wallet_account_number=: the CBN tier limits, shown before they bite. */
export const transferLimitsQuerySchema = z.strictObject({ wallet_account_number: nubanSchema });
export const transferLimitsResponseSchema = z.object({
  tier: z.number().check(z.int(), z.gte(1), z.lte(3)),
  /** Naira the customer may still send today across all their wallets. */
  remainingToday: z.number().check(z.gte(0)),
  dailyLimit: z.number(),
  /** Null at tier 3: no maximum balance. */
  maxBalance: z.nullable(z.number()),
});
export type TransferLimitsResponse = z.infer<typeof transferLimitsResponseSchema>;

/** SPEC §3 Beneficiary as the server sends it (bankName is derived on the client). */
export const beneficiarySchema = z.object({
  id: z.number(),
  name: z.string(),
  recipient_account_number: nonEmpty,
  account_number: nonEmpty,
  account_type: z.string(),
  bank_code: z.nullable(z.string()),
  bank_image: z.nullable(z.string()),
});
export type BeneficiaryRecord = z.infer<typeof beneficiarySchema>;

/** GET /beneficiaries/{walletAccountNumber}. */
export const beneficiariesResponseSchema = z.object({ data: z.array(beneficiarySchema) });
export type BeneficiariesResponse = z.infer<typeof beneficiariesResponseSchema>;

/** POST /beneficiaries/{recipientAccountNumber} (200 means saved). */
export const savedBeneficiaryResponseSchema = z.object({
  message: z.string(),
  data: beneficiarySchema,
});
