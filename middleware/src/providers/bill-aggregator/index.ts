/**
 * Bill aggregator (VTpass-like), docs/domain.md "Bill aggregator" and "Cable TV": airtime, data,
 * electricity and cable TV.
 */
export interface Variation {
  variation_code: string;
  name: string;
  variation_amount: string; // naira, as the aggregator sends it
  fixedPrice: 'Yes' | 'No';
}
/** An electricity distribution company (DisCo), sold prepaid and postpaid. */
export interface Disco {
  serviceId: string;
  name: string;
}
export type MeterType = 'prepaid' | 'postpaid';
/**
 * A cable TV provider (docs/domain.md "Cable TV"). Its bouquets are its variations
 * (listVariations(serviceId)); its customers are named by a number of a fixed length.
 */
export interface CableProvider {
  serviceId: string;
  name: string;
  /** Digits in a customer number: smartcard (DStv, StarTimes), IUC (GOtv), phone (Showmax). */
  numberLength: number;
  numberLabel: string;
}
export interface SmartcardVerification {
  customerName: string;
  /** The bouquet the customer pays for now: a variation_code of the provider, and its name. */
  currentBouquetCode: string;
  currentBouquet: string;
  /** The day the current subscription runs out, YYYY-MM-DD (Lagos). */
  dueDate: string;
}
export interface MeterVerification {
  customerName: string;
  address: string;
  meterType: MeterType;
  arrearsKobo: number;
  minimumPurchaseKobo: number;
  canVend: boolean;
}
export type VendStatus = 'delivered' | 'pending' | 'failed';
export interface VendRequest {
  requestId: string; // unique; a duplicate is refused
  serviceId: string; // e.g. 'mtn', 'mtn-data', 'ikeja-electric', 'dstv'
  billersCode: string; // phone (234…), meter number or smartcard number
  /** A data plan's or bouquet's variation_code, or the meter type for electricity. */
  variationCode?: string;
  amountKobo: number;
  phone: string;
}
export interface VendResult {
  requestId: string;
  status: VendStatus;
  /** Prepaid electricity: the 20-digit STS token (digits only; shown 0000-0000-0000-0000-0000). */
  token?: string;
  units?: string;
}
export interface BillAggregator {
  listVariations(serviceId: string): Promise<Variation[]>;
  listDiscos(): Promise<readonly Disco[]>;
  verifyMeter(
    serviceId: string,
    meterNumber: string,
    meterType: MeterType,
  ): Promise<MeterVerification | null>;
  listCableProviders(): Promise<readonly CableProvider[]>;
  /** Null when the provider knows no such customer number. */
  verifySmartcard(
    serviceId: string,
    smartcardNumber: string,
  ): Promise<SmartcardVerification | null>;
  /**
   * Throws DuplicateRequestError for a request id it has seen (nothing is vended again), and any
   * other error when the answer is unknown (timeout, connection lost): the vend may have happened.
   */
  vend(request: VendRequest): Promise<VendResult>;
  /** Null when the aggregator never received that request id. */
  queryStatus(requestId: string): Promise<VendResult | null>;
}

export class DuplicateRequestError extends Error {
  constructor(requestId: string) {
    super(`Duplicate request id ${requestId}`);
    this.name = 'DuplicateRequestError';
  }
}

/** The aggregator did not answer in time: the vend may or may not have happened. */
export class VendTimeoutError extends Error {
  constructor(requestId: string) {
    super(`No answer from the bill aggregator for ${requestId}`);
    this.name = 'VendTimeoutError';
  }
}
