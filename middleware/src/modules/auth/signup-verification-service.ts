import { conflict } from '../../errors.js';
import type { UserRepository } from '../users/user-repository.js';
import { PHONE_ALREADY_REGISTERED } from '../users/messages.js';
import type { OtpService } from './otp-service.js';
import type { SignupTokens } from '../../security/signup-tokens.js';

/** Sign-up step 1 and 2 (SPEC §2 /signup and /otp): prove the phone number with an SMS OTP. */
export class SignupVerificationService {
  constructor(
    private readonly deps: { users: UserRepository; otps: OtpService; tokens: SignupTokens },
  ) {}

  private async refuseRegistered(phone: string): Promise<void> {
    if (await this.deps.users.phoneExists(phone)) {
      throw conflict(PHONE_ALREADY_REGISTERED, 'PHONE_TAKEN');
    }
  }

  /** GET /auth and GET /auth/get-otps: both send a new OTP under the 180-s rule. */
  async sendOtp(phone: string): Promise<void> {
    await this.refuseRegistered(phone);
    await this.deps.otps.issue(phone, 'signup');
  }

  /** POST /auth: the OTP is right → the short-lived signup token POST /users asks for. */
  async verify(phone: string, otp: string): Promise<string> {
    await this.deps.otps.verify(phone, 'signup', otp);
    return this.deps.tokens.issue(phone);
  }
}
