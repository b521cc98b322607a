import type { Api } from '../../http/api.js';

/**
 * Identity provider (BVN with NIBSS iGree-style consent, NIN), docs/domain.md "Identity", SPEC §7.
 * The middleware keeps consent sessions and tids in its own tables; the provider only answers who
 * a number belongs to and, later, whether a submitted NIN passed verification.
 */
export interface IdentityRecord {
  first_name: string;
  middle_name: string | null;
  surname: string;
  gender: 'Male' | 'Female';
  date_of_birth: string; // YYYY-MM-DD
  phone_number_1: string | null;
  bvn: string | null;
  nin: string | null;
}

/**
 * 'mismatch': the number exists but the provider refuses to release it for this account (the
 * holder's details do not match it), so the flow fails without showing them.
 */
export type IdentityLookup =
  { outcome: 'found'; record: IdentityRecord } | { outcome: 'mismatch' } | { outcome: 'not_found' };

export type NinCheckOutcome = 'approved' | 'declined';

/**
 * What the identity area offers a provider's consent page: whether a consent session can still be
 * answered, and the answer (which consumes the session and records a tid). Null: unknown, used or
 * expired session.
 */
export interface BvnConsentSessions {
  isLive(sessionId: string): Promise<boolean>;
  complete(
    sessionId: string,
    answer: { cancelled: true } | { cancelled: false; bvn: string },
  ): Promise<{ status: 'success' | 'failed' | 'cancelled'; tid: string } | null>;
}

export interface IdentityProvider {
  /** Where the browser goes to consent to releasing a BVN, for one consent session. */
  bvnConsentUrl(sessionId: string): string;
  /**
   * The pages the provider serves from this middleware (the sandbox's consent page), mounted under
   * /api by the identity routes; a real provider's page lives on its own site and has none.
   */
  registerPages?(app: Api, sessions: BvnConsentSessions): Promise<void>;
  lookupBvn(bvn: string): Promise<IdentityLookup>;
  lookupNin(nin: string): Promise<IdentityLookup>;
  /** The background NIN verification of a NIN submitted from the dashboard (SPEC §4). */
  checkNin(nin: string): Promise<NinCheckOutcome>;
}
