import {
  bankTransferResponseSchema,
  bankTransferStatusResponseSchema,
  banksResponseSchema,
  beneficiariesResponseSchema,
  messageResponseSchema,
  newBeneficiarySchema,
  savedBeneficiaryResponseSchema,
  transferLimitsQuerySchema,
  transferLimitsResponseSchema,
  verifyAccountResponseSchema,
  verifyWalletResponseSchema,
  walletTransferResponseSchema,
} from '@ajo/shared/schemas';
import { z } from 'zod/mini';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError, forbidden } from '../../errors.js';
import type { Api } from '../../http/api.js';
import { errors } from '../../http/responses.js';
import { COMMISSION_WALLET_PRODUCT_ID, koboToNaira } from '../../ledger/index.js';
import { dailyAllowance } from '../../money/limits.js';
import { moneyRoute } from '../../money/money-route.js';
import { assertOwnsWallet, currentUser } from '../../plugins/auth.js';
import { BankTransfers } from './bank-transfers.js';
import { Beneficiaries } from './beneficiaries.js';
import {
  bankTransferBody,
  beneficiaryIdParams,
  emptyBody,
  paymentReferenceParams,
  recipientParams,
  verifyAccountBody,
  verifyWalletBody,
  walletParams,
  walletTransferBody,
} from './schemas.js';
import { COMMISSION_WALLET_NOT_A_SOURCE } from './messages.js';
import { findReceivingWallet, transferBetweenWallets } from './wallet-transfers.js';

const services = new WeakMap<FastifyInstance, BankTransfers>();

/** One BankTransfers per app: the routes and the status job share it. */
export function bankTransfersOf(app: FastifyInstance): BankTransfers {
  let service = services.get(app);
  if (!service) {
    service = new BankTransfers({
      db: app.db,
      bankSwitch: app.providers.bankSwitch,
      clock: app.clock,
      jobs: app.jobs,
      log: app.log.child({ component: 'bank-transfers' }),
    });
    services.set(app, service);
  }
  return service;
}

/** The status query job of bank transfers (src/jobs), defined before any route enqueues it. */
export function registerTransferJobs(app: FastifyInstance): void {
  bankTransfersOf(app).registerJobs();
}

/**
 * SPEC §3 / §5: the commission wallet is never a transfer source (its rewards are for bills only,
 * SPEC §9); 403 first for anybody else's wallet.
 */
async function assertTransferSource(request: FastifyRequest, walletAccountNumber: string) {
  // Owner and product in one read, the answers of assertOwnsWallet and then the ledger's account
  // (an unknown wallet is 403 too), one round trip fewer on every transfer
  // (docs/decisions/032-money-calls-in-fewer-round-trips.md).
  const wallet = await request.server.db
    .selectFrom('ledger_accounts')
    .select(['owner_user_id', 'product_id'])
    .where('account_number', '=', walletAccountNumber)
    .executeTakeFirst();
  if (!wallet || wallet.owner_user_id !== currentUser(request).id) throw forbidden();
  if (wallet.product_id === COMMISSION_WALLET_PRODUCT_ID) {
    throw new AppError(422, COMMISSION_WALLET_NOT_A_SOURCE, 'NOT_A_SOURCE');
  }
}

