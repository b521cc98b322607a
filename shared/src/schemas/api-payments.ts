// What the middleware answers on the payment calls (SPEC §3 airtime, data and electricity
// entities; SPEC §7 "Payments"). The web app parses every answer with these and the middleware's
// route schemas are these same objects, so the two cannot drift.
import { TELCOS } from '@ajo/shared/constants';
import type { TelcoCode } from '../entities';
import { moneyCallStatusSchema } from './api-money';
import { z } from './zod';

const nonEmpty = z.string().check(z.minLength(1));
const telcoCodes = TELCOS.map((t) => t.code) as [TelcoCode, ...TelcoCode[]];

export const PAYMENT_PRODUCTS = ['airtime', 'data', 'electricity', 'cable-tv'] as const;
export type PaymentProduct = (typeof PAYMENT_PRODUCTS)[number];

/**
 * One purchase and where it stands. successful: delivered. pending: the aggregator has not given
 * a definite answer; it is asked again and the money comes back if the vend fails. failed: the
 * money is back in the wallet (a reversal entry in the history).
 */
export const billPaymentSchema = z.object({
  reference: nonEmpty,
  product: z.enum(PAYMENT_PRODUCTS),
  status: moneyCallStatusSchema,
  /** Naira. */
  amount: z.number(),
  /** The network ('MTN'), the DisCo ('Ikeja Electric (IKEDC)') or the cable TV provider ('DStv'). */
  provider: z.string(),
  /** The phone number (234…), the meter number or the smartcard number. */
  recipient: z.string(),
  /** 'Airtime', the data plan, 'Prepaid' / 'Postpaid', or the bouquet ('DStv Compact'). */
  description: z.string(),
  /** Prepaid electricity once delivered: the 20-digit token, digits only. */
  token: z.nullable(z.string().check(z.regex(/^\d{20}$/))),
  /** kWh, with the token. */
  units: z.nullable(z.string()),
  created_at: z.string(),
});
export type BillPayment = z.infer<typeof billPaymentSchema>;

/** POST /payments/categories/airtime/buy-airtime and POST /data/buy-data (201, SPEC §7). */
export const airtimePurchaseResponseSchema = z.object({
  message: z.string(),
  transaction: z.extend(billPaymentSchema, { userReference: nonEmpty }),
});
export type AirtimePurchaseResponse = z.infer<typeof airtimePurchaseResponseSchema>;
export const dataPurchaseResponseSchema = airtimePurchaseResponseSchema;
export type DataPurchaseResponse = AirtimePurchaseResponse;

/** POST /payments/categories/electricity/buy-electricity (201, SPEC §7). */
export const electricityPurchaseResponseSchema = z.object({
  message: z.string(),
  transaction: z.extend(billPaymentSchema, { transactionRef: nonEmpty }),
});
export type ElectricityPurchaseResponse = z.infer<typeof electricityPurchaseResponseSchema>;

/** GET /payments/transactions/{reference}: where a purchase stands now (a pending one settles). */
export const billPaymentStatusResponseSchema = z.object({
  message: z.string(),
  transaction: billPaymentSchema,
});
export type BillPaymentStatusResponse = z.infer<typeof billPaymentStatusResponseSchema>;

/** SPEC §3 data plan (the aggregator's upper-case names); OPERATOR is the telco code. */
export const dataPlanSchema = z.object({
  DATA_PLAN: nonEmpty,
  DATAPLAN_DESC: nonEmpty,
  AMOUNT: z.number(),
  OPERATOR: z.enum(telcoCodes),
});
export type DataPlanRecord = z.infer<typeof dataPlanSchema>;

/** GET /data/get-data-plans. */
export const dataPlansResponseSchema = z.object({ data: z.array(dataPlanSchema) });
export type DataPlansResponse = z.infer<typeof dataPlansResponseSchema>;

/** SPEC §3 service type: one DisCo, prepaid or postpaid. */
export const serviceTypeSchema = z.object({
  service_type: nonEmpty,
  name: nonEmpty,
  product_id: z.number(),
});

/** POST /payments/categories/electricity/get-service-types. */
export const serviceTypesResponseSchema = z.object({ serviceTypes: z.array(serviceTypeSchema) });
export type ServiceTypesResponse = z.infer<typeof serviceTypesResponseSchema>;

/**
 * POST /payments/categories/electricity/verify-meter: SPEC §3 meter result (name, address) plus
 * what a meter check returns (docs/domain.md "Bill aggregator"): the smallest purchase the meter
 * accepts (naira, arrears included) and the arrears.
 */
export const verifyMeterResponseSchema = z.object({
  meter: z.object({
    name: nonEmpty,
    address: z.string(),
    meter_type: z.enum(['prepaid', 'postpaid']),
    minimum_amount: z.number(),
    arrears: z.number(),
  }),
});
export type VerifyMeterResponse = z.infer<typeof verifyMeterResponseSchema>;

/**
 * POST /payments/categories/cable-tv/get-providers (docs/domain.md "Cable TV"): code and name,
 * and what the provider calls its customer number and how many digits it has, so a form can check
 * it before asking.
 */
export const cableProvidersResponseSchema = z.object({
  providers: z.array(
    z.object({
      code: nonEmpty,
      name: nonEmpty,
      number_label: nonEmpty,
      number_length: z.number(),
    }),
  ),
});
export type CableProvidersResponse = z.infer<typeof cableProvidersResponseSchema>;
export type CableProviderRecord = CableProvidersResponse['providers'][number];

/** POST /payments/categories/cable-tv/get-bouquets: the provider's bouquets, price in naira. */
export const cableBouquetsResponseSchema = z.object({
  bouquets: z.array(z.object({ code: nonEmpty, name: nonEmpty, amount: z.number() })),
});
export type CableBouquetsResponse = z.infer<typeof cableBouquetsResponseSchema>;
export type CableBouquetRecord = CableBouquetsResponse['bouquets'][number];

/**
 * POST /payments/categories/cable-tv/verify-smartcard: the customer's name, the bouquet paid for
 * now (its code, to renew it) and the day it runs out (YYYY-MM-DD).
 */
export const verifySmartcardResponseSchema = z.object({
  customer: z.object({
    name: nonEmpty,
    current_bouquet: nonEmpty,
    current_bouquet_code: nonEmpty,
    due_date: z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}$/)),
  }),
});
export type VerifySmartcardResponse = z.infer<typeof verifySmartcardResponseSchema>;

/** POST /payments/categories/cable-tv/buy-cable-tv (201). */
export const cableTvPurchaseResponseSchema = airtimePurchaseResponseSchema;
export type CableTvPurchaseResponse = AirtimePurchaseResponse;
