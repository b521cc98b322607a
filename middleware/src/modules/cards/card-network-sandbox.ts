import { amountValueSchema } from '@ajo/shared/schemas';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod/mini';
import type { Api } from '../../http/api.js';
import { errors } from '../../http/responses.js';
import { nairaToKobo } from '../../ledger/index.js';
import { addWorkingDays, type CardTransactions } from './card-transactions.js';

/*
 * The sandbox card network (README "Sandbox card network"): a merchant's authorisations,
 * clearings, offline presentments and reversals for cards this issuer issued, and its own
 * clearing file, presented 1 to 5 working days after each approval by the app clock (the job
 * `cards.network-clearing`; `POST /api/sandbox/jobs/run-now {"kind":"cards.network-clearing"}`).
 * Scenarios by the amount's kobo: .11 clears 10% above the authorisation (a tip), .22 is never
 * presented (the hold lapses after its window); otherwise the authorised amount clears after
 * 1 + (naira mod 5) working days.
 */
export const CARD_NETWORK_CLEARING_JOB = 'cards.network-clearing';
const CLEARING_EVERY_SECONDS = 600;

const reference = z.string().check(z.regex(/^[A-Za-z0-9-]{1,64}$/, 'Enter the network reference.'));
const cardNumber = z.string().check(z.regex(/^\d{13,19}$/, 'Enter the card number.'));
const merchant = z
  .string()
  .check(z.trim(), z.minLength(1, 'Enter the merchant.'), z.maxLength(100, 'Enter the merchant.'));

const authorizeBody = z.strictObject({
  network_reference: reference,
  card_number: cardNumber,
  expiry: z.string().check(z.regex(/^\d{2}\/\d{2}$/, 'Enter the expiry as MM/YY.')),
  amount: amountValueSchema,
  merchant,
});
const clearBody = z.strictObject({
  network_reference: reference,
  amount: amountValueSchema,
  // An offline presentment (no authorisation): the card and when it was used.
  card_number: z.optional(cardNumber),
  merchant: z.optional(merchant),
  transaction_time: z.optional(z.iso.datetime({ offset: true })),
});
const reverseBody = z.strictObject({ network_reference: reference });
const networkAnswerSchema = z.object({
  network_reference: z.string(),
  response_code: z.string(),
  message: z.string(),
  state: z.string(),
  amount: z.number(),
  posted_amount: z.nullable(z.number()),
  customer_liable: z.boolean(),
});

/** The sandbox scenario of an amount (README "Sandbox card network"). */
export function clearingScenario(amountKobo: number, authorisedAt: Date) {
  const kobo = amountKobo % 100;
  if (kobo === 22) return { clearAfter: null, clearKobo: amountKobo };
  const days = 1 + (Math.floor(amountKobo / 100) % 5);
  const clearKobo = kobo === 11 ? Math.round(amountKobo * 1.1) : amountKobo;
  return { clearAfter: addWorkingDays(authorisedAt, days), clearKobo };
}

export function registerCardNetworkJobs(
  app: FastifyInstance,
  transactions: CardTransactions,
): void {
  app.jobs.define({
    kind: CARD_NETWORK_CLEARING_JOB,
    async handle(_payload, ctx) {
      for (const due of await transactions.dueForClearing(ctx.now())) {
        const { clearKobo } = clearingScenario(due.amount_kobo, ctx.now());
        try {
          await transactions.clear(due.network_reference, clearKobo);
        } catch (error) {
          // A refused clearing (the extra above the hold not covered) stays for the hold to lapse.
          ctx.log.warn({ reference: due.network_reference, error }, 'card clearing refused');
        }
      }
    },
  });
  app.jobs.every(CARD_NETWORK_CLEARING_JOB, CLEARING_EVERY_SECONDS);
}

export async function cardNetworkSandboxRoutes(app: Api, transactions: CardTransactions) {
  const response = { 200: networkAnswerSchema, ...errors(400, 404, 409, 422) };
  app.post(
    '/sandbox/card-network/authorize',
    { schema: { body: authorizeBody, response } },
    async (request) => {
      const amountKobo = nairaToKobo(request.body.amount);
      const { clearAfter } = clearingScenario(amountKobo, app.clock.now());
      return transactions.authorize({
        networkReference: request.body.network_reference,
        cardNumber: request.body.card_number,
        expiry: request.body.expiry,
        amountKobo,
        merchant: request.body.merchant,
        // Never presented (.22): the hold lapses; the row keeps no clearing day.
        clearAfter,
      });
    },
  );
  app.post(
    '/sandbox/card-network/clear',
    { schema: { body: clearBody, response } },
    async (request) => {
      const { body } = request;
      if (body.card_number && body.transaction_time) {
        return transactions.presentOffline({
          networkReference: body.network_reference,
          cardNumber: body.card_number,
          amountKobo: nairaToKobo(body.amount),
          merchant: body.merchant ?? 'Offline merchant',
          transactionAt: new Date(body.transaction_time),
        });
      }
      return transactions.clear(body.network_reference, nairaToKobo(body.amount));
    },
  );
  app.post(
    '/sandbox/card-network/reverse',
    { schema: { body: reverseBody, response } },
    async (request) => transactions.reverse(request.body.network_reference),
  );
}
