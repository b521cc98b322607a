import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { createLedger, koboToNaira, nairaToKobo } from '../../ledger/index.js';
import type { InboundCreditNotification } from '../../providers/bank-switch/index.js';
import { ensureSystemAccounts } from '../../money/system-accounts.js';

export type InboundTransfer = InboundCreditNotification;

/**
 * The bank switch's inbound credit (issue 6 contract 3): money another bank sent to a wallet's
 * account number lands as inter-inward from the bank settlement account. The switch's reference is
 * the ledger reference, so a repeated notification moves money once.
 */
export async function creditInboundTransfer(db: Kysely<Database>, input: InboundTransfer) {
  await ensureSystemAccounts(db);
  const reference = input.reference ?? `inbound-${randomUUID()}`;
  const amountKobo = nairaToKobo(input.amount);
  // A refusal (unknown, blocked or closed account) is a LedgerError the error handler answers.
  const result = await createLedger(db).transfer({
    from: 'bank_settlement',
    to: input.account_number,
    amountKobo,
    reference,
    type: 'inter-inward',
    narration: `From ${input.sender_name} (${input.sender_bank})`,
    metadata: { sender_name: input.sender_name, sender_bank: input.sender_bank },
  });
  return {
    replayed: result.replayed,
    body: { reference, credited: Number(koboToNaira(amountKobo)) },
  };
}
