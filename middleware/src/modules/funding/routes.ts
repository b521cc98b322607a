import type { FastifyInstance } from 'fastify';
import type { z } from 'zod/mini';
import { assertOwnsWallet, currentUser } from '../../plugins/auth.js';
import { nairaToKobo } from '../../ledger/index.js';
import { validate } from '../../validation.js';
import { CheckoutService } from './checkout-service.js';
import { checkoutPageRoutes } from './checkout-page-routes.js';
import { creditInboundTransfer } from './inbound-transfer-service.js';
import { bankToWalletBody, inboundTransferBody } from './schemas.js';
import { TransactionPinGuard } from './transaction-pin-guard.js';

/**
 * Issue 6 funding: card checkout (POST /transfers/bank-to-wallet → the sandbox checkout page) and,
 * in sandbox mode, the bank switch's inbound transfer and the checkout page with its webhook.
 */
export async function fundingRoutes(app: FastifyInstance) {
  const checkout = new CheckoutService({ db: app.db, clock: app.clock });
  const pins = new TransactionPinGuard({ db: app.db, secrets: app.secrets, clock: app.clock });

  app.post(
    '/transfers/bank-to-wallet',
    {
      config: { encrypted: true },
      preHandler: [
        app.requireUser,
        validate({ body: bankToWalletBody }),
        async (request) => {
          const body = request.body as z.infer<typeof bankToWalletBody>;
          await assertOwnsWallet(request, body.wallet_account_number);
        },
      ],
    },
    async (request) => {
      const body = request.body as z.infer<typeof bankToWalletBody>;
      const userId = currentUser(request).id;
      await pins.verify(userId, body.transaction_pin);
      const session = await checkout.create(
        userId,
        body.wallet_account_number,
        nairaToKobo(body.transfer_amount),
      );
      return { link: `/api/sandbox/checkout/${session.id}` };
    },
  );

  if (app.providers.mode !== 'sandbox') return;

  // The bank switch notifies the credit: a server-to-server call without app attestation.
  app.post(
    '/sandbox/inbound-transfer',
    { config: { appCheck: false }, preHandler: validate({ body: inboundTransferBody }) },
    async (request, reply) => {
      const result = await creditInboundTransfer(
        app.db,
        request.body as z.infer<typeof inboundTransferBody>,
      );
      return reply.code(result.replayed ? 200 : 201).send(result.body);
    },
  );

  await checkoutPageRoutes(app, checkout);
}
