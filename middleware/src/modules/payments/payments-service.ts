import type {
  BillPayment,
  CableTvPayload,
  DataPlanRecord,
  ElectricityPayload,
  AirtimePayload,
  DataPayload,
} from '@ajo/shared/schemas';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { AppError, notFound } from '../../errors.js';
import { koboToNaira, nairaToKobo } from '../../ledger/index.js';
import type {
  BillAggregator,
  CableProvider,
  MeterVerification,
  SmartcardVerification,
  Variation,
} from '../../providers/bill-aggregator/index.js';
import {
  AIRTIME_MAX_KOBO,
  AIRTIME_MIN_KOBO,
  dataPlanLabel,
  meterTypeLabel,
  NETWORKS,
  networkOf,
  serviceTypesOf,
  type ServiceType,
} from './catalogue.js';
import {
  AGGREGATOR_UNAVAILABLE,
  airtimeAmountOutOfRange,
  belowMinimumPurchase,
  BOUQUET_AMOUNT_CHANGED,
  BOUQUET_UNKNOWN,
  CABLE_PROVIDER_UNKNOWN,
  DATA_PLAN_AMOUNT_CHANGED,
  DATA_PLAN_UNKNOWN,
  METER_CANNOT_VEND,
  METER_NOT_FOUND,
  PAYMENT_NOT_FOUND,
  purchaseMessage,
  SERVICE_TYPE_UNKNOWN,
  SMARTCARD_NOT_FOUND,
  smartcardWrongLength,
} from './messages.js';
import { findPayment, type BillPaymentRow, type VendService } from './vend-service.js';

