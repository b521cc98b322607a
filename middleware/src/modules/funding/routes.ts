import { bankToWalletResponseSchema, inboundTransferResponseSchema } from '@ajo/shared/schemas';
import type { Api } from '../../http/api.js';
import { errors } from '../../http/responses.js';
import { isLedgerError, nairaToKobo } from '../../ledger/index.js';
import { ledgerErrorToAppError } from '../../money/ledger-errors.js';
import { moneyRoute } from '../../money/money-route.js';
import { assertOwnsWallet } from '../../plugins/auth.js';
import type { CheckoutSessions } from '../../providers/card-checkout/index.js';
import { CheckoutService } from './checkout-service.js';
import { referralFundingHook } from '../referrals/rewards.js';
import { creditInboundTransfer } from './inbound-transfer-service.js';
import { bankToWalletBody, inboundTransferBody } from './schemas.js';

/**
 * Funding: card checkout (POST /transfers/bank-to-wallet → the card processor's page, the
 * processor calls back to credit) and, in sandbox mode, the bank switch's inbound transfer.
 */
export async function fundingRoutes(app: Api) {
  // SPEC §9: every credit of a customer's own money may complete a referral (src/modules/referrals).
  const onFunded = referralFundingHook(app);
  const checkout = new CheckoutService({ db: app.db, clock: app.clock, onFunded });
  const cardCheckout = app.providers.cardCheckout;

  // A money call (src/money): PIN guard and client reference; no step-up, nothing leaves the
  // wallet. A repeat with the same Idempotency-Key answers the same link.
  moneyRoute(app, {
    url: '/transfers/bank-to-wallet',
    body: bankToWalletBody,
    success: { status: 200, schema: bankToWalletResponseSchema },
    authorize: (request, body) => assertOwnsWallet(request, body.wallet_account_number),
    refusals: [404],
    execute: async ({ userId, body, clientReference }) => {
      const session = await checkout.create(
        userId,
        body.wallet_account_number,
        nairaToKobo(body.transfer_amount),
        clientReference,
      );
      return { link: cardCheckout.checkoutUrl(session.id) };
    },
  });

  // What the card processor's page may do with a session (providers/card-checkout).
  const sessions: CheckoutSessions = {
    async find(id) {
      const session = await checkout.find(id);
      return session
        ? {
            id: session.id,
            amountKobo: session.amount_kobo,
            walletAccountNumber: session.wallet_account_number,
            status: session.status,
            expired: checkout.isExpired(session),
          }
        : null;
    },
    requireOtp: (id) => checkout.requireOtp(id),
    cancel: (id) => checkout.cancel(id),
    async complete(id) {
      try {
        const { replayed } = await checkout.complete(id);
        return { replayed };
      } catch (error) {
        throw isLedgerError(error) ? ledgerErrorToAppError(error) : error;
      }
    },
  };
  await cardCheckout.registerPages?.(app, sessions);

  if (app.providers.mode !== 'sandbox') return;

  // The bank switch notifies the credit: a server-to-server call without app attestation.
  app.post(
    '/sandbox/inbound-transfer',
    {
      config: { appCheck: false },
      schema: {
        body: inboundTransferBody,
        response: {
          200: inboundTransferResponseSchema,
          201: inboundTransferResponseSchema,
          ...errors(400, 404, 409),
        },
      },
    },
    async (request, reply) => {
      const result = await creditInboundTransfer(app.db, request.body, {
        clock: app.clock,
        onFunded,
      });
      return reply.code(result.replayed ? 200 : 201).send(result.body);
    },
  );
}
