import {
  airtimePurchaseResponseSchema,
  billPaymentStatusResponseSchema,
  dataPlansResponseSchema,
  dataPurchaseResponseSchema,
  electricityPurchaseResponseSchema,
  serviceTypesResponseSchema,
  verifyMeterResponseSchema,
} from '@ajo/shared/schemas';
import type { FastifyInstance } from 'fastify';
import type { Api } from '../../http/api.js';
import { errors } from '../../http/responses.js';
import { moneyRoute } from '../../money/money-route.js';
import { assertOwnsWallet, currentUser } from '../../plugins/auth.js';
import { PaymentsService } from './payments-service.js';
import {
  airtimeBody,
  dataBody,
  electricityBody,
  noQuery,
  paymentParams,
  serviceTypesBody,
  verifyMeterBody,
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
 * SPEC §7 "Payments": airtime, data and electricity. The three purchases are money calls
 * (src/money: PIN, client reference, step-up); the commission wallet (product 4) is a valid source
 * for them (SPEC §9: referral rewards are usable only for these).
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
