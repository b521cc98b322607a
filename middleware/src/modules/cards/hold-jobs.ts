import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { createLedger } from '../../ledger/index.js';

/**
 * An authorisation the card network never cleared gives its money back when its window ends, by
 * the app clock (docs/decisions/041-authorisation-holds.md). Every minute on one instance of the
 * fleet; a late presentment after the release is the card network's matter (posted without a hold).
 */
export const RELEASE_EXPIRED_HOLDS_JOB = 'cards.release-expired-holds';
export const RELEASE_EXPIRED_HOLDS_EVERY_SECONDS = 60;
const BATCH = 500;

export function registerHoldJobs(app: FastifyInstance): void {
  const ledger = createLedger(app.db);
  app.jobs.define({
    kind: RELEASE_EXPIRED_HOLDS_JOB,
    async handle(_payload, ctx) {
      // A full batch may mean more are due: go on until a batch comes back short.
      while ((await ledger.releaseExpiredHolds(ctx.now(), BATCH)) === BATCH);
      // The card transactions whose hold lapsed say so in the history; a late presentment may
      // still post them (src/modules/cards/card-transactions.ts).
      await sql`update card_transactions t set state = 'released', updated_at = ${ctx.now()}
        from ledger_holds h
        where h.reference = t.hold_reference and t.state = 'authorised'
          and h.status = 'released'`.execute(app.db);
    },
  });
  app.jobs.every(RELEASE_EXPIRED_HOLDS_JOB, RELEASE_EXPIRED_HOLDS_EVERY_SECONDS);
}