const naira = (kobo: number) =>
  `₦${Number(koboToNaira(kobo)).toLocaleString('en-NG', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

/** What a money call hands the service. */
interface Call<Body> {
  userId: string;
  reference: string;
  body: Body;
}

const STATUS_OF = { delivered: 'successful', pending: 'pending', failed: 'failed' } as const;

/**
 * The rules of SPEC §5 / §7 "Payments" on top of the aggregator's catalogue: which network, plan
 * or DisCo a call means, what it costs, and the checks a purchase must pass before any money
 * moves. The money itself moves in VendService.
 */
export class PaymentsService {
  constructor(
    private readonly deps: {
      aggregator: BillAggregator;
      vends: VendService;
      db: Kysely<Database>;
    },
  ) {}

  /** GET /data/get-data-plans: every network's plans, SPEC §3 shape. */
  async dataPlans(): Promise<DataPlanRecord[]> {
    const lists = await Promise.all(
      NETWORKS.map(async (network) =>
        (
          await this.aggregator(() => this.deps.aggregator.listVariations(network.dataServiceId))
        ).map((v) => ({
          DATA_PLAN: v.variation_code,
          DATAPLAN_DESC: dataPlanLabel(v.name, Number(v.variation_amount)),
          AMOUNT: Number(v.variation_amount),
          OPERATOR: network.telco,
        })),
      ),
    );
    return lists.flat();
  }

  async serviceTypes(): Promise<ServiceType[]> {
    return serviceTypesOf(await this.aggregator(() => this.deps.aggregator.listDiscos()));
  }

  async verifyMeter(meterNumber: string, serviceType: string) {
    const type = await this.serviceType(serviceType);
    const meter = await this.meter(type, meterNumber);
    return {
      meter: {
        name: meter.customerName,
        address: meter.address,
        meter_type: meter.meterType,
        minimum_amount: Number(koboToNaira(minimumOf(meter))),
        arrears: Number(koboToNaira(meter.arrearsKobo)),
      },
    };
  }

  async buyAirtime({ userId, reference, body }: Call<AirtimePayload>) {
    const network = networkOf(body.telco);
    if (!network) throw new AppError(400, SERVICE_TYPE_UNKNOWN);
    const amountKobo = nairaToKobo(body.amount);
    if (amountKobo < AIRTIME_MIN_KOBO || amountKobo > AIRTIME_MAX_KOBO) {
      throw new AppError(
        422,
        airtimeAmountOutOfRange(naira(AIRTIME_MIN_KOBO), naira(AIRTIME_MAX_KOBO)),
      );
    }
    const row = await this.deps.vends.purchase({
      userId,
      reference,
      walletAccountNumber: body.wallet_account_number,
      product: 'airtime',
      serviceId: network.airtimeServiceId,
      providerName: network.name,
      billersCode: body.receiving_phone_number,
      variationCode: null,
      description: 'Airtime',
      phoneNumber: body.receiving_phone_number,
      amountKobo,
      narration: `${network.name} airtime ${body.receiving_phone_number}`,
    });
    const transaction = receiptOf(row);
    return {
      message: purchaseMessage[transaction.status](row.product),
      transaction: { ...transaction, userReference: row.reference },
    };
  }

  async buyData({ userId, reference, body }: Call<DataPayload>) {
    const network = networkOf(body.network);
    if (!network) throw new AppError(400, SERVICE_TYPE_UNKNOWN);
    const plans = await this.aggregator(() =>
      this.deps.aggregator.listVariations(network.dataServiceId),
    );
    const plan = plans.find((p) => p.variation_code === body.dataplan);
    if (!plan) throw new AppError(422, DATA_PLAN_UNKNOWN);
    const amountKobo = nairaToKobo(body.amount);
    // The amount is read-only on the form, set from the plan: a different one is a stale price.
    if (amountKobo !== nairaToKobo(Number(plan.variation_amount))) {
      throw new AppError(422, DATA_PLAN_AMOUNT_CHANGED);
    }
    const row = await this.deps.vends.purchase({
      userId,
      reference,
      walletAccountNumber: body.wallet_account_number,
      product: 'data',
      serviceId: network.dataServiceId,
      providerName: network.name,
      billersCode: body.phoneNumber,
      variationCode: plan.variation_code,
      description: plan.name,
      phoneNumber: body.phoneNumber,
      amountKobo,
      narration: `${network.name} data ${plan.name} ${body.phoneNumber}`.slice(0, 200),
    });
    const transaction = receiptOf(row);
    return {
      message: purchaseMessage[transaction.status](row.product),
      transaction: { ...transaction, userReference: row.reference },
    };
  }

  async buyElectricity({ userId, reference, body }: Call<ElectricityPayload>) {
    const type = await this.serviceType(body.service_type);
    // The meter is checked again here: the account details in the body are what the form showed,
    // not a proof, and the arrears may have changed since.
    const meter = await this.meter(type, body.meter_number);
    const amountKobo = nairaToKobo(body.amount);
    const minimum = minimumOf(meter);
    if (amountKobo < minimum) {
      throw new AppError(
        422,
        belowMinimumPurchase(
          naira(minimum),
          meter.arrearsKobo > 0 ? naira(meter.arrearsKobo) : null,
        ),
      );
    }
    const row = await this.deps.vends.purchase({
      userId,
      reference,
      walletAccountNumber: body.wallet_account_number,
      product: 'electricity',
      serviceId: type.serviceId,
      providerName: type.discoName,
      billersCode: body.meter_number,
      variationCode: type.meterType,
      description: meterTypeLabel(type.meterType),
      phoneNumber: body.phone_number,
      amountKobo,
      narration: `${type.discoName} ${type.meterType} meter ${body.meter_number}`,
      customerName: meter.customerName,
      customerAddress: meter.address,
    });
    const transaction = receiptOf(row);
    return {
      message: purchaseMessage[transaction.status](row.product),
      transaction: { ...transaction, transactionRef: row.reference },
    };
  }

  /** POST /payments/categories/cable-tv/get-providers. */
  async cableProviders() {
    const providers = await this.aggregator(() => this.deps.aggregator.listCableProviders());
    return providers.map((p) => ({
      code: p.serviceId,
      name: p.name,
      number_label: p.numberLabel,
      number_length: p.numberLength,
    }));
  }

  /** POST /payments/categories/cable-tv/get-bouquets: the provider's bouquets, naira. */
  async cableBouquets(providerCode: string) {
    const provider = await this.cableProvider(providerCode);
    return (await this.bouquetsOf(provider)).map((b) => ({
      code: b.variation_code,
      name: b.name,
      amount: Number(b.variation_amount),
    }));
  }

  /** POST /payments/categories/cable-tv/verify-smartcard. */
  async verifySmartcard(providerCode: string, smartcardNumber: string) {
    const provider = await this.cableProvider(providerCode);
    const customer = await this.smartcard(provider, smartcardNumber);
    return {
      customer: {
        name: customer.customerName,
        current_bouquet: customer.currentBouquet,
        current_bouquet_code: customer.currentBouquetCode,
        due_date: customer.dueDate,
      },
    };
  }

  /**
   * docs/domain.md "Cable TV": renew the current bouquet or change it; either way the bouquet is
   * named by its code and the amount is its price (read-only on the form, so a different amount is
   * a stale price). The smartcard is checked again: the name the form showed is not a proof.
   */
  async buyCableTv({ userId, reference, body }: Call<CableTvPayload>) {
    const provider = await this.cableProvider(body.provider);
    const bouquet = (await this.bouquetsOf(provider)).find(
      (b) => b.variation_code === body.bouquet_code,
    );
    if (!bouquet) throw new AppError(422, BOUQUET_UNKNOWN);
    const amountKobo = nairaToKobo(body.amount);
    if (amountKobo !== nairaToKobo(Number(bouquet.variation_amount))) {
      throw new AppError(422, BOUQUET_AMOUNT_CHANGED);
    }
    const customer = await this.smartcard(provider, body.smartcard_number);
    const row = await this.deps.vends.purchase({
      userId,
      reference,
      walletAccountNumber: body.wallet_account_number,
      product: 'cable-tv',
      serviceId: provider.serviceId,
      providerName: provider.name,
      billersCode: body.smartcard_number,
      variationCode: bouquet.variation_code,
      description: bouquet.name,
      phoneNumber: body.phone_number,
      amountKobo,
      narration: `${bouquet.name} ${body.smartcard_number}`.slice(0, 200),
      customerName: customer.customerName,
    });
    const transaction = receiptOf(row);
    return {
      message: purchaseMessage[transaction.status](row.product),
      transaction: { ...transaction, userReference: row.reference },
    };
  }

  /** GET /payments/transactions/{reference}: the caller's own purchases only. */
  async status(userId: string, reference: string) {
    const row = await findPayment(this.deps.db, reference);
    if (!row || row.user_id !== userId) throw notFound(PAYMENT_NOT_FOUND);
    const transaction = receiptOf(row);
    return { message: purchaseMessage[transaction.status](row.product), transaction };
  }

  private async cableProvider(code: string): Promise<CableProvider> {
    const providers = await this.aggregator(() => this.deps.aggregator.listCableProviders());
    const provider = providers.find((p) => p.serviceId === code);
    if (!provider) throw new AppError(400, CABLE_PROVIDER_UNKNOWN);
    return provider;
  }

  private async bouquetsOf(provider: CableProvider): Promise<Variation[]> {
    return this.aggregator(() => this.deps.aggregator.listVariations(provider.serviceId));
  }

  /** The provider's own length (the shared schema allows 10 or 11 digits for any provider). */
  private async smartcard(
    provider: CableProvider,
    smartcardNumber: string,
  ): Promise<SmartcardVerification> {
    if (smartcardNumber.length !== provider.numberLength) {
      throw new AppError(
        400,
        smartcardWrongLength(provider.numberLabel, provider.name, provider.numberLength),
      );
    }
    const customer = await this.aggregator(() =>
      this.deps.aggregator.verifySmartcard(provider.serviceId, smartcardNumber),
    );
    if (!customer) throw notFound(SMARTCARD_NOT_FOUND);
    return customer;
  }

  private async serviceType(serviceType: string): Promise<ServiceType> {
    const type = (await this.serviceTypes()).find((t) => t.service_type === serviceType);
    if (!type) throw new AppError(400, SERVICE_TYPE_UNKNOWN);
    return type;
  }

  private async meter(type: ServiceType, meterNumber: string): Promise<MeterVerification> {
    const meter = await this.aggregator(() =>
      this.deps.aggregator.verifyMeter(type.serviceId, meterNumber, type.meterType),
    );
    if (!meter) throw notFound(METER_NOT_FOUND);
    if (!meter.canVend) throw new AppError(422, METER_CANNOT_VEND);
    return meter;
  }

  /** A catalogue call the aggregator could not answer: 503, nothing has moved. */
  private async aggregator<T>(call: () => Promise<T>): Promise<T> {
    try {
      return await call();
    } catch {
      throw new AppError(503, AGGREGATOR_UNAVAILABLE);
    }
  }
}

/**
 * docs/domain.md "Bill aggregator": a meter with arrears takes the minimum purchase on top of them.
 */
function minimumOf(meter: MeterVerification): number {
  return meter.minimumPurchaseKobo + meter.arrearsKobo;
}

export function receiptOf(row: BillPaymentRow): BillPayment {
  return {
    reference: row.reference,
    product: row.product,
    status: STATUS_OF[row.status],
    amount: Number(koboToNaira(row.amount_kobo)),
    provider: row.provider_name,
    recipient: row.billers_code,
    description: row.description,
    token: row.token,
    units: row.units,
    created_at: row.created_at.toISOString(),
  };
}
