import { randomInt } from 'node:crypto';
import {
  SERVER_INVALID_OTP as STEP_UP_INVALID_OTP,
  STEP_UP_OTP_EXPIRED,
  STEP_UP_OTP_SENT,
  STEP_UP_OTP_USED_UP,
  stepUpResendWait,
} from '@ajo/shared/messages';
import type { StepUpChallenge } from '@ajo/shared/schemas';
import { sql, type Kysely } from 'kysely';
import type { Clock } from '../clock.js';
import type { Database } from '../db/schema.js';
import { AppError, unauthorized } from '../errors.js';
import type { Notifier } from '../providers/notifier/index.js';
import type { SecretHasher } from '../security/secrets.js';
import { stepUpBudgetUsed, stepUpLocked, stepUpOtpSms } from './messages.js';

/** docs/architecture.md "The wire contract": a step-up OTP lives 10 minutes and allows 5 tries. */
export const STEP_UP_OTP_TTL_SECONDS = 10 * 60;
export const STEP_UP_MAX_TRIES = 5;
/** SPEC §4 / §9: the client offers Resend after 180 s; the server holds the same rule. */
export const STEP_UP_RESEND_SECONDS = 180;

/**
 * The step-up budget (README "Security notes"): each challenge costs an SMS and opens 5 guesses, so
 * a customer, and a phone number, get 10 challenges an hour, counted before the SMS is sent; 10
 * wrong codes in an hour lock step-up (no new code, no code checked) until that hour is over.
 */
export const STEP_UP_WINDOW_SECONDS = 60 * 60;
export const STEP_UP_CHALLENGES_PER_WINDOW = 10;
export const STEP_UP_WRONG_CODES_BEFORE_LOCK = 10;

/** The money call an OTP is for: user + route + client reference + body (without otp and PIN). */
export interface StepUpCall {
  userId: string;
  route: string;
  clientReference: string;
  /** requestHash() of the body without `otp` and `transaction_pin`. */
  operationHash: string;
}

export interface StepUpDeps {
  db: Kysely<Database>;
  notifier: Notifier;
  clock: Clock;
  /** The app's secret hasher: its peppered digest, see code() below. */
  secrets: Pick<SecretHasher, 'digestCode' | 'verifyCode'>;
}

/**
 * Step-up authentication of large money calls (docs/architecture.md "The wire contract"): the first
 * call answers 202 and sends an OTP; the same call repeated with `otp` proceeds.
 */
export class StepUp {
  constructor(private readonly deps: StepUpDeps) {}

  /**
   * What is digested: the secret hasher's HMAC with the pepper, like the sign-up OTPs
   * (modules/auth/otp-service.ts): the online limit is the defence; the binding to the call is in
   * the input, so a code only ever fits its own call.
   */
  private code(call: StepUpCall, otp: string): string {
    return `step-up:${call.userId}:${call.route}:${call.clientReference}:${call.operationHash}:${otp}`;
  }

  /**
   * Sends a new OTP for the call (the previous one dies) and answers the 202 body; 429 saying when
   * to retry if the last one went out less than 180 s ago. One statement decides, so parallel
   * asks cannot both send.
   */
  async challenge(call: StepUpCall, phone: string): Promise<StepUpChallenge> {
    const now = this.deps.clock.now();
    await this.refuseWhileLocked(call.userId, now);
    // Counted before anything is sent, one atomic upsert per counter: parallel asks cannot overspend.
    for (const key of [`user:${call.userId}`, `phone:${phone}`]) {
      const used = await countInWindow(this.deps.db, `step-up-challenges|${key}`, now);
      if (used.count > STEP_UP_CHALLENGES_PER_WINDOW) {
        throw tooMany(stepUpBudgetUsed, used.resetAt, now, 'STEP_UP_BUDGET');
      }
    }
    const otp = randomInt(0, 1_000_000).toString().padStart(6, '0');
    const expiresAt = new Date(now.getTime() + STEP_UP_OTP_TTL_SECONDS * 1000);
    const sentNotAfter = new Date(now.getTime() - STEP_UP_RESEND_SECONDS * 1000);
    const stored = await sql<{ id: string }>`
      insert into step_up_challenges as s (user_id, route, client_reference, otp_hash, channel,
        recipient, attempts, expires_at, consumed_at, created_at)
      values (${call.userId}, ${call.route}, ${call.clientReference}, ${this.deps.secrets.digestCode(this.code(call, otp))},
        'phone', ${phone}, 0, ${expiresAt}, null, ${now})
      on conflict (user_id, route, client_reference) do update
        set otp_hash = excluded.otp_hash, recipient = excluded.recipient, attempts = 0,
          expires_at = excluded.expires_at, consumed_at = null, created_at = excluded.created_at
        where s.created_at <= ${sentNotAfter}
      returning id`.execute(this.deps.db);
    const id = stored.rows[0]?.id;
    if (!id) {
      const last = await this.find(call);
      const leftMs = last
        ? last.created_at.getTime() + STEP_UP_RESEND_SECONDS * 1000 - now.getTime()
        : 1000;
      const seconds = Math.max(1, Math.ceil(leftMs / 1000));
      throw new AppError(429, stepUpResendWait(seconds), 'OTP_TOO_SOON');
    }
    try {
      await this.deps.notifier.sendSms({ to: phone, body: stepUpOtpSms(otp) });
    } catch (error) {
      // Not delivered: forget it, so the resend rule does not hold the customer back.
      await this.deps.db.deleteFrom('step_up_challenges').where('id', '=', id).execute();
      throw error;
    }
    return { message: STEP_UP_OTP_SENT, notificationChannel: 'phone', recipient: phone };
  }

