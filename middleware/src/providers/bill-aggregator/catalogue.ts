/*
 * The sandbox aggregator's catalogue (docs/domain.md "Bill aggregator", "Cable TV"): airtime and
 * data per network, the twelve DisCos prepaid and postpaid, the four cable TV providers and their
 * bouquets, and the fixed test numbers the README lists. A real aggregator (VTpass-like) answers
 * the same shapes.
 */
import type { CableProvider, Disco, Variation, VendStatus } from './index.js';

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

/**
 * docs/domain.md "Cable TV": DStv smartcards and GOtv IUC numbers are 10 digits, StarTimes
 * smartcards 11. Showmax has no smartcard: a subscription belongs to the account's phone number,
 * which the aggregator takes as the customer number, so it is 11 digits in the local form (0 plus
 * 10).
 */
export const CABLE_PROVIDERS: readonly CableProvider[] = [
  { serviceId: 'dstv', name: 'DStv', numberLength: 10, numberLabel: 'Smartcard number' },
  { serviceId: 'gotv', name: 'GOtv', numberLength: 10, numberLabel: 'IUC number' },
  { serviceId: 'startimes', name: 'StarTimes', numberLength: 11, numberLabel: 'Smartcard number' },
  { serviceId: 'showmax', name: 'Showmax', numberLength: 11, numberLabel: 'Phone number' },
];

/**
 * Monthly bouquets and their prices in naira, close to the providers' 2025 price lists (bouquet
 * names and prices change with each review: data, not code).
 */
export const CABLE_BOUQUETS: Record<string, Variation[]> = {
  dstv: plans('dstv', [
    ['padi', 'DStv Padi', 4400],
    ['yanga', 'DStv Yanga', 6000],
    ['confam', 'DStv Confam', 11000],
    ['compact', 'DStv Compact', 19000],
    ['compact-plus', 'DStv Compact Plus', 30000],
    ['premium', 'DStv Premium', 44500],
  ]),
  gotv: plans('gotv', [
    ['smallie', 'GOtv Smallie', 1900],
    ['jinja', 'GOtv Jinja', 3900],
    ['jolli', 'GOtv Jolli', 5800],
    ['max', 'GOtv Max', 8500],
    ['supa', 'GOtv Supa', 11400],
    ['supa-plus', 'GOtv Supa+', 16800],
  ]),
  startimes: plans('startimes', [
    ['nova', 'StarTimes Nova', 2100],
    ['basic', 'StarTimes Basic', 4000],
    ['smart', 'StarTimes Smart', 5100],
    ['classic', 'StarTimes Classic', 6000],
    ['super', 'StarTimes Super', 9800],
  ]),
  showmax: plans('showmax', [
    ['mobile', 'Showmax Mobile', 3500],
    ['pro', 'Showmax Pro', 8400],
  ]),
};

export interface SandboxSmartcard {
  serviceId: string;
  name: string;
  /** A variation_code of the provider's bouquets. */
  bouquet: string;
  /** Days from today to the end of the current subscription (negative: already lapsed). */
  dueInDays: number;
  outcome: SandboxOutcome;
}

/**
 * Test customer numbers (README "Sandbox test numbers"), each known to one provider; any other
 * number, or a number asked of another provider, is unknown.
 */
export const SANDBOX_SMARTCARDS: Record<string, SandboxSmartcard> = {
  '7011111111': {
    serviceId: 'dstv',
    name: 'TESTCARD DELIVERED',
    bouquet: 'dstv-compact',
    dueInDays: 3,
    outcome: 'delivered',
  },
  '7022222222': {
    serviceId: 'dstv',
    name: 'TESTCARD PENDING',
    bouquet: 'dstv-confam',
    dueInDays: 10,
    outcome: 'pending-then-delivered',
  },
  '7033333333': {
    serviceId: 'dstv',
    name: 'TESTCARD FAILS',
    bouquet: 'dstv-yanga',
    dueInDays: -2,
    outcome: 'failed',
  },
  '7044444444': {
    serviceId: 'dstv',
    name: 'TESTCARD PENDING FAILS',
    bouquet: 'dstv-padi',
    dueInDays: 1,
    outcome: 'pending-then-failed',
  },
  '7066666666': {
    serviceId: 'dstv',
    name: 'TESTCARD TIMEOUT',
    bouquet: 'dstv-premium',
    dueInDays: 5,
    outcome: 'timeout',
  },
  '8011111111': {
    serviceId: 'gotv',
    name: 'TESTIUC DELIVERED',
    bouquet: 'gotv-jolli',
    dueInDays: 7,
    outcome: 'delivered',
  },
  '8033333333': {
    serviceId: 'gotv',
    name: 'TESTIUC FAILS',
    bouquet: 'gotv-max',
    dueInDays: 0,
    outcome: 'failed',
  },
  '02111111111': {
    serviceId: 'startimes',
    name: 'TESTSTAR DELIVERED',
    bouquet: 'startimes-classic',
    dueInDays: 12,
    outcome: 'delivered',
  },
  '08051111111': {
    serviceId: 'showmax',
    name: 'TESTSHOWMAX DELIVERED',
    bouquet: 'showmax-mobile',
    dueInDays: 20,
    outcome: 'delivered',
  },
};

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

/**
 * What a cable TV vend does: a test number's outcome for its own provider; any other number fails
 * (the provider refuses a customer it does not know).
 */
export function cableOutcomeFor(serviceId: string, smartcardNumber: string): SandboxOutcome {
  const card = own(SANDBOX_SMARTCARDS, smartcardNumber);
  return card && card.serviceId === serviceId ? card.outcome : 'failed';
}

export const isCableService = (serviceId: string) =>
  CABLE_PROVIDERS.some((p) => p.serviceId === serviceId);

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
