import type { CardCheckout, CheckoutRequest, CheckoutStatus } from './index.js';

/**
 * Sandbox checkout: the link is the callback itself with the reference, as if the card was
 * charged; amounts ending in 13 kobo fail so the failure path can be exercised.
 */
export class SandboxCardCheckout implements CardCheckout {
  private readonly checkouts = new Map<string, { status: CheckoutStatus; amountKobo: number }>();

  async createCheckout(request: CheckoutRequest) {
    const status: CheckoutStatus = request.amountKobo % 100 === 13 ? 'failed' : 'successful';
    this.checkouts.set(request.reference, { status, amountKobo: request.amountKobo });
    const separator = request.callbackUrl.includes('?') ? '&' : '?';
    return {
      link: `${request.callbackUrl}${separator}reference=${encodeURIComponent(request.reference)}&status=${status}`,
    };
  }

  async verify(reference: string) {
    return this.checkouts.get(reference) ?? null;
  }
}
