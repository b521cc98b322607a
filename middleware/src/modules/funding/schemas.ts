import { z } from 'zod/mini';

const WALLET_NUMBER = 'wallet_account_number must be a 10-digit account number';
const AMOUNT = 'amount must be more than 0 with at most 2 decimals';

const hasAtMostTwoDecimals = (value: number) =>
  Math.abs(value * 100 - Math.round(value * 100)) < 1e-6;

/** Naira as a number: > 0, at most 2 decimals, at most 10 characters' worth (SPEC §5, §9). */
const nairaAmount = (field: string) =>
  z
    .number(`${field} must be a number`)
    .check(
      z.refine(Number.isFinite, AMOUNT),
      z.gt(0, AMOUNT),
      z.refine(hasAtMostTwoDecimals, AMOUNT),
      z.lte(9_999_999_999, AMOUNT),
    );

const accountNumber = (message: string) =>
  z.string(message).check(z.trim(), z.regex(/^\d{10}$/, message));

/** Issue 6 contract 4 (SPEC §3 bank-to-wallet payload). */
export const bankToWalletBody = z.strictObject({
  wallet_account_number: accountNumber(WALLET_NUMBER),
  transfer_amount: nairaAmount('transfer_amount'),
  transaction_pin: z
    .string('transaction_pin is required')
    .check(z.regex(/^\d{6}$/, 'transaction_pin must be 6 digits')),
  phone_number: z.string('phone_number is required').check(z.trim(), z.minLength(1)),
  platform: z.literal('web', "platform must be 'web'"),
});

const text = (field: string) =>
  z.string(`${field} is required`).check(z.trim(), z.minLength(1), z.maxLength(80));

/** Issue 6 contract 3: the sandbox bank switch's inbound credit. */
export const inboundTransferBody = z.strictObject({
  account_number: accountNumber('account_number must be a 10-digit account number'),
  amount: nairaAmount('amount'),
  sender_name: text('sender_name'),
  sender_bank: text('sender_bank'),
  reference: z.optional(
    z
      .string()
      .check(
        z.trim(),
        z.regex(/^[A-Za-z0-9._:-]{1,64}$/, 'reference must be 1-64 letters, digits or ._:-'),
      ),
  ),
});

export const checkoutParams = z.strictObject({ sessionId: z.string().check(z.maxLength(64)) });
