import type { FastifyReply } from 'fastify';
import { servePages } from '../sandbox-page.js';
import { z } from 'zod/mini';
import { AppError } from '../../errors.js';
import type { Api } from '../../http/api.js';
import { errors, htmlPage, redirect } from '../../http/responses.js';
import type { CheckoutSessionView, CheckoutSessions } from './index.js';
import { chargeSandboxCard, checkSandboxOtp } from './sandbox-cards.js';
import {
  CHECKOUT_PAGE,
  renderCardPage,
  renderMessagePage,
  renderOtpPage,
  type CheckoutView,
} from './sandbox-checkout-page.js';

export const CHECKOUT_PATH = '/sandbox/checkout';

export const CHECKOUT_NOT_FOUND = 'Checkout not found';
export const CHECKOUT_EXPIRED = 'This checkout has expired. Start again from your dashboard.';
export const CHECKOUT_CANCELLED = 'This checkout was cancelled. Start again from your dashboard.';
export const CARD_DECLINED = 'Your card was declined.';
export const UNKNOWN_CARD = 'This card is not accepted. Use one of the sandbox test cards.';
export const INVALID_CARD_OTP = 'The OTP is incorrect.';
const CARD_DETAILS = 'Enter the card number, expiry (MM/YY) and CVV.';

const checkoutParams = z.strictObject({ sessionId: z.string().check(z.maxLength(64)) });
/** The page's form as a browser posts it (urlencoded); checked by hand so the page can re-render. */
const checkoutForm = z.optional(
  z.object({
    action: z.optional(z.string()),
    card_number: z.optional(z.string()),
    expiry: z.optional(z.string()),
    cvv: z.optional(z.string()),
    otp: z.optional(z.string()),
  }),
);
const webhookResponse = z.object({
  reference: z.string(),
  status: z.literal('paid'),
  replayed: z.boolean(),
});

const successUrl = (id: string) => `/dashboard?funding=success&reference=${encodeURIComponent(id)}`;
const CANCELLED_URL = '/dashboard?funding=cancelled';
const str = (value: unknown) => (typeof value === 'string' ? value.trim() : '');

/**
 * The sandbox processor's hosted checkout page and its webhook, served under /api in sandbox mode.
 * A browser navigation sends neither a bearer token nor the app-check header; the session id is
 * the capability.
 */
export async function sandboxCheckoutPages(app: Api, sessions: CheckoutSessions) {
  const sendPage = servePages(app, CHECKOUT_PAGE);
  const toDashboard = (reply: FastifyReply, url: string) =>
    reply.header('cache-control', 'no-store').redirect(url, 303);

  const viewOf = (session: CheckoutSessionView, action: string, error?: string): CheckoutView => ({
    action,
    amountKobo: session.amountKobo,
    walletAccountNumber: session.walletAccountNumber,
    ...(error ? { error } : {}),
  });

  /** The page for a session that cannot be paid any more, or null when it still can. */
  const closedPage = (reply: FastifyReply, session: CheckoutSessionView | null) => {
    if (!session) return sendPage(reply, 404, renderMessagePage(CHECKOUT_NOT_FOUND));
    if (session.status === 'paid') return toDashboard(reply, successUrl(session.id));
    if (session.status === 'cancelled')
      return sendPage(reply, 410, renderMessagePage(CHECKOUT_CANCELLED));
    if (session.expired) return sendPage(reply, 410, renderMessagePage(CHECKOUT_EXPIRED));
    return null;
  };

  /** Credit once and go back to the dashboard; a refusal (e.g. blocked wallet) is shown. */
  const complete = async (reply: FastifyReply, session: CheckoutSessionView, action: string) => {
    try {
      await sessions.complete(session.id);
    } catch (error) {
      if (!(error instanceof AppError) || error.statusCode >= 500) throw error;
      const closed = closedPage(reply, await sessions.find(session.id));
      if (closed) return closed;
      return sendPage(
        reply,
        error.statusCode,
        renderCardPage(viewOf(session, action, error.message)),
      );
    }
    return toDashboard(reply, successUrl(session.id));
  };

  const page = htmlPage('The checkout page (or why it cannot be paid)');
  const pagePath = `${CHECKOUT_PATH}/:sessionId`;

  app.get(
    pagePath,
    {
      config: { appCheck: false },
      schema: {
        params: checkoutParams,
        response: { 200: page, 303: redirect, 404: page, 410: page },
      },
    },
    async (request, reply) => {
      const session = await sessions.find(request.params.sessionId);
      const closed = closedPage(reply, session);
      if (closed || !session) return closed;
      const view = viewOf(session, request.url);
      return sendPage(
        reply,
        200,
        session.status === 'otp' ? renderOtpPage(view) : renderCardPage(view),
      );
    },
  );

  app.post(
    pagePath,
    {
      config: { appCheck: false },
      schema: {
        params: checkoutParams,
        body: checkoutForm,
        consumes: ['application/x-www-form-urlencoded'],
        response: {
          200: page,
          303: redirect,
          400: page,
          402: page,
          404: page,
          409: page,
          410: page,
        },
      },
    },
    async (request, reply) => {
      const form = request.body ?? {};
      const action = request.url;
      const session = await sessions.find(request.params.sessionId);
      if (session && form.action === 'cancel' && session.status !== 'paid') {
        // Abandoning moves nothing; a session already cancelled or expired goes back the same way.
        await sessions.cancel(session.id);
        return toDashboard(reply, CANCELLED_URL);
      }
      const closed = closedPage(reply, session);
      if (closed || !session) return closed;
      if (form.action === 'otp' && session.status === 'otp') {
        if (!checkSandboxOtp(str(form.otp))) {
          return sendPage(reply, 400, renderOtpPage(viewOf(session, action, INVALID_CARD_OTP)));
        }
        return complete(reply, session, action);
      }
      const cardNumber = str(form.card_number);
      if (
        !cardNumber ||
        !/^(0[1-9]|1[0-2])\/\d{2}$/.test(str(form.expiry)) ||
        !/^\d{3,4}$/.test(str(form.cvv))
      ) {
        return sendPage(reply, 400, renderCardPage(viewOf(session, action, CARD_DETAILS)));
      }
      switch (chargeSandboxCard(cardNumber)) {
        case 'approved':
          return complete(reply, session, action);
        case 'declined':
          return sendPage(reply, 402, renderCardPage(viewOf(session, action, CARD_DECLINED)));
        case 'otp_required':
          await sessions.requireOtp(session.id);
          return sendPage(reply, 200, renderOtpPage(viewOf(session, action)));
        default:
          return sendPage(reply, 400, renderCardPage(viewOf(session, action, UNKNOWN_CARD)));
      }
    },
  );

  // The processor's webhook: "this session is paid". Idempotent: any number of calls, one credit.
  app.post(
    `${pagePath}/callback`,
    {
      config: { appCheck: false },
      schema: {
        params: checkoutParams,
        response: { 200: webhookResponse, ...errors(404, 409, 410) },
      },
    },
    async (request) => {
      const session = await sessions.find(request.params.sessionId);
      if (!session) throw new AppError(404, CHECKOUT_NOT_FOUND);
      const { replayed } = await sessions.complete(session.id);
      return { reference: session.id, status: 'paid' as const, replayed };
    },
  );
}
