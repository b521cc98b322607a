import { maskBvn } from '@ajo/shared/format';
import { STATE_REQUIRED } from '@ajo/shared/messages';
import type { Clock } from '../../clock.js';
import { AppError, badRequest, conflict, notFound } from '../../errors.js';
import type { User } from '../../db/schema.js';
import type { SecretHasher } from '../../security/secrets.js';
import { PHONE_ALREADY_REGISTERED } from './messages.js';
import { findLocalGovernment, findState } from '../reference-data/states-and-lgas.js';
import { newReferralCode } from './referral-code.js';
import type { WalletObject } from '../wallets/wallet-objects.js';
import type { SignupBody } from './schemas.js';
import type { UserRepository } from './user-repository.js';

export const LGA_NOT_IN_STATE = 'Please select a local government in the chosen state.';
export const REFERRAL_CODE_UNKNOWN = 'This referral code does not exist.';

const isUniqueViolation = (error: unknown) =>
  typeof error === 'object' && error !== null && (error as { code?: unknown }).code === '23505';

/** What GET /users/{id} answers: @ajo/shared userSchema (SPEC §3 fields). */
export function toUserObject(user: User, wallets: WalletObject[] = []) {
  return {
    id: user.id,
    first_name: user.first_name ?? '',
    last_name: user.last_name ?? '',
    middle_name: user.middle_name,
    phone_number: user.phone_number,
    email: user.email,
    gender: user.gender,
    address: user.address,
    state_id: user.state_id,
    lga_id: user.lga_id,
    photo_url: user.photo_url,
    is_verified: user.is_verified,
    mifos_client_id: user.mifos_client_id,
    nin: user.nin,
    nin_verification_status: user.nin_verification_status,
    // Masked: the full number only after the transaction PIN (POST /users/{id}/reveal-bvn).
    bvn: user.bvn === null ? null : maskBvn(user.bvn),
    referral_code: user.referral_code,
    isTransactionPinEnabled: Boolean(user.transaction_pin_hash),
    // Opened by activation (POST /verify-user), read from the ledger; main wallet first.
    wallets,
  };
}

export class UserService {
  constructor(
    private readonly deps: {
      users: UserRepository;
      secrets: SecretHasher;
      clock: Clock;
      /** The user's ledger wallets (src/modules/wallets/wallet-objects.ts); default none. */
      wallets?: (userId: string) => Promise<WalletObject[]>;
      /**
       * A short-lived signed link to the user's stored photo (README "Security notes": files are
       * private); null when the photo is not one of their uploads. Default: none.
       */
      photoLink?: (userId: string, photoUrl: string) => Promise<string | null>;
    },
  ) {}

  /**
   * The account starts unverified, without wallets or mifos_client_id, names empty until
   * KYC; the security PIN is kept only as the secret hasher's slow salted hash.
   */
  async createUser(phone: string, form: SignupBody): Promise<void> {
    const { users, secrets, clock } = this.deps;
    const stateId = Number(form.state_id);
    const lgaId = Number(form.lga_id);
    if (!findState(stateId)) throw badRequest(STATE_REQUIRED);
    if (findLocalGovernment(lgaId)?.stateId !== stateId) throw badRequest(LGA_NOT_IN_STATE);
    const typedCode = form.referrer_code ? form.referrer_code.trim().toUpperCase() : null;
    if (typedCode && !(await users.referralCodeExists(typedCode))) {
      throw badRequest(REFERRAL_CODE_UNKNOWN);
    }
    // A friend invited by number on a referral landing page (POST /referral) who signs up without
    // the code still counts as that referrer's referee (SPEC §9).
    const referrerCode = typedCode ?? (await users.invitedWithCode(phone));
    if (await users.phoneExists(phone)) throw conflict(PHONE_ALREADY_REGISTERED, 'PHONE_TAKEN');

    const pinHash = await secrets.hashSecret(form.pin);
    const now = clock.now();
    // A referral code collision (31^8 codes) is retried; a phone collision is a parallel sign-up.
    for (let attempt = 0; attempt < 5; attempt++) {
      try {
        await users.insert({
          phone_number: phone,
          first_name: '',
          last_name: '',
          middle_name: null,
          address: form.address,
          state_id: stateId,
          lga_id: lgaId,
          gender: form.gender,
          email: form.email ? form.email : null,
          photo_url: null,
          mifos_client_id: null,
          nin: null,
          nin_verification_status: null,
          bvn: null,
          referral_code: newReferralCode(),
          referrer_code: referrerCode,
          security_pin_hash: pinHash,
          transaction_pin_hash: null,
          created_at: now,
          updated_at: now,
        });
        return;
      } catch (error) {
        if (!isUniqueViolation(error)) throw error;
        if (await users.phoneExists(phone)) throw conflict(PHONE_ALREADY_REGISTERED, 'PHONE_TAKEN');
      }
    }
    throw new AppError(500, 'Could not allocate a referral code');
  }

  async getUser(id: string) {
    const user = await this.deps.users.findById(id);
    if (!user) throw notFound('User not found');
    const photoUrl =
      user.photo_url && this.deps.photoLink
        ? await this.deps.photoLink(id, user.photo_url)
        : user.photo_url;
    return toUserObject({ ...user, photo_url: photoUrl }, (await this.deps.wallets?.(id)) ?? []);
  }
}
