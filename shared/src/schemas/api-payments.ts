// What the middleware answers on the payment calls (SPEC §3 airtime, data and electricity
// entities; SPEC §7 "Payments"). The web app parses every answer with these and the middleware's
// route schemas are these same objects, so the two cannot drift.
import { TELCOS } from '@ajo/shared/constants';
import type { TelcoCode } from '../entities';
import { moneyCallStatusSchema } from './api-money';
import { z } from './zod';

const nonEmpty = z.string().check(z.minLength(1));
const telcoCodes = TELCOS.map((t) => t.code) as [TelcoCode, ...TelcoCode[]];

export const PAYMENT_PRODUCTS = ['airtime', 'data', 'electricity'] as const;
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
  /** The network ('MTN') or the DisCo ('Ikeja Electric (IKEDC)'). */
  provider: z.string(),
  /** The phone number (234…) or the meter number. */
  recipient: z.string(),
  /** 'Airtime', the data plan, or 'Prepaid' / 'Postpaid'. */
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
