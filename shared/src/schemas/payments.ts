// SPEC §3 / §5 / §7 airtime, data and electricity forms and payloads.
import { TELCOS } from '@ajo/shared/constants';
import type { TelcoCode } from '../entities';
import {
  DATA_PLAN_REQUIRED,
  METER_NOT_VERIFIED,
  REQUIRED,
  SERVICE_TYPE_REQUIRED,
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
