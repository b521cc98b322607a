import type { NewBeneficiaryValues } from '@ajo/shared/schemas';
import { ERROR_SAVING_BENEFICIARY } from '@ajo/shared/messages';
import { BENEFICIARY_DELETED, BENEFICIARY_SAVED } from '@ajo/shared/messages';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { AppError, forbidden } from '../../errors.js';
import { sqlState } from '../../ledger/ledger-error.js';
import type { Bank } from '../../providers/bank-switch/index.js';
import { isValidNuban } from '../../providers/bank-switch/nuban.js';
import {
  BENEFICIARY_NOT_FOUND,
  BENEFICIARY_RECIPIENT_MISMATCH,
  INVALID_NUBAN,
  TOO_MANY_BENEFICIARIES,
  UNKNOWN_BANK,
} from './messages.js';

const MAX_PER_WALLET = 100;

const COLUMNS = [
  'id',
  'name',
  'recipient_account_number',
  'account_number',
  'account_type',
  'bank_code',
  'bank_image',
] as const;

/**
 * SPEC §2 / §3 / §7 beneficiaries, saved against one of the caller's wallets (the routes check the
 * wallet is theirs). A bank beneficiary has a bank code (its bankName is derived on the client);
 * a wallet beneficiary has none.
 */
export class Beneficiaries {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly banks: () => Promise<Bank[]>,
  ) {}

  list(walletAccountNumber: string) {
    return this.db
      .selectFrom('beneficiaries')
      .select(COLUMNS)
      .where('account_number', '=', walletAccountNumber)
      .orderBy('name')
      .orderBy('id')
      .execute();
  }

  async save(userId: string, recipientAccountNumber: string, body: NewBeneficiaryValues) {
    if (recipientAccountNumber !== body.recipient_account_number) {
      throw new AppError(422, BENEFICIARY_RECIPIENT_MISMATCH, 'RECIPIENT_MISMATCH');
    }
    const bankCode = body.bank_code?.trim() || null;
    if (bankCode) {
      const bank = (await this.banks()).find((b) => b.code === bankCode);
      if (!bank) throw new AppError(422, UNKNOWN_BANK, 'UNKNOWN_BANK');
      if (!isValidNuban(bank.code, recipientAccountNumber)) {
        throw new AppError(422, INVALID_NUBAN, 'INVALID_NUBAN');
      }
    }
    const { count } = await this.db
      .selectFrom('beneficiaries')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('account_number', '=', body.account_number)
      .executeTakeFirstOrThrow();
    if (Number(count) >= MAX_PER_WALLET) {
      throw new AppError(422, TOO_MANY_BENEFICIARIES, 'TOO_MANY_BENEFICIARIES');
    }
    try {
      const saved = await this.db
        .insertInto('beneficiaries')
        .values({
          user_id: userId,
          account_number: body.account_number,
          recipient_account_number: recipientAccountNumber,
          name: body.name,
          account_type: body.account_type,
          bank_code: bankCode,
          bank_image: body.bank_image?.trim() || null,
        })
        .returning(COLUMNS)
        .executeTakeFirstOrThrow();
      return { message: BENEFICIARY_SAVED, data: saved };
    } catch (error) {
      // The unique index: this recipient is already saved on this wallet (SPEC §8 save error).
      if (sqlState(error) === '23505') {
        throw new AppError(409, ERROR_SAVING_BENEFICIARY, 'BENEFICIARY_EXISTS');
      }
      throw error;
    }
  }

  /** 404 for an unknown id, 403 for someone else's. */
  async remove(userId: string, id: number) {
    const row = await this.db
      .selectFrom('beneficiaries')
      .select(['id', 'user_id'])
      .where('id', '=', id)
      .executeTakeFirst();
    if (!row) throw new AppError(404, BENEFICIARY_NOT_FOUND, 'BENEFICIARY_NOT_FOUND');
    if (row.user_id !== userId) throw forbidden();
    await this.db.deleteFrom('beneficiaries').where('id', '=', id).execute();
    return { message: BENEFICIARY_DELETED };
  }
}
