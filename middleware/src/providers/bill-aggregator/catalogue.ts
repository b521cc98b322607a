/*
 * The sandbox aggregator's catalogue (docs/domain.md "Bill aggregator"): airtime and data per
 * network, the twelve DisCos prepaid and postpaid, and the fixed test numbers the README lists. A
 * real aggregator (VTpass-like) answers the same shapes.
 */
import type { Disco, Variation, VendStatus } from './index.js';

const plans = (prefix: string, rows: Array<[string, string, number]>): Variation[] =>
  rows.map(([code, name, amount]) => ({
    variation_code: `${prefix}-${code}`,
    name,
    variation_amount: amount.toFixed(2),
    fixedPrice: 'Yes',
  }));

/** Data bundles per network, as Nigerian aggregators list them (prices in naira). */
export const DATA_VARIATIONS: Record<string, Variation[]> = {
  'mtn-data': plans('mtn', [
    ['10mb-100', 'N100 100MB - 24 hrs', 100],
    ['500mb-500', 'N500 750MB - 7 days', 500],
    ['1gb-1000', 'N1000 1.5GB - 30 days', 1000],
    ['3gb-1500', 'N1500 3GB - 30 days', 1500],
    ['6gb-2500', 'N2500 6GB - 30 days', 2500],
    ['12gb-3500', 'N3500 12GB - 30 days', 3500],
    ['25gb-6500', 'N6500 25GB - 30 days', 6500],
    ['75gb-15000', 'N15000 75GB - 30 days', 15000],
  ]),
  'airtel-data': plans('airt', [
    ['100', 'Airtel Data - 100 Naira - 75MB - 1Day', 100],
    ['300', 'Airtel Data - 300 Naira - 350MB - 7 Days', 300],
    ['1000', 'Airtel Data - 1,000 Naira - 1.5GB - 30 Days', 1000],
    ['2000', 'Airtel Data - 2,000 Naira - 4.5GB - 30 Days', 2000],
    ['3000', 'Airtel Data - 3,000 Naira - 10GB - 30 Days', 3000],
    ['10000', 'Airtel Data - 10,000 Naira - 40GB - 30 Days', 10000],
  ]),
  'glo-data': plans('glo', [
    ['100', 'Glo Data N100 - 105MB - 2 day', 100],
    ['500', 'Glo Data N500 - 1.05GB - 14 days', 500],
    ['1000', 'Glo Data N1000 - 2.5GB - 30 days', 1000],
    ['2000', 'Glo Data N2000 - 5.8GB - 30 days', 2000],
    ['5000', 'Glo Data N5000 - 18.25GB - 30 days', 5000],
  ]),
  'etisalat-data': plans('eti', [
    ['100', '9mobile 100MB - 1 day', 100],
    ['500', '9mobile 500MB - 30 days', 500],
    ['1000', '9mobile 1.5GB - 30 days', 1000],
    ['2000', '9mobile 4.5GB - 30 days', 2000],
    ['5000', '9mobile 11GB - 30 days', 5000],
  ]),
};

/** docs/domain.md "Bill aggregator": the DisCos, each sold prepaid and postpaid. */
export const DISCOS: readonly Disco[] = [
  { serviceId: 'ikeja-electric', name: 'Ikeja Electric (IKEDC)' },
  { serviceId: 'eko-electric', name: 'Eko Electric (EKEDC)' },
  { serviceId: 'abuja-electric', name: 'Abuja Electric (AEDC)' },
  { serviceId: 'portharcourt-electric', name: 'Port Harcourt Electric (PHED)' },
  { serviceId: 'ibadan-electric', name: 'Ibadan Electric (IBEDC)' },
  { serviceId: 'kano-electric', name: 'Kano Electric (KEDCO)' },
  { serviceId: 'enugu-electric', name: 'Enugu Electric (EEDC)' },
  { serviceId: 'jos-electric', name: 'Jos Electric (JED)' },
  { serviceId: 'benin-electric', name: 'Benin Electric (BEDC)' },
  { serviceId: 'kaduna-electric', name: 'Kaduna Electric (KAEDCO)' },
  { serviceId: 'yola-electric', name: 'Yola Electric (YEDC)' },
  { serviceId: 'aba-electric', name: 'Aba Power' },
];

