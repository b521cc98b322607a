import type { Clock } from '../../clock.js';
import { AppError, unauthorized } from '../../errors.js';
import type { SecretHasher } from '../../security/secrets.js';
import type { TokenService } from '../../security/tokens.js';
import type { UserRepository } from '../users/user-repository.js';
import type { LoginAttemptsRepository } from './login-attempts-repository.js';
import { ACCOUNT_CLOSED_SIGN_IN, LOGIN_FAILED, loginLockedMessage } from './messages.js';

/** The 5th consecutive failure locks sign-in for that phone for 15 minutes. */
export const LOGIN_MAX_FAILURES = 5;
export const LOGIN_LOCK_SECONDS = 15 * 60;

export interface LoginResult {
  token: string;
  user: { id: string; is_verified: boolean; mifos_client_id: number | null };
}

export interface LoginServiceDeps {
  users: UserRepository;
  attempts: LoginAttemptsRepository;
  secrets: SecretHasher;
  tokens: TokenService;
  clock: Clock;
}

/** The lock's 429: Retry-After in seconds, and the message's minutes rounded up from the same. */
const locked = (until: Date, now: Date) => {
  const seconds = Math.max(1, Math.ceil((until.getTime() - now.getTime()) / 1000));
  return new AppError(429, loginLockedMessage(Math.ceil(seconds / 60)), 'LOGIN_LOCKED', undefined, {
    'retry-after': String(seconds),
  });
};

export class LoginService {
  /** Hash compared when the phone is unknown, so both failures take about as long. */
  private dummyHash: Promise<string> | undefined;

  constructor(private readonly deps: LoginServiceDeps) {}

  private dummy(): Promise<string> {
    // Not cached when it fails (a full hashing pool answers 503): the next sign-in tries again.
    this.dummyHash ??= this.deps.secrets
      .hashSecret('dummy-pin-for-unknown-phones')
      .catch((error: unknown) => {
        this.dummyHash = undefined;
        throw error;
      });
    return this.dummyHash;
  }

  async login(phone: string, securityPin: string): Promise<LoginResult> {
    const { users, attempts, secrets, tokens, clock } = this.deps;
    const now = clock.now();
    // Counted before the PIN is compared (unknown phones too), so parallel guesses cannot get
    // more than 5 comparisons; a success below clears the count.
    // countAttempt answers a lock only while it lasts (an ended one is cleared by the same update).
    const state = await attempts.countAttempt(phone, now);
    if (state.lockedUntil) throw locked(state.lockedUntil, now);
    if (state.count > LOGIN_MAX_FAILURES) {
      const until = await attempts.lock(
        phone,
        new Date(now.getTime() + LOGIN_LOCK_SECONDS * 1000),
        now,
      );
      throw locked(until, now);
    }

    const user = await users.findByPhone(phone);
    const stored = user?.security_pin_hash ?? (await this.dummy());
    const pinMatches = await secrets.verifySecret(securityPin, stored);
    if (!user || !user.security_pin_hash || !pinMatches) {
      if (state.count >= LOGIN_MAX_FAILURES) {
        const until = await attempts.lock(
          phone,
          new Date(now.getTime() + LOGIN_LOCK_SECONDS * 1000),
          now,
        );
        throw locked(until, now);
      }
      throw unauthorized(LOGIN_FAILED);
    }

    await attempts.clear(phone);
    // SPEC §9: a closed account stays closed. Told only to whoever knows the PIN.
    if (user.closed_at) throw new AppError(403, ACCOUNT_CLOSED_SIGN_IN, 'ACCOUNT_CLOSED');
    const { token } = await tokens.issue(user.id);
    return {
      token,
      user: { id: user.id, is_verified: user.is_verified, mifos_client_id: user.mifos_client_id },
    };
  }
}