  /**
   * Accepts the OTP of this very call or throws 401: 'Invalid otp' (SPEC §4, the client keeps the
   * customer on the OTP step), or another message once it expired or 5 tries were spent. The try
   * is counted before comparing, in one statement, so parallel guesses never exceed 5.
   *
   * A code already accepted for the same call is accepted again: that only happens when the call
   * is run again after a crash, and the client reference guarantees it moves money once.
   */
  async verify(call: StepUpCall, otp: string): Promise<void> {
    const now = this.deps.clock.now();
    const challenge = await this.find(call);
    if (!challenge) throw unauthorized(STEP_UP_INVALID_OTP);
    if (challenge.expires_at <= now) throw unauthorized(STEP_UP_OTP_EXPIRED);
    const counted = await this.deps.db
      .updateTable('step_up_challenges')
      .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
      .where('id', '=', challenge.id)
      .where('otp_hash', '=', challenge.otp_hash)
      .returning('attempts')
      .executeTakeFirst();
    // Replaced by a resend between the two statements: this code is the old one.
    if (!counted) throw unauthorized(STEP_UP_INVALID_OTP);
    if (counted.attempts > STEP_UP_MAX_TRIES) throw unauthorized(STEP_UP_OTP_USED_UP);
    // Every try is also counted against the customer's wrong-code budget before comparing; a right
    // code gives its count back, so only wrong codes lock.
    const failures = await countInWindow(this.deps.db, failuresKey(call.userId), now);
    if (failures.count > STEP_UP_WRONG_CODES_BEFORE_LOCK) {
      throw tooMany(stepUpLocked, failures.resetAt, now, 'STEP_UP_LOCKED');
    }
    if (!this.deps.secrets.verifyCode(this.code(call, otp), challenge.otp_hash)) {
      throw unauthorized(
        counted.attempts >= STEP_UP_MAX_TRIES ? STEP_UP_OTP_USED_UP : STEP_UP_INVALID_OTP,
      );
    }
    await this.deps.db
      .updateTable('rate_limits')
      .set((eb) => ({ count: eb('count', '-', 1) }))
      .where('key', '=', failuresKey(call.userId))
      .where('reset_at', '>', now)
      .where('count', '>', 0)
      .execute();
    await this.deps.db
      .updateTable('step_up_challenges')
      .set({ consumed_at: now })
      .where('id', '=', challenge.id)
      .where('consumed_at', 'is', null)
      .execute();
  }

  /** 429 while the customer's wrong codes have locked step-up (nothing is counted or sent). */
  private async refuseWhileLocked(userId: string, now: Date): Promise<void> {
    const row = await this.deps.db
      .selectFrom('rate_limits')
      .select(['count', 'reset_at'])
      .where('key', '=', failuresKey(userId))
      .where('reset_at', '>', now)
      .executeTakeFirst();
    if (row && row.count >= STEP_UP_WRONG_CODES_BEFORE_LOCK) {
      throw tooMany(stepUpLocked, row.reset_at, now, 'STEP_UP_LOCKED');
    }
  }

  private find(call: StepUpCall) {
    return this.deps.db
      .selectFrom('step_up_challenges')
      .select(['id', 'otp_hash', 'expires_at', 'created_at'])
      .where('user_id', '=', call.userId)
      .where('route', '=', call.route)
      .where('client_reference', '=', call.clientReference)
      .executeTakeFirst();
  }
}

const failuresKey = (userId: string) => `step-up-wrong-codes|user:${userId}`;

const minutesUntil = (resetAt: Date, now: Date) =>
  Math.max(1, Math.ceil((resetAt.getTime() - now.getTime()) / 60_000));

/** 429 saying in words and in Retry-After when the window ends. */
function tooMany(message: (minutes: number) => string, resetAt: Date, now: Date, code: string) {
  const seconds = Math.max(1, Math.ceil((resetAt.getTime() - now.getTime()) / 1000));
  return new AppError(429, message(minutesUntil(resetAt, now)), code, undefined, {
    'retry-after': String(seconds),
  });
}

/**
 * One use of a fixed window counter in `rate_limits`, on the app's clock (not the database's, so
 * tests move time): a single upsert, so parallel uses on any number of instances count exactly.
 */
async function countInWindow(
  db: Kysely<Database>,
  key: string,
  now: Date,
): Promise<{ count: number; resetAt: Date }> {
  const resetAt = new Date(now.getTime() + STEP_UP_WINDOW_SECONDS * 1000);
  const { rows } = await sql<{ count: number; reset_at: Date }>`
    insert into rate_limits as r (key, count, reset_at)
    values (${key}, 1, ${resetAt})
    on conflict (key) do update set
      count = case when r.reset_at <= ${now} then 1 else r.count + 1 end,
      reset_at = case when r.reset_at <= ${now} then excluded.reset_at else r.reset_at end
    returning count, reset_at`.execute(db);
  const row = rows[0];
  return { count: Number(row?.count ?? 1), resetAt: new Date(row?.reset_at ?? resetAt) };
}
