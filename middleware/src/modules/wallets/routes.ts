import { transactionHistoryResponseSchema, transactionsQuerySchema } from '@ajo/shared/schemas';
import type { Api } from '../../http/api.js';
import { errors } from '../../http/responses.js';
import { assertOwnsWallet } from '../../plugins/auth.js';
import { miniStatement } from './history-service.js';

/** The Transaction History screen's mini statement (SPEC §2, §3, §9). */
export async function walletsRoutes(app: Api) {
  app.get(
    '/transactions',
    {
      preValidation: app.requireUser,
      // OWASP API1: only the caller's own wallets; an unknown number is 403 too.
      preHandler: async (request) => assertOwnsWallet(request, request.query.wallet_account_number),
      schema: {
        querystring: transactionsQuerySchema,
        response: { 200: transactionHistoryResponseSchema, ...errors(400, 401, 403) },
      },
    },
    async (request) => ({
      transactionHistory: await miniStatement(app.db, request.query.wallet_account_number),
    }),
  );
}
