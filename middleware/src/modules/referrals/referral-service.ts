import type { Kysely } from 'kysely';
import type { Clock } from '../../clock.js';
import type { Database } from '../../db/schema.js';
import { conflict, notFound } from '../../errors.js';
import {
  INVITE_ALREADY_RECORDED,
  INVITE_PHONE_TAKEN,
  REFERRAL_CODE_UNKNOWN,
  REFERRER_WITHOUT_NAME,
} from './messages.js';

/** Codes are shown and typed in capitals (src/modules/users/referral-code.ts). */
export const normaliseReferralCode = (code: string) => code.trim().toUpperCase();

/** 'Ada', 'Okafor' → 'Ada O.': the landing page is public, so never the full name (SPEC §7). */
export function referrerDisplayName(firstName: string | null, lastName: string | null): string {
  const first = (firstName ?? '').trim();
  const initial = (lastName ?? '').trim().charAt(0).toUpperCase();
  if (!first) return REFERRER_WITHOUT_NAME;
  return initial ? `${first} ${initial}.` : first;
}

/** SPEC §7 GET /referral/{code} and POST /referral. */
export class ReferralService {
  constructor(private readonly deps: { db: Kysely<Database>; clock: Clock }) {}

  async referrerName(rawCode: string): Promise<string> {
    const referrer = await this.deps.db
      .selectFrom('users')
      .select(['first_name', 'last_name'])
      .where('referral_code', '=', normaliseReferralCode(rawCode))
      .executeTakeFirst();
    if (!referrer) throw notFound(REFERRAL_CODE_UNKNOWN);
    return referrerDisplayName(referrer.first_name, referrer.last_name);
  }

  /**
   * Records the invited number once. The same code again is a harmless repeat (a double tap, a
   * retry); another code for the same number is refused, so the first invitation keeps the friend.
   * Returns false for a repeat.
   */
  async invite(rawCode: string, phone: string): Promise<boolean> {
    const { db, clock } = this.deps;
    const code = normaliseReferralCode(rawCode);
    const referrer = await db
      .selectFrom('users')
      .select('id')
      .where('referral_code', '=', code)
      .executeTakeFirst();
    if (!referrer) throw notFound(REFERRAL_CODE_UNKNOWN);
    const member = await db
      .selectFrom('users')
      .select('id')
      .where('phone_number', '=', phone)
      .executeTakeFirst();
    if (member) throw conflict(INVITE_PHONE_TAKEN, 'PHONE_TAKEN');
    const inserted = await db
      .insertInto('referral_invites')
      .values({ phone_number: phone, referral_code: code, created_at: clock.now() })
      .onConflict((oc) => oc.column('phone_number').doNothing())
      .returning('phone_number')
      .executeTakeFirst();
    if (inserted) return true;
    const existing = await db
      .selectFrom('referral_invites')
      .select('referral_code')
      .where('phone_number', '=', phone)
      .executeTakeFirstOrThrow();
    if (existing.referral_code !== code) throw conflict(INVITE_ALREADY_RECORDED, 'ALREADY_INVITED');
    return false;
  }
}
