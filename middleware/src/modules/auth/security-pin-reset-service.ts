import { INVALID_OTP } from '@ajo/shared/messages';
import type { Clock } from '../../clock.js';
import { unauthorized } from '../../errors.js';
import type { SecretHasher } from '../../security/secrets.js';
import type { TokenService } from '../../security/tokens.js';
import type { UserRepository } from '../users/user-repository.js';
import type { LoginAttemptsRepository } from './login-attempts-repository.js';
import type { OtpService } from './otp-service.js';

/** SPEC §2 /forgot-pin: a reset OTP by SMS, then a new 4-digit security PIN. */
export class SecurityPinResetService {
  constructor(
    private readonly deps: {
      users: UserRepository;
      otps: OtpService;
      attempts: LoginAttemptsRepository;
      secrets: SecretHasher;
      tokens: Pick<TokenService, 'endAllFor'>;
      clock: Clock;
    },
  ) {}

  /**
   * GET /auth/forgot. The answer never tells whether the number has an account: an unknown number
   * gets an OTP row nobody receives, so even the 180-s rule (429) behaves the same.
   */
  async requestOtp(phone: string): Promise<void> {
    const exists = await this.deps.users.phoneExists(phone);
    await this.deps.otps.issue(phone, 'reset', exists);
  }

  /**
   * POST /reset-security-pin: OTP rules of the signup OTP; a new PIN also lifts the sign-in lock and
   * ends every session of the account (docs/decisions/015-sessions-ended-on-the-server.md): whoever
   * knew the old PIN is signed out everywhere.
   */
  async reset(phone: string, otp: string, securityPin: string): Promise<void> {
    const { users, otps, attempts, secrets, tokens, clock } = this.deps;
    await otps.verify(phone, 'reset', otp);
    const hash = await secrets.hashSecret(securityPin);
    if (!(await users.setSecurityPinHash(phone, hash, clock.now())))
      throw unauthorized(INVALID_OTP);
    await attempts.clear(phone);
    const user = await users.findByPhone(phone);
    if (user) await tokens.endAllFor(user.id, 'security-pin-reset');
  }
}
