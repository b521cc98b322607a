// The calls of this remote (SPEC §7 "Payments"): the four purchases (money calls through the
// shared four-step flow), the data plans, the DisCos and the meter check, the cable TV providers,
// their bouquets and the smartcard check.
import { IDEMPOTENCY_KEY_HEADER } from '@ajo/shared/constants';
import {
  lookUpAttempt,
  type MoneyRecover,
  type MoneySubmit,
  type MoneySubmitResult,
} from '@ajo/shared/money-flow';
import {
  airtimePurchaseResponseSchema,
  cableBouquetsResponseSchema,
  cableProvidersResponseSchema,
  cableTvPurchaseResponseSchema,
  dataPlansResponseSchema,
  dataPurchaseResponseSchema,
  electricityPurchaseResponseSchema,
  serviceTypesResponseSchema,
  stepUpChallengeSchema,
  verifyMeterResponseSchema,
  verifySmartcardResponseSchema,
  type BillPayment,
  type CableBouquetRecord,
  type CableProviderRecord,
  type DataPlanRecord,
  type ServiceTypesResponse,
  type VerifyMeterResponse,
  type VerifySmartcardResponse,
} from '@ajo/shared/schemas';
import { loadHostApi, loadHostBus } from '@ajo/remote-kit/host';
import { parseResponse } from '@ajo/remote-kit/services';

/** What the status step shows: the server's sentence and the purchase (token, units). */
export interface PurchaseResult {
  message: string;
  transaction: BillPayment;
}

type Payload = Record<string, unknown>;
type Answer = { message: string; transaction: BillPayment; reference: string };

/** The money flow's calls of one purchase screen. */
export interface PurchaseCalls<TDetails> {
  submit: MoneySubmit<TDetails, PurchaseResult>;
  /** What became of a purchase whose answer was lost (GET /money/attempts/{key}). */
  recover: MoneyRecover<TDetails, PurchaseResult>;
}

/**
 * A purchase as the money flow calls it: the body, the PIN (and OTP on the second call) and the
 * attempt's Idempotency-Key; 202 is the step-up challenge, 201 the purchase and where it stands.
 * A purchase whose answer was lost is read back from the server's record the same way.
 */
function purchase<TDetails>(
  url: string,
  toPayload: (details: TDetails) => Payload,
  readAnswer: (data: unknown) => Answer,
): PurchaseCalls<TDetails> {
  const finish = (data: unknown): MoneySubmitResult<PurchaseResult> => {
    const { message, transaction, reference } = readAnswer(data);
    // Balances on screen (sidebar, wallet select) reload: money has left the wallet.
    void loadHostBus()
      .then(({ bus }) => bus.emit({ type: 'wallets-changed' }))
      .catch(() => undefined);
    return {
      kind: 'done',
      status: transaction.status,
      reference,
      details: { message, transaction },
      // Said once, in the status box (a second sentence of the flow's own would repeat it).
      message,
    };
  };
  return {
    async submit({ transaction_pin, otp }, { idempotencyKey, details }) {
      const { api } = await loadHostApi();
      const response = await api.encrypted.post(
        url,
        { ...toPayload(details), transaction_pin, ...(otp ? { otp } : {}) },
        { headers: { [IDEMPOTENCY_KEY_HEADER]: idempotencyKey } },
      );
      if (response.status === 202) {
        return { kind: 'challenge', ...parseResponse(stepUpChallengeSchema, response.data) };
      }
      return finish(response.data);
    },
    async recover({ idempotencyKey }) {
      const { api } = await loadHostApi();
      const found = await lookUpAttempt((path) => api.get(path), idempotencyKey);
      return found.kind === 'answer' ? finish(found.data) : found;
    },
  };
}

