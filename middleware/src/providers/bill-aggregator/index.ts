/** Bill aggregator (VTpass-like), DOMAIN.md "Bill aggregator": airtime, data, electricity. */
export interface Variation {
  variation_code: string;
  name: string;
  variation_amount: string; // naira, as the aggregator sends it
  fixedPrice: 'Yes' | 'No';
}
export interface MeterVerification {
  customerName: string;
  address: string;
  meterType: 'prepaid' | 'postpaid';
  arrearsKobo: number;
  minimumPurchaseKobo: number;
  canVend: boolean;
}
export type VendStatus = 'delivered' | 'pending' | 'failed';
export interface VendRequest {
  requestId: string; // unique; a duplicate is refused
  serviceId: string; // e.g. 'mtn', 'mtn-data', 'ikeja-electric'
  billersCode: string; // phone or meter number
  variationCode?: string;
  amountKobo: number;
  phone: string;
}
export interface VendResult {
  requestId: string;
  status: VendStatus;
  /** Prepaid electricity: 20-digit STS token shown as 0000-0000-0000-0000-0000. */
  token?: string;
  units?: string;
}
export interface BillAggregator {
  listVariations(serviceId: string): Promise<Variation[]>;
  verifyMeter(
    serviceId: string,
    meterNumber: string,
    meterType: 'prepaid' | 'postpaid',
  ): Promise<MeterVerification | null>;
  vend(request: VendRequest): Promise<VendResult>;
  queryStatus(requestId: string): Promise<VendResult | null>;
}

export class DuplicateRequestError extends Error {}
