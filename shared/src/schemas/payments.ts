// SPEC §3 / §5 / §7 airtime, data and electricity forms and payloads, and cable TV's alike.
import { TELCOS } from '@ajo/shared/constants';
import type { TelcoCode } from '../entities';
import {
  BOUQUET_REQUIRED,
  CABLE_PROVIDER_REQUIRED,
  DATA_PLAN_REQUIRED,
  METER_NOT_VERIFIED,
  REQUIRED,
  SERVICE_TYPE_REQUIRED,
  SMARTCARD_NOT_VERIFIED,
  SMARTCARD_NUMBER_INVALID,
  SMARTCARD_NUMBER_LENGTH,
  SMARTCARD_NUMBER_REQUIRED,
  TELCO_REQUIRED,
} from '@ajo/shared/messages';
import { transactionPinSchema, twoFactorOtpSchema } from './codes';
import { amountSchema, meterNumberSchema, requiredString, sourceWalletNumberSchema } from './money';
import { internationalPhoneSchema, phoneSchema, phoneToInternationalSchema } from './phone';
import { apiAmountSchema } from './transfers';
import { z } from './zod';

const telcoCodes = TELCOS.map((t) => t.code) as [TelcoCode, ...TelcoCode[]];
export const telcoSchema = z.enum(telcoCodes, TELCO_REQUIRED);

/** Forms send the local phone; older clients may send the 234 form. The API always gets 234. */
const apiPhoneSchema = z.union([internationalPhoneSchema, phoneToInternationalSchema]);
const optionalOtp = z.optional(twoFactorOtpSchema);

/** SPEC §5 airtime initiate: every field except the PIN. */
export const airtimeFormSchema = z.object({
  wallet_account_number: sourceWalletNumberSchema,
  telco: telcoSchema,
  receiving_phone_number: phoneSchema,
  amount: amountSchema,
});
export type AirtimeFormValues = z.infer<typeof airtimeFormSchema>;

/** SPEC §3 "Airtime details" as the API receives them (otp on the second call). */
export const airtimePayloadSchema = z.object({
  transaction_pin: transactionPinSchema,
  amount: apiAmountSchema,
  wallet_account_number: sourceWalletNumberSchema,
  receiving_phone_number: apiPhoneSchema,
  telco: telcoSchema,
  wallet_name: requiredString(REQUIRED),
  otp: optionalOtp,
});
export type AirtimePayload = z.output<typeof airtimePayloadSchema>;

/** SPEC §5 data initiate: the amount is read-only, set from the chosen plan. */
export const dataFormSchema = z.object({
  wallet_account_number: sourceWalletNumberSchema,
  network: requiredString(TELCO_REQUIRED),
  dataplan: requiredString(DATA_PLAN_REQUIRED),
  phoneNumber: phoneSchema,
  amount: amountSchema,
});
export type DataFormValues = z.infer<typeof dataFormSchema>;

/** SPEC §3 "Data details" as the API receives them. */
export const dataPayloadSchema = z.object({
  transaction_pin: transactionPinSchema,
  amount: apiAmountSchema,
  dataplan: requiredString(DATA_PLAN_REQUIRED),
  phoneNumber: apiPhoneSchema,
  network: requiredString(TELCO_REQUIRED),
  wallet_account_number: sourceWalletNumberSchema,
  wallet_name: requiredString(REQUIRED),
  otp: optionalOtp,
});
export type DataPayload = z.output<typeof dataPayloadSchema>;

/** SPEC §7 verify-meter (encrypted). */
export const verifyMeterPayloadSchema = z.object({
  meter_number: meterNumberSchema,
  service_type: requiredString(SERVICE_TYPE_REQUIRED),
});
export type VerifyMeterPayload = z.infer<typeof verifyMeterPayloadSchema>;

