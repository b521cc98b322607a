import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { AppError } from '../../errors.js';
import { COMMISSION_WALLET_PRODUCT_ID, createLedger, nairaToKobo } from '../../ledger/index.js';
import { assertTransferWithinLimits, lockCustomers } from '../../money/limits.js';
import {
  SAME_WALLET,
  WALLET_CANNOT_RECEIVE,
  WALLET_NOT_FOUND,
  WALLET_TRANSFER_DONE,
} from './messages.js';

export interface WalletHolder {
  accountNumber: string;
  ownerUserId: string;
  firstname: string;
  lastname: string;
}

/**
 * The customer wallet behind a number another customer typed (SPEC §7 verify-wallet-number). Only
 * an active customer's main wallet can receive: a commission wallet holds rewards, not transfers
 * (SPEC §9 referral terms); a blocked one cannot be credited.
 */
export async function findReceivingWallet(
  db: Kysely<Database>,
  accountNumber: string,
): Promise<WalletHolder> {
  const row = await db
    .selectFrom('ledger_accounts as a')
    .innerJoin('users as u', 'u.id', 'a.owner_user_id')
    .select(['a.account_number', 'a.type', 'a.status', 'a.product_id', 'a.owner_user_id'])
    .select(['u.first_name', 'u.last_name'])
    .where('a.account_number', '=', accountNumber)
    .executeTakeFirst();
  if (!row || !row.owner_user_id || row.status === 'closed') {
    throw new AppError(404, WALLET_NOT_FOUND, 'WALLET_NOT_FOUND');
  }
  if (row.type !== 'customer_wallet' || row.product_id === COMMISSION_WALLET_PRODUCT_ID) {
    throw new AppError(422, WALLET_CANNOT_RECEIVE, 'WALLET_CANNOT_RECEIVE');
  }
  if (row.status === 'blocked') throw new AppError(409, WALLET_CANNOT_RECEIVE, 'WALLET_BLOCKED');
  return {
    accountNumber,
    ownerUserId: row.owner_user_id,
    firstname: row.first_name ?? '',
    lastname: row.last_name ?? '',
  };
}

export interface WalletTransferInput {
  userId: string;
  reference: string;
  from: string;
  to: string;
  amount: number;
  narration: string | undefined;
}

/**
 * Wallet to wallet (SPEC §2): one balanced ledger entry, intra-outward for the sender and
 * intra-inward for the receiver (the ledger turns the type per account). The sender's daily limit
 * and the receiver's maximum balance (docs/domain.md "KYC tiers") are checked on locked rows in the
 * same transaction, so concurrent transfers cannot pass them together. The money call's
 * reference is the ledger reference: a call run again after a crash moves nothing new.
 */
export async function transferBetweenWallets(db: Kysely<Database>, input: WalletTransferInput) {
  if (input.from === input.to) throw new AppError(422, SAME_WALLET, 'SAME_WALLET');
  const receiver = await findReceivingWallet(db, input.to);
  const amountKobo = nairaToKobo(input.amount);
  const receiverName = `${receiver.firstname} ${receiver.lastname}`.trim();
  const narration = input.narration?.trim() || `Transfer to ${receiverName}`;

  await db.transaction().execute(async (trx) => {
    await lockCustomers(trx, [input.userId, receiver.ownerUserId]);
    // A re-run of an applied call replays it (below); the limits already counted it.
    await assertTransferWithinLimits(trx, {
      reference: input.reference,
      senderId: input.userId,
      receiverId: receiver.ownerUserId,
      amountKobo,
    });
    await createLedger(trx).transfer({
      from: input.from,
      to: input.to,
      amountKobo,
      reference: input.reference,
      type: 'intra-outward',
      narration,
      metadata: { receiver_name: receiverName },
    });
  });

  return {
    message: WALLET_TRANSFER_DONE,
    transfer: {
      tx_ref: input.reference,
      status: 'successful' as const,
      amount: input.amount,
      receiver_wallet_number: input.to,
      receiver_name: receiverName,
    },
  };
}
