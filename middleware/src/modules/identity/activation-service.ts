import { sql, type Kysely, type Transaction } from 'kysely';
import type { Clock } from '../../clock.js';
import type { Database, IdentityJson } from '../../db/schema.js';
import { AppError, badRequest, conflict, notFound } from '../../errors.js';
import { createLedger, type LedgerOptions } from '../../ledger/index.js';
import type { IdentityRepository } from './identity-repository.js';
import { usableTid } from './identity-service.js';
import {
  ALREADY_VERIFIED,
  BVN_ALREADY_LINKED,
  NIN_ALREADY_LINKED,
  PHOTO_NOT_UPLOADED,
  VERIFICATION_COMPLETED,
  VERIFICATION_FAILED,
} from './messages.js';
import { COMMISSION_WALLET, MAIN_WALLET } from '../wallets/wallet-objects.js';

const ATTEMPTS = 3;

const errorCode = (error: unknown) => (error as { code?: unknown } | null)?.code;
const constraintOf = (error: unknown) => (error as { constraint?: unknown } | null)?.constraint;

/**
 * openAccount retries a wallet-number collision by itself, but inside a transaction the collision
 * has already aborted it (ledger README), so the whole activation is run again instead.
 */
function isAccountNumberCollision(error: unknown): boolean {
  return (
    (errorCode(error) === '23505' &&
      constraintOf(error) === 'ledger_accounts_account_number_key') ||
    errorCode(error) === '25P02'
  );
}

function linkedMessage(error: unknown): string | null {
  if (errorCode(error) !== '23505') return null;
  const text = `${String(constraintOf(error) ?? '')} ${(error as Error).message ?? ''}`;
  if (text.includes('users_bvn_key')) return BVN_ALREADY_LINKED;
  if (text.includes('users_nin_key')) return NIN_ALREADY_LINKED;
  return null;
}

/**
 * POST /verify-user (SPEC §4): in ONE transaction, marks the user verified with
 * the identity's details, assigns mifos_client_id from its sequence, opens the main and commission
 * wallets in the ledger and consumes the tid. Row locks on the user and the tid make a second,
 * concurrent activation wait and then find the user verified (409), so one set of wallets exists.
 */
export class ActivationService {
  constructor(
    private readonly deps: {
      db: Kysely<Database>;
      repository: IdentityRepository;
      clock: Clock;
      /**
       * Whether photo_url is this user's own upload, and whether its stored bytes passed the face
       * check for this user.
       */
      photoStatus: (
        userId: string,
        url: string,
      ) => Promise<'not-uploaded' | 'not-checked' | 'checked'>;
      /** Tests force wallet-number collisions through randomInt. */
      ledgerOptions?: LedgerOptions;
    },
  ) {}

  async activate(userId: string, input: { photo_url: string; tid: string }) {
    const { db, repository, clock } = this.deps;
    // Cheap checks first, outside the transaction (nothing else may query while one is open on
    // the single PGlite connection); the transaction repeats the ones that can race.
    const user = await db
      .selectFrom('users')
      .select('is_verified')
      .where('id', '=', userId)
      .executeTakeFirst();
    if (!user) throw notFound('User not found');
    if (user.is_verified) throw conflict(ALREADY_VERIFIED, 'ALREADY_VERIFIED');
    try {
      usableTid(await repository.findTid(input.tid), userId, clock.now());
    } catch (error) {
      // A parallel activation may have used the tid between the two reads: it verified the user,
      // and that (409) is the answer, not "tid not found".
      const now = await db
        .selectFrom('users')
        .select('is_verified')
        .where('id', '=', userId)
        .executeTakeFirst();
      if (now?.is_verified) throw conflict(ALREADY_VERIFIED, 'ALREADY_VERIFIED');
      throw error;
    }
    const photo = await this.deps.photoStatus(userId, input.photo_url);
    if (photo === 'not-uploaded') throw badRequest(PHOTO_NOT_UPLOADED, 'PHOTO_NOT_UPLOADED');
    // SPEC §5: the face photo must pass the server face check; SPEC §8's words for the failure.
    if (photo === 'not-checked') {
      throw new AppError(422, VERIFICATION_FAILED, 'FACE_CHECK_REQUIRED');
    }

    for (let attempt = 1; ; attempt++) {
      try {
        await db.transaction().execute((trx) => this.activateIn(trx, userId, input));
        return { message: VERIFICATION_COMPLETED };
      } catch (error) {
        const linked = linkedMessage(error);
        if (linked) throw conflict(linked, 'IDENTITY_LINKED');
        if (attempt < ATTEMPTS && isAccountNumberCollision(error)) continue;
        throw error;
      }
    }
  }

  private async activateIn(
    trx: Transaction<Database>,
    userId: string,
    input: { photo_url: string; tid: string },
  ): Promise<void> {
    const { repository, clock } = this.deps;
    const now = clock.now();
    const user = await trx
      .selectFrom('users')
      .select('is_verified')
      .where('id', '=', userId)
      .forUpdate()
      .executeTakeFirst();
    if (!user) throw notFound('User not found');
    if (user.is_verified) throw conflict(ALREADY_VERIFIED, 'ALREADY_VERIFIED');
    const row = usableTid(await repository.findTid(input.tid, trx, true), userId, now);
    const identity = row.identity as IdentityJson;
    const number = (row.source === 'bvn' ? identity.bvn : identity.nin) ?? '';

    // One account per BVN/NIN: a clear 409 here; the unique index catches a parallel twin.
    const holder = await trx
      .selectFrom('users')
      .select('id')
      .where(row.source, '=', number)
      .where('id', '!=', userId)
      .executeTakeFirst();
    if (holder) throw conflict(row.source === 'bvn' ? BVN_ALREADY_LINKED : NIN_ALREADY_LINKED);

    const { rows } = await sql<{ id: number | string }>`
      select nextval('mifos_client_id_seq') as id`.execute(trx);
    const mifosClientId = Number(rows[0]?.id);
    if (!Number.isSafeInteger(mifosClientId)) throw new AppError(500, 'No client id');

    await trx
      .updateTable('users')
      .set({
        is_verified: true,
        first_name: identity.first_name,
        last_name: identity.surname,
        middle_name: identity.middle_name,
        gender: identity.gender === 'Female' ? 'female' : 'male',
        date_of_birth: identity.date_of_birth,
        photo_url: input.photo_url,
        mifos_client_id: mifosClientId,
        ...(row.source === 'bvn' ? { bvn: number } : { nin: number }),
        updated_at: now,
      })
      .where('id', '=', userId)
      .execute();

    const ledger = createLedger(trx, this.deps.ledgerOptions);
    await ledger.openAccount({
      type: 'customer_wallet',
      name: MAIN_WALLET.name,
      ownerUserId: userId,
      productId: MAIN_WALLET.productId,
    });
    await ledger.openAccount({
      type: 'commission_wallet',
      name: COMMISSION_WALLET.name,
      ownerUserId: userId,
      productId: COMMISSION_WALLET.productId,
    });
    await repository.consumeTid(trx, row.tid, now);
  }
}
