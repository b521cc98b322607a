import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { CardCheckout, CheckoutRequest, CheckoutStatus } from './index.js';

/**
 * Sandbox checkout: the link is the callback itself with the reference, as if the card was
 * charged; amounts ending in 13 kobo fail so the failure path can be exercised. Checkouts live in
 * `sandbox_card_checkouts`, so any instance verifies them.
 */
export class SandboxCardCheckout implements CardCheckout {
  constructor(private readonly db: Kysely<Database>) {}

  async createCheckout(request: CheckoutRequest) {
    const status: CheckoutStatus = request.amountKobo % 100 === 13 ? 'failed' : 'successful';
    await this.db
      .insertInto('sandbox_card_checkouts')
      .values({ reference: request.reference, status, amount_kobo: request.amountKobo })
      .onConflict((oc) =>
        oc.column('reference').doUpdateSet({ status, amount_kobo: request.amountKobo }),
      )
      .execute();
    const separator = request.callbackUrl.includes('?') ? '&' : '?';
    return {
      link: `${request.callbackUrl}${separator}reference=${encodeURIComponent(request.reference)}&status=${status}`,
    };
  }

  async verify(reference: string) {
    const row = await this.db
      .selectFrom('sandbox_card_checkouts')
      .select(['status', 'amount_kobo'])
      .where('reference', '=', reference)
      .executeTakeFirst();
    return row ? { status: row.status, amountKobo: row.amount_kobo } : null;
  }
}
