/** Card checkout (bank-to-wallet funding, SPEC §7 POST /transfers/bank-to-wallet → link). */
export interface CheckoutRequest {
  reference: string;
  amountKobo: number;
  customerPhone: string;
  callbackUrl: string;
}
export type CheckoutStatus = 'pending' | 'successful' | 'failed';
export interface CardCheckout {
  createCheckout(request: CheckoutRequest): Promise<{ link: string }>;
  verify(reference: string): Promise<{ status: CheckoutStatus; amountKobo: number } | null>;
}
