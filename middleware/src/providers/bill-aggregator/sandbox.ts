import { randomInt } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import {
  DuplicateRequestError,
  type BillAggregator,
  type MeterVerification,
  type VendRequest,
  type VendResult,
  type Variation,
} from './index.js';

const plans = (network: string, rows: Array<[string, string, number]>): Variation[] =>
  rows.map(([code, name, amount]) => ({
    variation_code: `${network}-${code}`,
    name,
    variation_amount: amount.toFixed(2),
    fixedPrice: 'Yes',
  }));

const VARIATIONS: Record<string, Variation[]> = {
  'mtn-data': plans('mtn', [
    ['10mb-100', 'N100 100MB - 24 hrs', 100],
    ['1gb-1000', 'N1000 1.5GB - 30 days', 1000],
  ]),
  'airtel-data': plans('airt', [
    ['100', 'Airtel Data - 100 Naira - 75MB - 1Day', 100],
    ['1000', 'Airtel Data - 1,000 Naira - 1.5GB - 30 Days', 1000],
  ]),
  'glo-data': plans('glo', [
    ['100', 'Glo Data N100 - 105MB - 2 day', 100],
    ['1000', 'Glo Data N1000 - 2.5GB - 30 days', 1000],
  ]),
  'etisalat-data': plans('eti', [
    ['100', '9mobile 100MB - 1 day', 100],
    ['1000', '9mobile 1.5GB - 30 days', 1000],
  ]),
};

/** Test meters (README): success, pending, failure; any other number is unknown. */
export const SANDBOX_METERS: Record<
  string,
  { name: string; address: string; outcome: VendResult['status'] }
> = {
  '1111111111111': {
    name: 'TESTMETER ONE',
    address: '12 Allen Avenue, Ikeja, Lagos',
    outcome: 'delivered',
  },
  '2222222222222': {
    name: 'TESTMETER PENDING',
    address: '5 Wuse Zone 4, Abuja',
    outcome: 'pending',
  },
  '3333333333333': {
    name: 'TESTMETER FAILS',
    address: '7 Aba Road, Port Harcourt',
    outcome: 'failed',
  },
};

function stsToken(): string {
  const digits = Array.from({ length: 20 }, () => randomInt(10)).join('');
  return digits.replace(/(\d{4})(?=\d)/g, '$1-');
}

/**
 * Vend requests live in `sandbox_vend_requests`: a duplicate request id is refused and a status
 * query answered whichever instance took the original.
 */
export class SandboxBillAggregator implements BillAggregator {
  constructor(private readonly db: Kysely<Database>) {}

  async listVariations(serviceId: string) {
    return VARIATIONS[serviceId] ?? [];
  }

  async verifyMeter(
    _serviceId: string,
    meterNumber: string,
    meterType: 'prepaid' | 'postpaid',
  ): Promise<MeterVerification | null> {
    const meter = SANDBOX_METERS[meterNumber];
    if (!meter) return null;
    return {
      customerName: meter.name,
      address: meter.address,
      meterType,
      arrearsKobo: 0,
      minimumPurchaseKobo: 100_000,
      canVend: true,
    };
  }

  async vend(request: VendRequest): Promise<VendResult> {
    const meter = SANDBOX_METERS[request.billersCode];
    const electricity = request.serviceId.endsWith('-electric');
    const status = electricity ? (meter?.outcome ?? 'failed') : 'delivered';
    const prepaid = electricity && request.variationCode !== 'postpaid';
    const result: VendResult = {
      requestId: request.requestId,
      status,
      ...(status === 'delivered' && prepaid
        ? { token: stsToken(), units: (request.amountKobo / 100 / 68).toFixed(1) }
        : {}),
    };
    const recorded = await this.db
      .insertInto('sandbox_vend_requests')
      .values({
        request_id: request.requestId,
        service_id: request.serviceId,
        billers_code: request.billersCode,
        amount_kobo: request.amountKobo,
        status,
        token: result.token ?? null,
        units: result.units ?? null,
      })
      .onConflict((oc) => oc.column('request_id').doNothing())
      .returning('request_id')
      .executeTakeFirst();
    if (!recorded) throw new DuplicateRequestError(`Duplicate request id ${request.requestId}`);
    return result;
  }

  async queryStatus(requestId: string): Promise<VendResult | null> {
    const row = await this.db
      .selectFrom('sandbox_vend_requests')
      .select(['request_id', 'status', 'token', 'units'])
      .where('request_id', '=', requestId)
      .executeTakeFirst();
    if (!row) return null;
    return {
      requestId: row.request_id,
      status: row.status,
      ...(row.token ? { token: row.token } : {}),
      ...(row.units ? { units: row.units } : {}),
    };
  }
}
