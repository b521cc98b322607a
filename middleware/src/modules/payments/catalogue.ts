import type { TelcoCode } from '@ajo/shared/entities';
import { TELCOS } from '@ajo/shared/constants';
import type { Disco, MeterType } from '../../providers/bill-aggregator/index.js';

/** SPEC §3 telco codes → the aggregator's service ids (docs/domain.md "Bill aggregator"). */
const AIRTIME_SERVICE: Record<TelcoCode, string> = {
  mtnng: 'mtn',
  airng: 'airtel',
  glong: 'glo',
  eting: 'etisalat',
};

export interface Network {
  telco: TelcoCode;
  name: string;
  airtimeServiceId: string;
  dataServiceId: string;
}

export const NETWORKS: readonly Network[] = TELCOS.map((t) => ({
  telco: t.code,
  name: t.name,
  airtimeServiceId: AIRTIME_SERVICE[t.code],
  dataServiceId: `${AIRTIME_SERVICE[t.code]}-data`,
}));

export function networkOf(telco: string): Network | undefined {
  return NETWORKS.find((n) => n.telco === telco);
}

/** SPEC §3 service type: one DisCo sold prepaid or postpaid, e.g. 'ikeja-electric-prepaid'. */
export interface ServiceType {
  service_type: string;
  name: string;
  product_id: number;
  serviceId: string;
  discoName: string;
  meterType: MeterType;
}

const METER_TYPES: readonly MeterType[] = ['prepaid', 'postpaid'];
const label = (type: MeterType) => (type === 'prepaid' ? 'Prepaid' : 'Postpaid');

export function serviceTypesOf(discos: readonly Disco[]): ServiceType[] {
  return discos.flatMap((disco, index) =>
    METER_TYPES.map((meterType, typeIndex) => ({
      service_type: `${disco.serviceId}-${meterType}`,
      name: `${disco.name} ${label(meterType)}`,
      product_id: index * METER_TYPES.length + typeIndex + 1,
      serviceId: disco.serviceId,
      discoName: disco.name,
      meterType,
    })),
  );
}

export const meterTypeLabel = label;

/** SPEC §5 airtime limits of the aggregator, in kobo (₦50 to ₦50,000 a vend). */
export const AIRTIME_MIN_KOBO = 50_00;
export const AIRTIME_MAX_KOBO = 50_000_00;

/**
 * One way of naming every data plan, whatever the aggregator calls it ('N100 100MB - 24 hrs',
 * 'Airtel Data - 1,000 Naira - 1.5GB - 30 Days', 'Glo Data N500 - 1.05GB - 14 days'): size,
 * validity and the price in naira with its sign, e.g. '1.5GB, 30 days (₦1,000)'. A name it cannot
 * read keeps its words, with the naira sign for a leading 'N'.
 */
export function dataPlanLabel(raw: string, amountNaira: number): string {
  const price = `₦${amountNaira.toLocaleString('en-NG', { maximumFractionDigits: 2 })}`;
  const size = /(\d+(?:\.\d+)?)\s*(MB|GB|TB)\b/i.exec(raw);
  const validity = /(\d+)\s*(hrs?|hours?|days?|weeks?|months?)\b/i.exec(raw);
  if (!size || !validity) return raw.replace(/\bN(?=\d)/g, '₦');
  const count = Number(validity[1]);
  const unit = (validity[2] ?? '').toLowerCase();
  const named = unit.startsWith('h')
    ? 'hour'
    : unit.startsWith('d')
      ? 'day'
      : unit.startsWith('w')
        ? 'week'
        : 'month';
  return `${size[1]}${(size[2] ?? '').toUpperCase()}, ${count} ${named}${count === 1 ? '' : 's'} (${price})`;
}
