// SPEC §2 / §3 / §5 / §7 wallet-to-wallet, wallet-to-bank and bank-to-wallet forms and payloads.
import { PLATFORM, TRANSFER_CHANNEL_CODE } from '@ajo/shared/constants';
import {
  ACCOUNT_NOT_VERIFIED,
  BANK_REQUIRED,
  BANK_REQUIRED_TO_SAVE_BENEFICIARY,
  RECEIVER_NOT_VERIFIED,
  REQUIRED,
} from '@ajo/shared/messages';
import { transactionPinSchema, twoFactorOtpSchema } from './codes';
import {
  amountSchema,
  amountToNumberSchema,
  amountValueSchema,
  fundedWalletNumberSchema,
  narrationSchema,
  nubanSchema,
  requiredString,
  sourceWalletNumberSchema,
  walletNumberSchema,
} from './money';
import { internationalPhoneSchema, phoneToInternationalSchema } from './phone';
import { z } from './zod';

/** The API accepts an amount as a number or a numeric string, and always works with a number. */
export const apiAmountSchema = z.union([amountValueSchema, amountToNumberSchema]);
const optionalOtp = z.optional(twoFactorOtpSchema);

/** SPEC §2 / §4 wallet-to-wallet initiate: Proceed needs every field except narration. */
export const walletTransferFormSchema = z.object({
  sender_wallet_number: sourceWalletNumberSchema,
  receiver_wallet_number: walletNumberSchema,
  receiver_name: requiredString(RECEIVER_NOT_VERIFIED),
  amount: amountSchema,
  narration: narrationSchema,
  save_beneficiary: z.optional(z.boolean()),
});
export type WalletTransferFormValues = z.infer<typeof walletTransferFormSchema>;

/** SPEC §7 verify-wallet-number (encrypted). */
export const verifyWalletPayloadSchema = z.object({ wallet_account_number: walletNumberSchema });

/** SPEC §3 "Wallet transfer details" as the API receives them; otp on the second call. */
export const walletTransferPayloadSchema = z.object({
  sender_wallet_number: walletNumberSchema,
  wallet_name: requiredString(REQUIRED),
  receiver_wallet_number: walletNumberSchema,
  transfer_amount: apiAmountSchema,
  narration: narrationSchema,
  transaction_pin: transactionPinSchema,
  otp: optionalOtp,
});
export type WalletTransferPayload = z.output<typeof walletTransferPayloadSchema>;

/**
 * SPEC §2 / §5 wallet-to-bank initiate. `bank` is the option value 'code***name' (SPEC §3). Ticking
 * Save Beneficiary without a bank shows the SPEC's own message instead of the generic one.
 */
export const walletToBankFormSchema = z
  .object({
    wallet_account_number: sourceWalletNumberSchema,
    bank: z.string(BANK_REQUIRED),
    account_number: nubanSchema,
    account_name: requiredString(ACCOUNT_NOT_VERIFIED),
    amount: amountSchema,
    narration: narrationSchema,
    save_beneficiary: z.optional(z.boolean()),
  })
  .check(
    z.superRefine((v, ctx) => {
      if (v.bank.trim() !== '') return;
      ctx.addIssue({
        code: 'custom',
        path: ['bank'],
        message: v.save_beneficiary ? BANK_REQUIRED_TO_SAVE_BENEFICIARY : BANK_REQUIRED,
        input: v.bank,
      });
    }),
  );
export type WalletToBankFormValues = z.infer<typeof walletToBankFormSchema>;

/** SPEC §5: saving a beneficiary needs a bank (checked when the box is ticked). */
export const saveBankBeneficiarySchema = z.object({
  bank: requiredString(BANK_REQUIRED_TO_SAVE_BENEFICIARY),
});

/** SPEC §7 verify-account-number (encrypted): channelCode is always '1'. */
export const verifyAccountPayloadSchema = z.object({
  channelCode: z.literal(TRANSFER_CHANNEL_CODE),
  beneficiaryBankCode: requiredString(BANK_REQUIRED),
  beneficiaryAccountNumber: nubanSchema,
});
export type VerifyAccountPayload = z.infer<typeof verifyAccountPayloadSchema>;

/** SPEC §3 "Bank transfer details" + the verification fields + channelCode (SPEC §7). */
export const bankTransferPayloadSchema = z.object({
  transaction_pin: transactionPinSchema,
  account_number: nubanSchema,
  account_name: requiredString(ACCOUNT_NOT_VERIFIED),
  bank_code: requiredString(BANK_REQUIRED),
  amount: apiAmountSchema,
  wallet_account_number: sourceWalletNumberSchema,
  narration: narrationSchema,
  wallet_name: requiredString(REQUIRED),
  channelCode: z.literal(TRANSFER_CHANNEL_CODE),
  beneficiaryAccountName: z.optional(z.string()),
  beneficiaryAccountNumber: z.optional(z.string()),
  beneficiaryNameEnquiryRefrenceNumber: z.optional(z.string()),
  bankVerificationNumber: z.optional(z.string()),
  kyclevel: z.optional(z.string()),
  beneficiaryBankCode: z.optional(z.string()),
  otp: optionalOtp,
});
export type BankTransferPayload = z.output<typeof bankTransferPayloadSchema>;

/** SPEC §5 bank-to-wallet form: wallet, amount and 6-digit PIN required. */
export const bankToWalletFormSchema = z.object({
  wallet_account_number: fundedWalletNumberSchema,
  amount: amountSchema,
  transaction_pin: transactionPinSchema,
});
export type BankToWalletFormValues = z.infer<typeof bankToWalletFormSchema>;

/** SPEC §3 bank-to-wallet payload: amount sent as a number, platform fixed 'web'. */
export const bankToWalletPayloadSchema = z.object({
  wallet_account_number: fundedWalletNumberSchema,
  transfer_amount: amountValueSchema,
  transaction_pin: transactionPinSchema,
  phone_number: z.union([internationalPhoneSchema, phoneToInternationalSchema]),
  platform: z.literal(PLATFORM),
});
export type BankToWalletPayloadValues = z.output<typeof bankToWalletPayloadSchema>;

/** SPEC §7 POST /beneficiaries/{recipientAccountNumber}: plain body. */
export const newBeneficiarySchema = z.object({
  name: requiredString(REQUIRED),
  recipient_account_number: requiredString(REQUIRED),
  account_number: requiredString(REQUIRED),
  account_type: requiredString(REQUIRED),
  bank_code: z.optional(z.nullable(z.string())),
  bank_image: z.optional(z.nullable(z.string())),
});
export type NewBeneficiaryValues = z.infer<typeof newBeneficiarySchema>;