/** POST /payments/categories/airtime/buy-airtime: 201 transaction.userReference. */
export const airtimePurchase = <T>(toPayload: (details: T) => Payload) =>
  purchase('/payments/categories/airtime/buy-airtime', toPayload, (data) => {
    const answer = parseResponse(airtimePurchaseResponseSchema, data);
    return { ...answer, reference: answer.transaction.userReference };
  });

/** POST /data/buy-data: 201 transaction.userReference. */
export const dataPurchase = <T>(toPayload: (details: T) => Payload) =>
  purchase('/data/buy-data', toPayload, (data) => {
    const answer = parseResponse(dataPurchaseResponseSchema, data);
    return { ...answer, reference: answer.transaction.userReference };
  });

/** POST /payments/categories/electricity/buy-electricity: 201 transaction.transactionRef. */
export const electricityPurchase = <T>(toPayload: (details: T) => Payload) =>
  purchase('/payments/categories/electricity/buy-electricity', toPayload, (data) => {
    const answer = parseResponse(electricityPurchaseResponseSchema, data);
    return { ...answer, reference: answer.transaction.transactionRef };
  });

/** GET /data/get-data-plans (bearer): every network's plans. */
export async function fetchDataPlans(signal?: AbortSignal): Promise<DataPlanRecord[]> {
  const { api } = await loadHostApi();
  const response = await api.get('/data/get-data-plans', { signal });
  return parseResponse(dataPlansResponseSchema, response.data).data;
}

/** POST /payments/categories/electricity/get-service-types (encrypted, empty). */
export async function fetchServiceTypes(): Promise<ServiceTypesResponse['serviceTypes']> {
  const { api } = await loadHostApi();
  const response = await api.encrypted.post(
    '/payments/categories/electricity/get-service-types',
    {},
  );
  return parseResponse(serviceTypesResponseSchema, response.data).serviceTypes;
}

/** POST /payments/categories/electricity/verify-meter (encrypted): the meter's name and address. */
export async function verifyMeter(
  meterNumber: string,
  serviceType: string,
): Promise<VerifyMeterResponse['meter']> {
  const { api } = await loadHostApi();
  const response = await api.encrypted.post('/payments/categories/electricity/verify-meter', {
    meter_number: meterNumber,
    service_type: serviceType,
  });
  return parseResponse(verifyMeterResponseSchema, response.data).meter;
}

/** POST /payments/categories/cable-tv/buy-cable-tv: 201 transaction.userReference. */
export const cableTvPurchase = <T>(toPayload: (details: T) => Payload) =>
  purchase('/payments/categories/cable-tv/buy-cable-tv', toPayload, (data) => {
    const answer = parseResponse(cableTvPurchaseResponseSchema, data);
    return { ...answer, reference: answer.transaction.userReference };
  });

/** POST /payments/categories/cable-tv/get-providers (encrypted, empty). */
export async function fetchCableProviders(): Promise<CableProviderRecord[]> {
  const { api } = await loadHostApi();
  const response = await api.encrypted.post('/payments/categories/cable-tv/get-providers', {});
  return parseResponse(cableProvidersResponseSchema, response.data).providers;
}

/** POST /payments/categories/cable-tv/get-bouquets (encrypted): one provider's, price in naira. */
export async function fetchCableBouquets(provider: string): Promise<CableBouquetRecord[]> {
  const { api } = await loadHostApi();
  const response = await api.encrypted.post('/payments/categories/cable-tv/get-bouquets', {
    provider,
  });
  return parseResponse(cableBouquetsResponseSchema, response.data).bouquets;
}

/** POST /payments/categories/cable-tv/verify-smartcard (encrypted): name, bouquet, due date. */
export async function verifySmartcard(
  provider: string,
  smartcardNumber: string,
): Promise<VerifySmartcardResponse['customer']> {
  const { api } = await loadHostApi();
  const response = await api.encrypted.post('/payments/categories/cable-tv/verify-smartcard', {
    provider,
    smartcard_number: smartcardNumber,
  });
  return parseResponse(verifySmartcardResponseSchema, response.data).customer;
}