/** SPEC §7 "Transfers and beneficiaries", and the limits shown before they bite. */
export async function transfersRoutes(app: Api) {
  const bankTransfers = bankTransfersOf(app);
  const beneficiaries = new Beneficiaries(app.db, () => app.providers.bankSwitch.listBanks());
  const amountOf = (body: { transfer_amount: number } | { amount: number }) =>
    'amount' in body ? body.amount : body.transfer_amount;

  app.post(
    '/transfers/wallet-to-other-wallet/verify-wallet-number',
    {
      config: { encrypted: true },
      preValidation: app.requireUser,
      schema: {
        body: verifyWalletBody,
        response: { 200: verifyWalletResponseSchema, ...errors(400, 401, 404, 409, 422) },
      },
    },
    async (request) => {
      const holder = await findReceivingWallet(app.db, request.body.wallet_account_number);
      return {
        wallet: [
          {
            firstname: holder.firstname,
            lastname: holder.lastname,
            account_no: holder.accountNumber,
          },
        ],
      };
    },
  );

  moneyRoute(app, {
    url: '/transfers/wallet-to-other-wallet/transfer-funds',
    body: walletTransferBody,
    success: { status: 200, schema: walletTransferResponseSchema },
    stepUpAmount: amountOf,
    sourceWallet: (body) => body.sender_wallet_number,
    authorize: (request, body) => assertTransferSource(request, body.sender_wallet_number),
    refusals: [404],
    execute: ({ userId, body, reference }) =>
      transferBetweenWallets(app.db, {
        userId,
        reference,
        from: body.sender_wallet_number,
        to: body.receiver_wallet_number,
        amount: body.transfer_amount,
        narration: body.narration,
      }),
  });

  app.post(
    '/transfers/wallet-to-bank/get-banks',
    {
      config: { encrypted: true },
      preValidation: app.requireUser,
      schema: { body: emptyBody, response: { 200: banksResponseSchema, ...errors(400, 401) } },
    },
    async () => ({
      bankArray: (await bankTransfers.banks()).map(({ code, name }) => ({ code, name })),
    }),
  );

  app.post(
    '/transfers/wallet-to-bank/verify-account-number',
    {
      config: { encrypted: true },
      preValidation: app.requireUser,
      schema: {
        body: verifyAccountBody,
        response: { 200: verifyAccountResponseSchema, ...errors(400, 401, 404, 422, 503) },
      },
    },
    async (request) =>
      bankTransfers.verifyAccount(
        currentUser(request).id,
        request.body.beneficiaryBankCode,
        request.body.beneficiaryAccountNumber,
      ),
  );

  moneyRoute(app, {
    url: '/transfers/wallet-to-bank/transfer-funds',
    body: bankTransferBody,
    success: { status: 200, schema: bankTransferResponseSchema },
    stepUpAmount: amountOf,
    sourceWallet: (body) => body.wallet_account_number,
    authorize: (request, body) => assertTransferSource(request, body.wallet_account_number),
    refusals: [404],
    execute: ({ userId, body, reference }) =>
      bankTransfers.send({
        userId,
        reference,
        walletAccountNumber: body.wallet_account_number,
        bankCode: body.bank_code,
        accountNumber: body.account_number,
        amount: body.amount,
        narration: body.narration,
        nameEnquiryRef: body.beneficiaryNameEnquiryRefrenceNumber,
      }),
  });

  app.get(
    '/transfers/wallet-to-bank/:paymentReference',
    {
      preValidation: app.requireUser,
      schema: {
        params: paymentReferenceParams,
        response: { 200: bankTransferStatusResponseSchema, ...errors(400, 401, 404) },
      },
    },
    async (request) =>
      bankTransfers.statusFor(currentUser(request).id, request.params.paymentReference),
  );

  app.get(
    '/transfers/limits',
    {
      preValidation: app.requireUser,
      preHandler: async (request) => assertOwnsWallet(request, request.query.wallet_account_number),
      schema: {
        querystring: transferLimitsQuerySchema,
        response: { 200: transferLimitsResponseSchema, ...errors(400, 401, 403) },
      },
    },
    async (request) => {
      const allowance = await dailyAllowance(app.db, currentUser(request).id);
      const naira = (kobo: number) => Number(koboToNaira(kobo));
      return {
        tier: allowance.tier,
        remainingToday: naira(allowance.remainingKobo),
        dailyLimit: naira(allowance.dailyLimitKobo),
        maxBalance: allowance.maxBalanceKobo === null ? null : naira(allowance.maxBalanceKobo),
      };
    },
  );

  app.get(
    '/beneficiaries/:walletAccountNumber',
    {
      preValidation: app.requireUser,
      preHandler: async (request) => assertOwnsWallet(request, request.params.walletAccountNumber),
      schema: {
        params: walletParams,
        response: { 200: beneficiariesResponseSchema, ...errors(400, 401, 403) },
      },
    },
    async (request) => ({ data: await beneficiaries.list(request.params.walletAccountNumber) }),
  );

  // SPEC §7: a plain (not encrypted) body.
  app.post(
    '/beneficiaries/:recipientAccountNumber',
    {
      preValidation: app.requireUser,
      preHandler: async (request) => assertOwnsWallet(request, request.body.account_number),
      schema: {
        params: recipientParams,
        body: z.strictObject(newBeneficiarySchema.shape),
        response: { 200: savedBeneficiaryResponseSchema, ...errors(400, 401, 403, 409, 422) },
      },
    },
    async (request) =>
      beneficiaries.save(
        currentUser(request).id,
        request.params.recipientAccountNumber,
        request.body,
      ),
  );

  app.delete(
    '/beneficiaries/:id',
    {
      preValidation: app.requireUser,
      schema: {
        params: beneficiaryIdParams,
        response: { 200: messageResponseSchema, ...errors(400, 401, 403, 404) },
      },
    },
    async (request) => beneficiaries.remove(currentUser(request).id, request.params.id),
  );
}
