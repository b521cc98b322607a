import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Clock } from '../../clock.js';
import type { Database } from '../../db/schema.js';
import { createLedger, koboToNaira, nairaToKobo } from '../../ledger/index.js';
import type { InboundCreditNotification } from '../../providers/bank-switch/index.js';
import { assertWithinMaxBalance, lockCustomers } from '../../money/limits.js';
import { ensureSystemAccounts } from '../../money/system-accounts.js';
import type { OnFunded } from '../referrals/rewards.js';

export type InboundTransfer = InboundCreditNotification;

/**
 * The bank switch's inbound credit: money another bank sent to a wallet's
 * account number lands as inter-inward from the bank settlement account. The switch's reference is
 * the ledger reference, so a repeated notification moves money once.
 */
export async function creditInboundTransfer(
  db: Kysely<Database>,
  input: InboundTransfer,
  deps: { clock: Clock; onFunded?: OnFunded },
) {
  await ensureSystemAccounts(db);
  const reference = input.reference ?? `inbound-${randomUUID()}`;
  const amountKobo = nairaToKobo(input.amount);
  // A refusal (unknown, blocked or closed account) is a LedgerError the error handler answers.
  const result = await db.transaction().execute(async (trx) => {
    const owner = await createLedger(trx).findWalletOwner(input.account_number);
    const applied = await trx
      .selectFrom('ledger_entries')
      .select('id')
      .where('reference', '=', reference)
      .executeTakeFirst();
    // docs/domain.md "KYC tiers": a credit past the holder's maximum balance is refused (the switch
    // returns it to the sender); a repeated notification of an applied one is still a replay.
    if (owner?.ownerUserId && !applied) {
      await lockCustomers(trx, [owner.ownerUserId]);
      await assertWithinMaxBalance(trx, owner.ownerUserId, amountKobo);
    }
    const credit = await createLedger(trx).transfer({
      from: 'bank_settlement',
      to: input.account_number,
      amountKobo,
      reference,
      type: 'inter-inward',
      narration: `From ${input.sender_name} (${input.sender_bank})`,
      metadata: { sender_name: input.sender_name, sender_bank: input.sender_bank },
    });
    if (owner?.ownerUserId && !credit.replayed) {
      await deps.onFunded?.(trx, { userId: owner.ownerUserId, reference, at: deps.clock.now() });
    }
    return credit;
  });
  return {
    replayed: result.replayed,
    body: { reference, credited: Number(koboToNaira(amountKobo)) },
  };
}
