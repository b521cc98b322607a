import type { Api } from '../../http/api.js';
import type { CardCheckout, CheckoutSessions } from './index.js';
import { CHECKOUT_PATH, sandboxCheckoutPages } from './sandbox-pages.js';

/**
 * The sandbox card processor: a hosted checkout page served by this middleware, where the test
 * card number decides the outcome (sandbox-cards.ts, middleware/README.md "Sandbox funding").
 */
export class SandboxCardCheckout implements CardCheckout {
  checkoutUrl(sessionId: string): string {
    return `/api${CHECKOUT_PATH}/${sessionId}`;
  }

  registerPages(app: Api, sessions: CheckoutSessions): Promise<void> {
    return sandboxCheckoutPages(app, sessions);
  }
}
