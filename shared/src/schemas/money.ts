// SPEC §5 transfer and payment field rules: wallet number, NUBAN, amount, narration, meter number.
import {
  AMOUNT_MAX_LENGTH,
  COMMISSION_WALLET_PRODUCT_ID,
  METER_NUMBER_MAX_LENGTH,
  NARRATION_MAX_LENGTH,
  NUBAN_LENGTH,
  WALLET_NUMBER_MAX_LENGTH,
} from '@ajo/shared/constants';
import {
  ACCOUNT_NUMBER_INVALID,
  ACCOUNT_NUMBER_REQUIRED,
  AMOUNT_DECIMALS,
  AMOUNT_INVALID,
  AMOUNT_POSITIVE,
  AMOUNT_REQUIRED,
  AMOUNT_TOO_LONG,
  COMMISSION_WALLET_NOT_ALLOWED,
  METER_NUMBER_REQUIRED,
  METER_NUMBER_TOO_LONG,
  METER_NUMBER_INVALID,
  NARRATION_TOO_LONG,
  SOURCE_WALLET_REQUIRED,
  WALLET_NUMBER_INVALID,
  WALLET_NUMBER_REQUIRED,
  WALLET_REQUIRED,
} from '@ajo/shared/messages';
import { z } from './zod';

/** A required string whose empty value shows `message`. */
export const requiredString = (message: string) =>
  z.string(message).check(z.trim(), z.minLength(1, message));

/** SPEC §5: receiver wallet number, required, max 12, numbers only. */
export const walletNumberSchema = z
  .string(WALLET_NUMBER_REQUIRED)
  .check(
    z.trim(),
    z.minLength(1, { error: WALLET_NUMBER_REQUIRED, abort: true }),
    z.regex(new RegExp(`^\\d{1,${WALLET_NUMBER_MAX_LENGTH}}$`), WALLET_NUMBER_INVALID),
  );

/** SPEC §5 / §9: bank account number, required, NUBAN 10 digits. */
export const nubanSchema = z
  .string(ACCOUNT_NUMBER_REQUIRED)
  .check(
    z.trim(),
    z.minLength(1, { error: ACCOUNT_NUMBER_REQUIRED, abort: true }),
    z.regex(new RegExp(`^\\d{${NUBAN_LENGTH}}$`), ACCOUNT_NUMBER_INVALID),
  );

const NUMERIC = /^-?(\d+\.?\d*|\.\d+)$/;
const AT_MOST_TWO_DECIMALS = /^-?\d*(\.\d{0,2})?$/;

/**
 * SPEC §5 amount as typed in a form: numeric, required, > 0, step 0.01 (at most 2 decimals),
 * max length 10. Each check aborts so the user sees one message at a time.
 */
export const amountSchema = z.string(AMOUNT_REQUIRED).check(
  z.trim(),
  z.minLength(1, { error: AMOUNT_REQUIRED, abort: true }),
  z.regex(NUMERIC, { error: AMOUNT_INVALID, abort: true }),
  z.refine((value: string) => Number(value) > 0, { error: AMOUNT_POSITIVE, abort: true }),
  z.regex(AT_MOST_TWO_DECIMALS, { error: AMOUNT_DECIMALS, abort: true }),
  z.maxLength(AMOUNT_MAX_LENGTH, AMOUNT_TOO_LONG),
);

/** The form amount converted to the number the API receives (SPEC §5 bank-to-wallet). */
export const amountToNumberSchema = z.pipe(
  amountSchema,
  z.transform((value: string) => Number(value)),
);

/**
 * Read from the number's shortest decimal form, the one JSON carried: 0.3 and 1.15 have at most 2
 * decimals; float noise (0.30000000000000004, 10.000000001) and 1e-9 or 5e-324 do not, where a
 * tolerance on value * 100 let them through to the ledger. From 1e21 up the form is exponential,
 * and such a number is a whole one (refused as too long below).
 */
const hasAtMostTwoDecimals = (value: number) =>
  value >= 1e21 || /^\d+(\.\d{1,2})?$/.test(String(value));

/** An amount already sent as a number (API side): finite, > 0, at most 2 decimals. */
export const amountValueSchema = z.number(AMOUNT_INVALID).check(
  z.refine(Number.isFinite, { error: AMOUNT_INVALID, abort: true }),
  z.gt(0, { error: AMOUNT_POSITIVE, abort: true }),
  z.refine(hasAtMostTwoDecimals, AMOUNT_DECIMALS),
  // SPEC §9 max 10 characters: the largest value a 10-character field can hold.
  z.lte(9_999_999_999, AMOUNT_TOO_LONG),
);

/** SPEC §5: narration optional, max 30. */
export const narrationSchema = z.optional(
  z.string().check(z.maxLength(NARRATION_MAX_LENGTH, NARRATION_TOO_LONG)),
);

/** SPEC §5: meter number, required, max 20. */
export const meterNumberSchema = z.string(METER_NUMBER_REQUIRED).check(
  z.trim(),
  z.minLength(1, { error: METER_NUMBER_REQUIRED, abort: true }),
  z.maxLength(METER_NUMBER_MAX_LENGTH, METER_NUMBER_TOO_LONG),
  // Prepaid meters are 11 or 13 digits; postpaid account numbers may carry dashes and slashes.
  // Nothing else, so a name such as `__proto__` never reaches a lookup.
  z.regex(/^\d[\d/-]*$/, METER_NUMBER_INVALID),
);

/** SPEC §5: 'Source wallet required'; the account number of the wallet a payment comes from. */
export const sourceWalletNumberSchema = requiredString(SOURCE_WALLET_REQUIRED);

/** SPEC §5 bank-to-wallet: the wallet to fund (not a source), required. */
export const fundedWalletNumberSchema = requiredString(WALLET_REQUIRED);

/** SPEC §3 / §5: a source wallet must not be the commission wallet (product_id 4). */
export const sourceWalletSchema = z.object({
  account_no: requiredString(SOURCE_WALLET_REQUIRED),
  product_id: z
    .number()
    .check(
      z.refine((id: number) => id !== COMMISSION_WALLET_PRODUCT_ID, COMMISSION_WALLET_NOT_ALLOWED),
    ),
});
