import {
  airtimePurchaseResponseSchema,
  billPaymentStatusResponseSchema,
  cableBouquetsResponseSchema,
  cableProvidersResponseSchema,
  cableTvPurchaseResponseSchema,
  dataPlansResponseSchema,
  dataPurchaseResponseSchema,
  electricityPurchaseResponseSchema,
  serviceTypesResponseSchema,
  verifyMeterResponseSchema,
  verifySmartcardResponseSchema,
} from '@ajo/shared/schemas';
import type { FastifyInstance } from 'fastify';
import type { Api } from '../../http/api.js';
import { errors } from '../../http/responses.js';
import { moneyRoute } from '../../money/money-route.js';
import { assertOwnsWallet, currentUser } from '../../plugins/auth.js';
import { PaymentsService } from './payments-service.js';
import {
  airtimeBody,
  cableBouquetsBody,
  cableProvidersBody,
  cableTvBody,
  dataBody,
  electricityBody,
  noQuery,
  paymentParams,
  serviceTypesBody,
  verifyMeterBody,
  verifySmartcardBody,
} from './schemas.js';
import { VendService } from './vend-service.js';
import { registerVendStatusJobs } from './vend-status-jobs.js';

function vendServiceOf(app: FastifyInstance): VendService {
  return new VendService({
    db: app.db,
    clock: app.clock,
    aggregator: app.providers.billAggregator,
    jobs: app.jobs,
    log: app.log.child({ component: 'payments' }),
  });
}

/** The status job of pending vends (app.ts `moduleJobs`). */
export function registerPaymentJobs(app: FastifyInstance): void {
  registerVendStatusJobs(app.jobs, vendServiceOf(app));
}

/**
 * SPEC §7 "Payments": airtime, data and electricity, and cable TV in the same style (SPEC §1: the
 * static pages promise it). The four purchases are money calls (src/money: PIN, client reference,
 * step-up); the commission wallet (product 4) is a valid source for them (SPEC §9: referral
 * rewards are usable only for electricity, airtime, data or cable TV).
 */
export async function paymentsRoutes(app: Api) {
  const payments = new PaymentsService({
    aggregator: app.providers.billAggregator,
    vends: vendServiceOf(app),
    db: app.db,
  });

  moneyRoute(app, {
    url: '/payments/categories/airtime/buy-airtime',
    body: airtimeBody,
    success: { status: 201, schema: airtimePurchaseResponseSchema },
    stepUpAmount: (body) => body.amount,
    sourceWallet: (body) => body.wallet_account_number,
    authorize: (request, body) => assertOwnsWallet(request, body.wallet_account_number),
    refusals: [404, 503],
    execute: (call) => payments.buyAirtime(call),
  });

  moneyRoute(app, {
    url: '/data/buy-data',
    body: dataBody,
    success: { status: 201, schema: dataPurchaseResponseSchema },
    stepUpAmount: (body) => body.amount,
    sourceWallet: (body) => body.wallet_account_number,
    authorize: (request, body) => assertOwnsWallet(request, body.wallet_account_number),
    refusals: [404, 503],
    execute: (call) => payments.buyData(call),
  });

  moneyRoute(app, {
    url: '/payments/categories/electricity/buy-electricity',
    body: electricityBody,
    success: { status: 201, schema: electricityPurchaseResponseSchema },
    stepUpAmount: (body) => body.amount,
    sourceWallet: (body) => body.wallet_account_number,
    authorize: (request, body) => assertOwnsWallet(request, body.wallet_account_number),
    refusals: [404, 503],
    execute: (call) => payments.buyElectricity(call),
  });

  moneyRoute(app, {
    url: '/payments/categories/cable-tv/buy-cable-tv',
    body: cableTvBody,
    success: { status: 201, schema: cableTvPurchaseResponseSchema },
    stepUpAmount: (body) => body.amount,
    sourceWallet: (body) => body.wallet_account_number,
    authorize: (request, body) => assertOwnsWallet(request, body.wallet_account_number),
    refusals: [404, 503],
    execute: (call) => payments.buyCableTv(call),
  });

  app.get(
    '/data/get-data-plans',
    {
      preValidation: app.requireUser,
      schema: {
        querystring: noQuery,
        response: { 200: dataPlansResponseSchema, ...errors(400, 401, 503) },
      },
    },
    async () => ({ data: await payments.dataPlans() }),
  );

  app.post(
    '/payments/categories/electricity/get-service-types',
    {
      config: { encrypted: true },
      preValidation: app.requireUser,
      schema: {
        body: serviceTypesBody,
        response: { 200: serviceTypesResponseSchema, ...errors(400, 401, 503) },
      },
    },
    async () => ({
      serviceTypes: (await payments.serviceTypes()).map(({ service_type, name, product_id }) => ({
        service_type,
        name,
        product_id,
      })),
    }),
  );

  app.post(
    '/payments/categories/electricity/verify-meter',
    {
      config: { encrypted: true },
      preValidation: app.requireUser,
      schema: {
        body: verifyMeterBody,
        response: { 200: verifyMeterResponseSchema, ...errors(400, 401, 404, 422, 503) },
      },
    },
    async (request) => payments.verifyMeter(request.body.meter_number, request.body.service_type),
  );

  app.post(
    '/payments/categories/cable-tv/get-providers',
    {
      config: { encrypted: true },
      preValidation: app.requireUser,
      schema: {
        body: cableProvidersBody,
        response: { 200: cableProvidersResponseSchema, ...errors(400, 401, 503) },
      },
    },
    async () => ({ providers: await payments.cableProviders() }),
  );

  app.post(
    '/payments/categories/cable-tv/get-bouquets',
    {
      config: { encrypted: true },
      preValidation: app.requireUser,
      schema: {
        body: cableBouquetsBody,
        response: { 200: cableBouquetsResponseSchema, ...errors(400, 401, 503) },
      },
    },
    async (request) => ({ bouquets: await payments.cableBouquets(request.body.provider) }),
  );

  app.post(
    '/payments/categories/cable-tv/verify-smartcard',
    {
      config: { encrypted: true },
      preValidation: app.requireUser,
      schema: {
        body: verifySmartcardBody,
        response: { 200: verifySmartcardResponseSchema, ...errors(400, 401, 404, 503) },
      },
    },
    async (request) =>
      payments.verifySmartcard(request.body.provider, request.body.smartcard_number),
  );

  app.get(
    '/payments/transactions/:reference',
    {
      preValidation: app.requireUser,
      schema: {
        params: paymentParams,
        response: { 200: billPaymentStatusResponseSchema, ...errors(400, 401, 404) },
      },
    },
    async (request) => payments.status(currentUser(request).id, request.params.reference),
  );
}
