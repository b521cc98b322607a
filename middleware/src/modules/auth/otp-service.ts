import { randomInt } from 'node:crypto';
import type { Clock } from '../../clock.js';
import { AppError, unauthorized } from '../../errors.js';
import { INVALID_OTP } from '@ajo/shared/messages';
import type { Notifier } from '../../providers/notifier/index.js';
import {
  OTP_EXPIRED,
  OTP_TOO_MANY_TRIES,
  otpWaitMessage,
  resetOtpSms,
  signupOtpSms,
  transactionPinResetOtpSms,
} from './messages.js';
import type { SecretHasher } from '../../security/secrets.js';
import type { OtpPurpose, OtpRepository } from './otp-repository.js';

/** docs/architecture.md "Security habits": OTPs are single use, 10 minutes, 5 tries. */
export const OTP_TTL_SECONDS = 10 * 60;
/** SPEC §9: the resend countdown is 180 s; the server holds the same rule. */
export const OTP_RESEND_SECONDS = 180;
export const OTP_MAX_TRIES = 5;

const smsFor: Record<OtpPurpose, (otp: string) => string> = {
  signup: signupOtpSms,
  reset: resetOtpSms,
  'transaction-pin-reset': transactionPinResetOtpSms,
};

export interface OtpServiceDeps {
  repository: OtpRepository;
  notifier: Notifier;
  clock: Clock;
  /** The app's secret hasher: its fast peppered digest, see code() below. */
  secrets: Pick<SecretHasher, 'digestCode' | 'verifyCode'>;
}

export class OtpService {
  constructor(private readonly deps: OtpServiceDeps) {}

  /**
   * Why HMAC-SHA256 with the pepper and not scrypt: an OTP lives 10 minutes and allows 5 tries, so
   * the online limit is the defence; a leaked hash without PIN_PEPPER (kept out of the database)
   * cannot be brute-forced offline, and a fast keyed hash keeps verification cheap. Phone and
   * purpose are part of the input, so a hash is only good for the row it was made for.
   */
  private code(phone: string, purpose: OtpPurpose, otp: string): string {
    return `otp:${purpose}:${phone}:${otp}`;
  }

  /**
   * Sends a new 6-digit OTP (the previous one stops working). 429 with the seconds left when the
   * last one went out less than 180 s ago. `deliver: false` stores an OTP nobody receives: the
   * reset call uses it for unknown numbers so that its answers (429 included) reveal nothing.
   */
  async issue(phone: string, purpose: OtpPurpose, deliver = true): Promise<void> {
    const now = this.deps.clock.now();
    const otp = randomInt(0, 1_000_000).toString().padStart(6, '0');
    const id = await this.deps.repository.replace({
      phone,
      purpose,
      hash: this.deps.secrets.digestCode(this.code(phone, purpose, otp)),
      now,
      expiresAt: new Date(now.getTime() + OTP_TTL_SECONDS * 1000),
      sentNotAfter: new Date(now.getTime() - OTP_RESEND_SECONDS * 1000),
    });
    if (!id) {
      const last = await this.deps.repository.lastSentAt(phone, purpose);
      const leftMs = last ? last.getTime() + OTP_RESEND_SECONDS * 1000 - now.getTime() : 1000;
      const seconds = Math.max(1, Math.ceil(leftMs / 1000));
      throw new AppError(429, otpWaitMessage(seconds), 'OTP_TOO_SOON');
    }
    if (!deliver) return;
    try {
      await this.deps.notifier.sendSms({ to: phone, body: smsFor[purpose](otp) });
    } catch (error) {
      await this.deps.repository.remove(id);
      throw error;
    }
  }

  /**
   * Accepts the OTP once, or throws 401. A missing, used or wrong code all answer 'Invalid OTP'
   * (no oracle beyond expiry and the try limit); the try is counted before comparing, so parallel
   * guesses cannot exceed 5.
   */
  async verify(phone: string, purpose: OtpPurpose, otp: string): Promise<void> {
    const now = this.deps.clock.now();
    const live = await this.deps.repository.findLive(phone, purpose);
    if (!live) throw unauthorized(INVALID_OTP);
    if (live.attempts >= OTP_MAX_TRIES) throw unauthorized(OTP_TOO_MANY_TRIES);
    if (live.expires_at.getTime() <= now.getTime()) throw unauthorized(OTP_EXPIRED);
    const tries = await this.deps.repository.countTry(live.id);
    if (tries === null) throw unauthorized(INVALID_OTP);
    if (tries > OTP_MAX_TRIES) throw unauthorized(OTP_TOO_MANY_TRIES);
    if (!this.deps.secrets.verifyCode(this.code(phone, purpose, otp), live.hash)) {
      throw unauthorized(tries >= OTP_MAX_TRIES ? OTP_TOO_MANY_TRIES : INVALID_OTP);
    }
    if (!(await this.deps.repository.consume(live.id, now))) throw unauthorized(INVALID_OTP);
  }
}
