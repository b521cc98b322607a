import { randomInt } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import {
  CABLE_BOUQUETS,
  CABLE_PROVIDERS,
  cableOutcomeFor,
  DATA_VARIATIONS,
  DEFAULT_MINIMUM_PURCHASE_KOBO,
  DISCOS,
  isCableService,
  outcomeFor,
  own,
  SANDBOX_METERS,
  SANDBOX_SMARTCARDS,
  SANDBOX_PENDING_SECONDS,
  SANDBOX_TARIFF_KOBO_PER_KWH,
  statusesOf,
} from './catalogue.js';
import {
  DuplicateRequestError,
  VendTimeoutError,
  type BillAggregator,
  type MeterType,
  type MeterVerification,
  type SmartcardVerification,
  type VendRequest,
  type VendResult,
  type VendStatus,
} from './index.js';

function stsToken(): string {
  return Array.from({ length: 20 }, () => randomInt(10)).join('');
}

const isElectricity = (serviceId: string) => serviceId.endsWith('-electric');

/** What a test number does for the service it is vended on. */
const outcomeOf = (serviceId: string, billersCode: string) =>
  isCableService(serviceId)
    ? cableOutcomeFor(serviceId, billersCode)
    : outcomeFor(billersCode, isElectricity(serviceId));

const DAY_MS = 24 * 60 * 60 * 1000;
/** Lagos is UTC+1 all year: a Lagos calendar day, YYYY-MM-DD. */
const lagosDay = (at: Date) => new Date(at.getTime() + 60 * 60 * 1000).toISOString().slice(0, 10);

/** What a delivered vend hands over: a token and units for prepaid electricity, else nothing. */
function deliveryOf(
  serviceId: string,
  billersCode: string,
  variationCode: string | null,
  amountKobo: number,
) {
  if (!isElectricity(serviceId) || variationCode === 'postpaid')
    return { token: null, units: null };
  const arrears = own(SANDBOX_METERS, billersCode)?.arrearsKobo ?? 0;
  const units = (Math.max(0, amountKobo - arrears) / SANDBOX_TARIFF_KOBO_PER_KWH).toFixed(1);
  return { token: stsToken(), units };
}

/**
 * The sandbox aggregator. Vend requests live in `sandbox_vend_requests`, so a duplicate request id
 * is refused and a status query answered whichever instance took the original. Test numbers
 * (catalogue.ts, README "Sandbox"), meters, phones and smartcards alike, give every outcome: delivered, failed, pending for
 * SANDBOX_PENDING_SECONDS then delivered or failed, and a timeout (delivered, answer lost).
 */
export class SandboxBillAggregator implements BillAggregator {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly now: () => Date = () => new Date(),
  ) {}

  async listVariations(serviceId: string) {
    return own(DATA_VARIATIONS, serviceId) ?? own(CABLE_BOUQUETS, serviceId) ?? [];
  }

  async listCableProviders() {
    return CABLE_PROVIDERS;
  }

  async verifySmartcard(
    serviceId: string,
    smartcardNumber: string,
  ): Promise<SmartcardVerification | null> {
    const card = own(SANDBOX_SMARTCARDS, smartcardNumber);
    if (!card || card.serviceId !== serviceId) return null;
    const bouquet = own(CABLE_BOUQUETS, serviceId)?.find((b) => b.variation_code === card.bouquet);
    if (!bouquet) return null;
    return {
      customerName: card.name,
      currentBouquetCode: bouquet.variation_code,
      currentBouquet: bouquet.name,
      dueDate: lagosDay(new Date(this.now().getTime() + card.dueInDays * DAY_MS)),
    };
  }

  async listDiscos() {
    return DISCOS;
  }

  async verifyMeter(
    serviceId: string,
    meterNumber: string,
    meterType: MeterType,
  ): Promise<MeterVerification | null> {
    const meter = own(SANDBOX_METERS, meterNumber);
    if (!meter || !DISCOS.some((d) => d.serviceId === serviceId)) return null;
    return {
      customerName: meter.name,
      address: meter.address,
      meterType,
      arrearsKobo: meter.arrearsKobo ?? 0,
      minimumPurchaseKobo: DEFAULT_MINIMUM_PURCHASE_KOBO,
      canVend: meter.canVend ?? true,
    };
  }

  async vend(request: VendRequest): Promise<VendResult> {
    const outcome = outcomeOf(request.serviceId, request.billersCode);
    const { first } = statusesOf(outcome);
    const delivery =
      first === 'delivered'
        ? deliveryOf(
            request.serviceId,
            request.billersCode,
            request.variationCode ?? null,
            request.amountKobo,
          )
        : { token: null, units: null };
    const recorded = await this.db
      .insertInto('sandbox_vend_requests')
      .values({
        request_id: request.requestId,
        service_id: request.serviceId,
        billers_code: request.billersCode,
        variation_code: request.variationCode ?? null,
        amount_kobo: request.amountKobo,
        status: first,
        ...delivery,
        created_at: this.now(),
      })
      .onConflict((oc) => oc.column('request_id').doNothing())
      .returning('request_id')
      .executeTakeFirst();
    if (!recorded) throw new DuplicateRequestError(request.requestId);
    if (outcome === 'timeout') throw new VendTimeoutError(request.requestId);
    return resultOf(request.requestId, first, delivery);
  }

  async queryStatus(requestId: string): Promise<VendResult | null> {
    const row = await this.db
      .selectFrom('sandbox_vend_requests')
      .selectAll()
      .where('request_id', '=', requestId)
      .executeTakeFirst();
    if (!row) return null;
    const waited = this.now().getTime() - row.created_at.getTime();
    if (row.status !== 'pending' || waited < SANDBOX_PENDING_SECONDS * 1000) {
      return resultOf(requestId, row.status, row);
    }
    // The pending test numbers settle after SANDBOX_PENDING_SECONDS; the first query to see it
    // decides, and every later one reads the same answer.
    const { final } = statusesOf(outcomeOf(row.service_id, row.billers_code));
    const delivery =
      final === 'delivered'
        ? deliveryOf(row.service_id, row.billers_code, row.variation_code, row.amount_kobo)
        : { token: null, units: null };
    await this.db
      .updateTable('sandbox_vend_requests')
      .set({ status: final, ...delivery })
      .where('request_id', '=', requestId)
      .where('status', '=', 'pending')
      .execute();
    return this.queryStatus(requestId);
  }
}

function resultOf(
  requestId: string,
  status: VendStatus,
  delivery: { token: string | null; units: string | null },
): VendResult {
  return {
    requestId,
    status,
    ...(delivery.token ? { token: delivery.token } : {}),
    ...(delivery.units ? { units: delivery.units } : {}),
  };
}
