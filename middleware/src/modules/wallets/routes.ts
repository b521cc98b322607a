import type { FastifyInstance } from 'fastify';
import type { z } from 'zod/mini';
import { assertOwnsWallet } from '../../plugins/auth.js';
import { validate } from '../../validation.js';
import { miniStatement } from './history-service.js';
import { transactionsQuery } from './schemas.js';

/** Issue 6 contract 2: the Transaction History screen's mini statement (SPEC §2, §3, §9). */
export async function walletsRoutes(app: FastifyInstance) {
  app.get(
    '/transactions',
    {
      preHandler: [
        app.requireUser,
        validate({ query: transactionsQuery }),
        // OWASP API1: only the caller's own wallets; an unknown number is 403 too.
        async (request) =>
          assertOwnsWallet(
            request,
            (request.query as z.infer<typeof transactionsQuery>).wallet_account_number,
          ),
      ],
    },
    async (request) => {
      const { wallet_account_number } = request.query as z.infer<typeof transactionsQuery>;
      return { transactionHistory: await miniStatement(app.db, wallet_account_number) };
    },
  );
}
