import type { Kysely } from 'kysely';
import type { Clock } from '../../clock.js';
import type { Database, IdentityJson } from '../../db/schema.js';
import { AppError, conflict, forbidden, notFound } from '../../errors.js';
import type { IdentityProvider } from '../../providers/identity/index.js';
import type { IdentityRepository, TidRow } from './identity-repository.js';
import { maskDate, maskName } from './masking.js';
import {
  ALREADY_VERIFIED,
  BVN_DATA_NOT_FOUND,
  NIN_DETAILS_MISMATCH,
  NIN_NOT_FOUND,
} from './messages.js';

/** A consent session lives 15 minutes, a tid 30 minutes; both are single-use. */
export const CONSENT_TTL_SECONDS = 15 * 60;
export const TID_TTL_SECONDS = 30 * 60;

export type ConsentOutcome = 'success' | 'failed' | 'cancelled';

const addSeconds = (date: Date, seconds: number) => new Date(date.getTime() + seconds * 1000);

/** The tid as /bvn/details reads it: usable, or the reason it is not. */
export function usableTid(row: TidRow | undefined, userId: string, now: Date): TidRow {
  // Another user's tid is 403 whatever its state (OWASP API1); anything unusable is the SPEC's 404.
  if (row && row.user_id !== userId) throw forbidden();
  if (
    !row ||
    row.outcome !== 'success' ||
    !row.identity ||
    row.consumed_at !== null ||
    row.expires_at.getTime() <= now.getTime()
  ) {
    throw notFound(BVN_DATA_NOT_FOUND);
  }
  return row;
}

/** BVN consent (sandbox page), BVN details by tid and NIN start (SPEC §7). */
export class IdentityService {
  constructor(
    private readonly deps: {
      db: Kysely<Database>;
      repository: IdentityRepository;
      provider: IdentityProvider;
      clock: Clock;
    },
  ) {}

  private async assertNotVerified(userId: string): Promise<void> {
    const user = await this.deps.db
      .selectFrom('users')
      .select('is_verified')
      .where('id', '=', userId)
      .executeTakeFirst();
    if (!user) throw notFound('User not found');
    if (user.is_verified) throw conflict(ALREADY_VERIFIED, 'ALREADY_VERIFIED');
  }

  async startBvn(userId: string): Promise<{ redirectUrl: string }> {
    await this.assertNotVerified(userId);
    const now = this.deps.clock.now();
    const sessionId = await this.deps.repository.createConsentSession(
      userId,
      addSeconds(now, CONSENT_TTL_SECONDS),
    );
    return { redirectUrl: this.deps.provider.bvnConsentUrl(sessionId) };
  }

  /** True while the consent page may still be shown for this session. */
  async consentSessionIsLive(sessionId: string): Promise<boolean> {
    const now = this.deps.clock.now();
    return (await this.deps.repository.findLiveConsentSession(sessionId, now)) !== undefined;
  }

  /**
   * The consent page's answer: consumes the session (single-use) and records a tid with the
   * outcome. Returns null when the session is unknown, used or expired.
   */
  async completeConsent(
    sessionId: string,
    answer: { cancelled: true } | { cancelled: false; bvn: string },
  ): Promise<{ status: ConsentOutcome; tid: string } | null> {
    const { repository, provider, clock } = this.deps;
    const now = clock.now();
    const userId = await repository.consumeConsentSession(sessionId, now);
    if (!userId) return null;
    let status: ConsentOutcome = 'cancelled';
    let identity: IdentityJson | null = null;
    if (!answer.cancelled) {
      const lookup = await provider.lookupBvn(answer.bvn);
      status = lookup.outcome === 'found' ? 'success' : 'failed';
      identity = lookup.outcome === 'found' ? lookup.record : null;
    }
    const tid = await repository.createTid({
      userId,
      source: 'bvn',
      outcome: status,
      identity,
      expiresAt: addSeconds(now, TID_TTL_SECONDS),
    });
    return { status, tid };
  }

  async details(userId: string, tid: string): Promise<{ data: IdentityJson }> {
    const row = usableTid(await this.deps.repository.findTid(tid), userId, this.deps.clock.now());
    const identity = row.identity as IdentityJson;
    return {
      data: {
        first_name: identity.first_name,
        middle_name: identity.middle_name,
        surname: identity.surname,
        gender: identity.gender,
        date_of_birth: identity.date_of_birth,
        phone_number_1: identity.phone_number_1,
        bvn: row.source === 'bvn' ? identity.bvn : null,
        nin: identity.nin,
      },
    };
  }

  async startNin(userId: string, nin: string) {
    await this.assertNotVerified(userId);
    const lookup = await this.deps.provider.lookupNin(nin);
    if (lookup.outcome === 'not_found') throw notFound(NIN_NOT_FOUND);
    if (lookup.outcome === 'mismatch')
      throw new AppError(422, NIN_DETAILS_MISMATCH, 'NIN_MISMATCH');
    const now = this.deps.clock.now();
    const record = { ...lookup.record, bvn: null, nin };
    const tid = await this.deps.repository.createTid({
      userId,
      source: 'nin',
      outcome: 'success',
      identity: record,
      expiresAt: addSeconds(now, TID_TTL_SECONDS),
    });
    return {
      nin,
      tid,
      first_name: maskName(record.first_name),
      last_name: maskName(record.surname),
      date_of_birth: maskDate(record.date_of_birth),
    };
  }
}