/** Kobo per kWh the sandbox uses to compute units (a Band A-ish tariff). */
export const SANDBOX_TARIFF_KOBO_PER_KWH = 20_950;
/** The minimum purchase of every sandbox meter without arrears. */
export const DEFAULT_MINIMUM_PURCHASE_KOBO = 100_000;
/** How long a 'pending' test number stays pending before its final outcome (status queries). */
export const SANDBOX_PENDING_SECONDS = 60;

/**
 * What a test number does. `pending-then-*`: pending for SANDBOX_PENDING_SECONDS, then final.
 * `timeout`: the vend is recorded (and delivered) but the answer never reaches the caller.
 */
export type SandboxOutcome =
  'delivered' | 'failed' | 'pending-then-delivered' | 'pending-then-failed' | 'timeout';

export interface SandboxMeter {
  name: string;
  address: string;
  outcome: SandboxOutcome;
  arrearsKobo?: number;
  canVend?: boolean;
}

/** Test meters (README "Sandbox test numbers"); any other number is unknown to the DisCo. */
export const SANDBOX_METERS: Record<string, SandboxMeter> = {
  '1111111111111': {
    name: 'TESTMETER ONE',
    address: '12 Allen Avenue, Ikeja, Lagos',
    outcome: 'delivered',
  },
  '2222222222222': {
    name: 'TESTMETER PENDING',
    address: '5 Wuse Zone 4, Abuja',
    outcome: 'pending-then-delivered',
  },
  '3333333333333': {
    name: 'TESTMETER FAILS',
    address: '7 Aba Road, Port Harcourt',
    outcome: 'failed',
  },
  '4444444444444': {
    name: 'TESTMETER PENDING FAILS',
    address: '22 Ring Road, Ibadan',
    outcome: 'pending-then-failed',
  },
  '5555555555555': {
    name: 'TESTMETER ARREARS',
    address: '3 Zoo Road, Kano',
    outcome: 'delivered',
    arrearsKobo: 150_000,
  },
  '6666666666666': {
    name: 'TESTMETER TIMEOUT',
    address: '9 Ogui Road, Enugu',
    outcome: 'timeout',
  },
  '7777777777777': {
    name: 'TESTMETER DISCONNECTED',
    address: '1 Sapele Road, Benin City',
    outcome: 'failed',
    canVend: false,
  },
};

/**
 * Test phone numbers for airtime and data (234 form, as the aggregator receives them); any other
 * number is delivered.
 */
export const SANDBOX_PHONES: Record<string, SandboxOutcome> = {
  '2348032222222': 'pending-then-delivered',
  '2348033333333': 'failed',
  '2348034444444': 'pending-then-failed',
  '2348036666666': 'timeout',
};

export function outcomeFor(billersCode: string, electricity: boolean): SandboxOutcome {
  if (electricity) return own(SANDBOX_METERS, billersCode)?.outcome ?? 'failed';
  return own(SANDBOX_PHONES, billersCode) ?? 'delivered';
}

/** The status the vend answers first, and the one a later query settles on. */
export function statusesOf(outcome: SandboxOutcome): { first: VendStatus; final: VendStatus } {
  switch (outcome) {
    case 'pending-then-delivered':
      return { first: 'pending', final: 'delivered' };
    case 'pending-then-failed':
      return { first: 'pending', final: 'failed' };
    case 'timeout':
      return { first: 'delivered', final: 'delivered' };
    default:
      return { first: outcome, final: outcome };
  }
}

/**
 * The entry a client's string names in one of these catalogues, or undefined: own properties only,
 * so `__proto__`, `constructor` or `toString` name nothing (never Object.prototype's members).
 */
export function own<T>(catalogue: Record<string, T>, key: string): T | undefined {
  return Object.hasOwn(catalogue, key) ? catalogue[key] : undefined;
}
