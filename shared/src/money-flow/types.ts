// The contract between the money flow and the screen that uses it (SPEC §4 "Purchase/transfer
// flow"; the step-up and client-reference rules of docs/architecture.md "The wire contract").
import type { OtpChallenge } from '../entities';

export type MoneyOutcomeStatus = 'successful' | 'pending' | 'failed';

/** What the screen's `submit` resolves to. */
export type MoneySubmitResult<TResult = unknown> =
  /** A 202: the server sent an OTP (SPEC §4) to `recipient` (unmasked; the flow masks it, SPEC §9). */
  | ({ kind: 'challenge' } & OtpChallenge)
  /**
   * A 200 / 201 with the transaction's status and reference; `details` for the status slot;
   * `message`, the server's words on where the money is, said once in the status box in place of
   * the flow's own sentence.
   */
  | {
      kind: 'done';
      status: MoneyOutcomeStatus;
      reference: string;
      details?: TResult;
      message?: string;
    };

/** The body fields the flow adds to the screen's details; `otp` only on the authenticate step. */
export interface MoneySubmitInput {
  transaction_pin: string;
  otp?: string;
}

/** The attempt a call belongs to: the same key for the confirm call, the OTP call and a resend. */
export interface MoneyAttempt<TDetails> {
  idempotencyKey: string;
  details: TDetails;
}

/**
 * Makes the money call. Resolves to a challenge or a result; rejects with host/api's ApiError
 * (`{ status, message, serverMessage?, data? }`) on any error.
 */
export type MoneySubmit<TDetails, TResult = unknown> = (
  input: MoneySubmitInput,
  attempt: MoneyAttempt<TDetails>,
) => Promise<MoneySubmitResult<TResult>>;

/** What the server says of an attempt whose answer was lost (GET /money/attempts/{key}). */
export type MoneyRecovery<TResult = unknown> =
  /** Its stored answer, read as `submit` reads a fresh one. */
  | MoneySubmitResult<TResult>
  /** Still running on the server: ask again. */
  | { kind: 'running' }
  /** It never arrived (nothing kept): sending it again under the same key is safe. */
  | { kind: 'absent' };

/**
 * Asks the server what became of the attempt. Rejects like `submit`: with the stored refusal (a
 * definite failure) or with an error that leaves it unknown (no answer again).
 */
export type MoneyRecover<TDetails, TResult = unknown> = (
  attempt: MoneyAttempt<TDetails>,
) => Promise<MoneyRecovery<TResult>>;
