import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError, forbidden } from '../../errors.js';
import type { Api } from '../../http/api.js';
import { errors } from '../../http/responses.js';
import { COMMISSION_WALLET_PRODUCT_ID } from '../../ledger/index.js';
import { moneyRoute } from '../../money/money-route.js';
import { TransactionPinGuard } from '../../money/transaction-pin-guard.js';
import { currentUser } from '../../plugins/auth.js';
import { cardBureauSandboxRoutes, registerCardBureauJobs } from './card-bureau.js';
import { cardNetworkSandboxRoutes, registerCardNetworkJobs } from './card-network-sandbox.js';
import { CardService, DELIVERY_CHARGE_KOBO, ISSUANCE_FEE_KOBO } from './card-service.js';
import { CardTransactions } from './card-transactions.js';
import { registerHoldJobs } from './hold-jobs.js';
import {
  activateCardBody,
  cardAnswerSchema,
  cardParams,
  cardRequestedSchema,
  cardsResponseSchema,
  emptyCardBody,
  noQuery,
  requestCardBody,
  revealCardBody,
  revealedCardSchema,
} from './schemas.js';

const COMMISSION_WALLET_CANNOT_PAY = 'Card fees are paid from your main wallet.';

export const cardServiceOf = (app: FastifyInstance) =>
  new CardService({
    db: app.db,
    clock: app.clock,
    secrets: app.secrets,
    pepper: app.config.secrets.pepper,
    pins: new TransactionPinGuard({ db: app.db, secrets: app.secrets, clock: app.clock }),
  });

const cardTransactionsOf = (app: FastifyInstance) =>
  new CardTransactions({
    db: app.db,
    clock: app.clock,
    pepper: app.config.secrets.pepper,
    cards: cardServiceOf(app),
  });

/** The sandbox card network and bureau exist where the other sandbox tools do, never in production. */
const sandboxed = (app: FastifyInstance) =>
  Boolean(app.providers.sandboxOutbox) && !app.config.production;

/** The card jobs (src/jobs): hold expiry; in the sandbox, the bureau's delivery and the network's clearing. */
export function registerCardJobs(app: FastifyInstance): void {
  registerHoldJobs(app);
  if (!sandboxed(app)) return;
  registerCardBureauJobs(app);
  registerCardNetworkJobs(app, cardTransactionsOf(app));
}

/** The paying wallet is the caller's main wallet (403 for anybody else's, as on transfers). */
async function assertCardWallet(request: FastifyRequest, walletAccountNumber: string) {
  const wallet = await request.server.db
    .selectFrom('ledger_accounts')
    .select(['owner_user_id', 'product_id', 'type'])
    .where('account_number', '=', walletAccountNumber)
    .executeTakeFirst();
  if (!wallet || wallet.owner_user_id !== currentUser(request).id) throw forbidden();
  if (wallet.type !== 'customer_wallet' || wallet.product_id === COMMISSION_WALLET_PRODUCT_ID) {
    throw new AppError(422, COMMISSION_WALLET_CANNOT_PAY, 'NOT_A_SOURCE');
  }
}

/** The debit card (SPEC §2 "Debit card terms", §4, §9): request, activate, freeze, report, reveal. */
export async function cardsRoutes(app: Api) {
  const cards = cardServiceOf(app);
  if (sandboxed(app)) {
    await cardNetworkSandboxRoutes(app, cardTransactionsOf(app));
    await cardBureauSandboxRoutes(app, cards);
  }

  app.get(
    '/cards',
    {
      preValidation: app.requireUser,
      schema: { querystring: noQuery, response: { 200: cardsResponseSchema, ...errors(400, 401) } },
    },
    async (request) => cards.list(currentUser(request).id),
  );

  moneyRoute(app, {
    url: '/cards',
    body: requestCardBody,
    success: { status: 201, schema: cardRequestedSchema },
    stepUpAmount: () => (ISSUANCE_FEE_KOBO + DELIVERY_CHARGE_KOBO) / 100,
    sourceWallet: (body) => body.wallet_account_number,
    authorize: (request, body) => assertCardWallet(request, body.wallet_account_number),
    execute: ({ userId, body, reference }) =>
      cards.request({
        userId,
        reference,
        walletAccountNumber: body.wallet_account_number,
        address: body.delivery_address,
      }),
  });

  const cardAction = (
    path: string,
    run: (userId: string, cardId: string) => ReturnType<CardService['freeze']>,
  ) =>
    app.post(
      `/cards/:id/${path}`,
      {
        config: { encrypted: true },
        preValidation: app.requireUser,
        schema: {
          params: cardParams,
          body: emptyCardBody,
          response: { 200: cardAnswerSchema, ...errors(400, 401, 404, 409) },
        },
      },
      async (request) => run(currentUser(request).id, (request.params as { id: string }).id),
    );
  cardAction('freeze', (userId, id) => cards.freeze(userId, id));
  cardAction('unfreeze', (userId, id) => cards.unfreeze(userId, id));
  cardAction('report-lost', (userId, id) => cards.reportLost(userId, id));

  app.post(
    '/cards/:id/activate',
    {
      config: { encrypted: true },
      preValidation: app.requireUser,
      schema: {
        params: cardParams,
        body: activateCardBody,
        response: { 200: cardAnswerSchema, ...errors(400, 401, 404, 409, 422, 429) },
      },
    },
    async (request) =>
      cards.activate(
        currentUser(request).id,
        request.params.id,
        request.body.last4,
        request.body.card_pin,
      ),
  );

  app.post(
    '/cards/:id/reveal',
    {
      config: { encrypted: true },
      preValidation: app.requireUser,
      schema: {
        params: cardParams,
        body: revealCardBody,
        response: { 200: revealedCardSchema, ...errors(400, 401, 404, 409, 429) },
      },
    },
    async (request, reply) => {
      // Details a shared cache or the browser's must never keep.
      void reply.header('cache-control', 'no-store');
      return cards.reveal(currentUser(request).id, request.params.id, request.body.transaction_pin);
    },
  );
}