/** SPEC §5 electricity initiate: every field, including the verified account_details. */
export const electricityFormSchema = z.object({
  wallet_account_number: sourceWalletNumberSchema,
  service_type: requiredString(SERVICE_TYPE_REQUIRED),
  meter_number: meterNumberSchema,
  account_details: requiredString(METER_NOT_VERIFIED),
  phone_number: phoneSchema,
  amount: amountSchema,
});
export type ElectricityFormValues = z.infer<typeof electricityFormSchema>;

/** SPEC §3 "Electricity details" as the API receives them. */
export const electricityPayloadSchema = z.object({
  transaction_pin: transactionPinSchema,
  phone_number: apiPhoneSchema,
  amount: apiAmountSchema,
  meter_number: meterNumberSchema,
  service_type: requiredString(SERVICE_TYPE_REQUIRED),
  wallet_account_number: sourceWalletNumberSchema,
  account_details: z.union([
    requiredString(METER_NOT_VERIFIED),
    z.object({ name: z.string(), address: z.string() }),
  ]),
  wallet_name: requiredString(REQUIRED),
  otp: optionalOtp,
});
export type ElectricityPayload = z.output<typeof electricityPayloadSchema>;

/**
 * A cable TV customer number (docs/domain.md "Cable TV"): a DStv smartcard or GOtv IUC number (10
 * digits), a StarTimes smartcard or the phone number of a Showmax account (11). Digits only, so a
 * name such as `__proto__` never reaches a lookup; the provider's own length is checked against
 * the provider chosen (the providers call says it).
 */
export const smartcardNumberSchema = z
  .string(SMARTCARD_NUMBER_REQUIRED)
  .check(
    z.trim(),
    z.minLength(1, { error: SMARTCARD_NUMBER_REQUIRED, abort: true }),
    z.regex(/^\d+$/, { error: SMARTCARD_NUMBER_INVALID, abort: true }),
    z.minLength(10, SMARTCARD_NUMBER_LENGTH),
    z.maxLength(11, SMARTCARD_NUMBER_LENGTH),
  );

/** POST /payments/categories/cable-tv/get-bouquets (encrypted). */
export const cableBouquetsPayloadSchema = z.object({
  provider: requiredString(CABLE_PROVIDER_REQUIRED),
});
export type CableBouquetsPayload = z.infer<typeof cableBouquetsPayloadSchema>;

/** POST /payments/categories/cable-tv/verify-smartcard (encrypted). */
export const verifySmartcardPayloadSchema = z.object({
  provider: requiredString(CABLE_PROVIDER_REQUIRED),
  smartcard_number: smartcardNumberSchema,
});
export type VerifySmartcardPayload = z.infer<typeof verifySmartcardPayloadSchema>;

/**
 * Cable TV initiate, as electricity's: every field, the smartcard validated (customer_name is the
 * name the check answered), and the amount read-only, set from the bouquet.
 */
export const cableTvFormSchema = z.object({
  wallet_account_number: sourceWalletNumberSchema,
  provider: requiredString(CABLE_PROVIDER_REQUIRED),
  smartcard_number: smartcardNumberSchema,
  customer_name: requiredString(SMARTCARD_NOT_VERIFIED),
  bouquet_code: requiredString(BOUQUET_REQUIRED),
  phone_number: phoneSchema,
  amount: amountSchema,
});
export type CableTvFormValues = z.infer<typeof cableTvFormSchema>;

/** Cable TV details as the API receives them (otp on the second call). */
export const cableTvPayloadSchema = z.object({
  transaction_pin: transactionPinSchema,
  wallet_account_number: sourceWalletNumberSchema,
  wallet_name: requiredString(REQUIRED),
  provider: requiredString(CABLE_PROVIDER_REQUIRED),
  smartcard_number: smartcardNumberSchema,
  bouquet_code: requiredString(BOUQUET_REQUIRED),
  amount: apiAmountSchema,
  phone_number: apiPhoneSchema,
  otp: optionalOtp,
});
export type CableTvPayload = z.output<typeof cableTvPayloadSchema>;
