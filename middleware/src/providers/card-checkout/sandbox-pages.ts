import type { FastifyInstance, FastifyReply } from 'fastify';
import { AppError } from '../../errors.js';
import { chargeSandboxCard, checkSandboxOtp } from '../../providers/card-checkout/sandbox-cards.js';
import { validate } from '../../validation.js';
import {
  CHECKOUT_PAGE_CSP,
  renderCardPage,
  renderMessagePage,
  renderOtpPage,
  type CheckoutView,
} from './checkout-page.js';
import type { CheckoutService, CheckoutSession } from './checkout-service.js';
import {
  CARD_DECLINED,
  CHECKOUT_EXPIRED,
  CHECKOUT_NOT_FOUND,
  INVALID_OTP,
  UNKNOWN_CARD,
} from './messages.js';
import { checkoutParams } from './schemas.js';

export const CHECKOUT_CANCELLED = 'This checkout was cancelled. Start again from your dashboard.';
const CARD_DETAILS = 'Enter the card number, expiry (MM/YY) and CVV.';

interface CheckoutForm {
  action?: string;
  card_number?: string;
  expiry?: string;
  cvv?: string;
  otp?: string;
}

const successUrl = (id: string) => `/dashboard?funding=success&reference=${encodeURIComponent(id)}`;
const CANCELLED_URL = '/dashboard?funding=cancelled';

const str = (value: unknown) => (typeof value === 'string' ? value.trim() : '');

/**
 * The sandbox checkout page (issue 6 contract 5) and the provider's webhook. A browser navigation
 * sends neither a bearer token nor the app-check header; the session id is the capability.
 */
export async function checkoutPageRoutes(app: FastifyInstance, checkout: CheckoutService) {
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 4096 },
    (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
  );

  const sendPage = (reply: FastifyReply, status: number, html: string) =>
    reply
      .code(status)
      .header('content-type', 'text/html; charset=utf-8')
      .header('content-security-policy', CHECKOUT_PAGE_CSP)
      .header('x-content-type-options', 'nosniff')
      .header('referrer-policy', 'no-referrer')
      .header('cache-control', 'no-store')
      .send(html);
  const redirect = (reply: FastifyReply, url: string) =>
    reply.header('cache-control', 'no-store').redirect(url, 303);

  const pageRoute = {
    config: { appCheck: false },
    preHandler: validate({ params: checkoutParams }),
  };
  const pagePath = '/sandbox/checkout/:sessionId';

  const viewOf = (session: CheckoutSession, action: string, error?: string): CheckoutView => ({
    action,
    amountKobo: session.amount_kobo,
    walletAccountNumber: session.wallet_account_number,
    ...(error ? { error } : {}),
  });

  /** The page for a session that cannot be paid any more, or null when it still can. */
  const closedPage = (reply: FastifyReply, session: CheckoutSession | null) => {
    if (!session) return sendPage(reply, 404, renderMessagePage(CHECKOUT_NOT_FOUND));
    if (session.status === 'paid') return redirect(reply, successUrl(session.id));
    if (session.status === 'cancelled')
      return sendPage(reply, 410, renderMessagePage(CHECKOUT_CANCELLED));
    if (checkout.isExpired(session))
      return sendPage(reply, 410, renderMessagePage(CHECKOUT_EXPIRED));
    return null;
  };

  /** Credit once and go back to the dashboard; a refusal (e.g. blocked wallet) is shown. */
  const complete = async (reply: FastifyReply, session: CheckoutSession, action: string) => {
    try {
      await checkout.complete(session.id);
    } catch (error) {
      if (!(error instanceof AppError) || error.statusCode >= 500) throw error;
      const again = await checkout.find(session.id);
      const closed = closedPage(reply, again);
      if (closed) return closed;
      return sendPage(
        reply,
        error.statusCode,
        renderCardPage(viewOf(session, action, error.message)),
      );
    }
    return redirect(reply, successUrl(session.id));
  };

  app.get(pagePath, pageRoute, async (request, reply) => {
    const { sessionId } = request.params as { sessionId: string };
    const session = await checkout.find(sessionId);
    const closed = closedPage(reply, session);
    if (closed || !session) return closed;
    const view = viewOf(session, request.url);
    return sendPage(
      reply,
      200,
      session.status === 'otp' ? renderOtpPage(view) : renderCardPage(view),
    );
  });

  app.post(pagePath, pageRoute, async (request, reply) => {
    const { sessionId } = request.params as { sessionId: string };
    const form = (request.body ?? {}) as CheckoutForm;
    const action = request.url;
    const session = await checkout.find(sessionId);
    if (session && form.action === 'cancel' && session.status !== 'paid') {
      // Abandoning moves nothing; a session already cancelled or expired goes back the same way.
      await checkout.cancel(session.id);
      return redirect(reply, CANCELLED_URL);
    }
    const closed = closedPage(reply, session);
    if (closed || !session) return closed;

    if (form.action === 'otp' && session.status === 'otp') {
      if (!checkSandboxOtp(str(form.otp))) {
        return sendPage(reply, 400, renderOtpPage(viewOf(session, action, INVALID_OTP)));
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
        await checkout.requireOtp(session.id);
        return sendPage(reply, 200, renderOtpPage(viewOf(session, action)));
      default:
        return sendPage(reply, 400, renderCardPage(viewOf(session, action, UNKNOWN_CARD)));
    }
  });

  // The provider's webhook: "this session is paid". Idempotent: any number of calls, one credit.
  app.post(`${pagePath}/callback`, pageRoute, async (request) => {
    const { sessionId } = request.params as { sessionId: string };
    const session = await checkout.find(sessionId);
    if (!session) throw new AppError(404, CHECKOUT_NOT_FOUND);
    const { replayed } = await checkout.complete(session.id);
    return { reference: session.id, status: 'paid', replayed };
  });
}
