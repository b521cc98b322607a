import type { Api } from '../../http/api.js';

/*
 * Card checkout (bank-to-wallet funding, SPEC §7 POST /transfers/bank-to-wallet → link): a card
 * processor's hosted page takes the card; the funding area keeps the checkout sessions and credits
 * the wallet once the processor says "paid".
 */

/** A checkout session as the processor's page needs it. */
export interface CheckoutSessionView {
  id: string;
  amountKobo: number;
  walletAccountNumber: string;
  status: 'pending' | 'otp' | 'paid' | 'cancelled';
  expired: boolean;
}

/**
 * What the funding area offers the processor: read a session, note that the card asked for an OTP,
 * cancel, and complete (credit once; repeated or concurrent calls answer `replayed`). `complete`
 * throws an AppError when the wallet refuses the credit (blocked, closed) or the session expired.
 */
export interface CheckoutSessions {
  find(id: string): Promise<CheckoutSessionView | null>;
  requireOtp(id: string): Promise<void>;
  cancel(id: string): Promise<void>;
  complete(id: string): Promise<{ replayed: boolean }>;
}

export interface CardCheckout {
  /** Where the browser goes to pay for a checkout session. */
  checkoutUrl(sessionId: string): string;
  /**
   * The pages and webhook the processor serves from this middleware (the sandbox's hosted page),
   * mounted under /api by the funding routes; a real processor's live on its own site and call
   * back through a webhook route of their own.
   */
  registerPages?(app: Api, sessions: CheckoutSessions): Promise<void>;
}
