// SPEC §3 airtime, data and electricity entities.

/** SPEC §3 telcos (code, name). */
export type TelcoCode = 'mtnng' | 'airng' | 'glong' | 'eting';

export interface Telco {
  code: TelcoCode;
  name: 'MTN' | 'AIRTEL' | 'GLO' | '9MOBILE';
}

export interface AirtimeDetails {
  transaction_pin: string;
  amount: number | string;
  wallet_account_number: string;
  receiving_phone_number: string;
  telco: TelcoCode;
  wallet_name: string;
  otp?: string;
}

/** SPEC §3 data plan, upper-case field names as the aggregator sends them. */
export interface DataPlan {
  DATA_PLAN: string;
  DATAPLAN_DESC: string;
  AMOUNT: number | string;
  OPERATOR: string;
}

export interface DataDetails {
  transaction_pin: string;
  amount: number | string;
  /** The plan id (DATA_PLAN). */
  dataplan: string;
  phoneNumber: string;
  network: string;
  wallet_account_number: string;
  wallet_name: string;
  otp?: string;
}

export interface ElectricityServiceType {
  service_type: string;
  name: string;
  product_id: number | string;
}

export interface MeterResult {
  name: string;
  address: string;
}

export interface ElectricityDetails {
  transaction_pin: string;
  phone_number: string;
  amount: number | string;
  meter_number: string;
  service_type: string;
  wallet_account_number: string;
  /** The verified meter result (SPEC §5: Proceed needs it). */
  account_details: MeterResult | string;
  wallet_name: string;
  otp?: string;
}
