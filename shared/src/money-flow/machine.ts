// SPEC §4 "Purchase/transfer flow" as a pure state machine: initiate, then confirm on Proceed;
// confirm leads to status on an immediate answer, or to authenticate on a 202; authenticate leads to
// status. No React, no timers, no I/O: the hook (use-money-flow.ts) makes the calls and feeds their
// answers back as events, and passes in the values that are not pure (the new key, the time).
import { OTP_RESEND_COUNTDOWN_SECONDS } from '@ajo/shared/constants';
import type { OtpChallenge } from '../entities';
import { SERVER_INVALID_OTP, TRANSACTION_FAILED_TRY_AGAIN } from '@ajo/shared/messages';
import type { MoneyOutcomeStatus, MoneySubmitResult } from './types';

export interface FlowAttempt<TDetails> {
  /** The client reference of every call of this attempt (one per Proceed). */
  idempotencyKey: string;
  details: TDetails;
  /**
   * Kept in memory only, to repeat the call with the OTP (the server checks the PIN on both calls).
   * Absent after a reload: the authenticate step then asks for it again.
   */
  transactionPin?: string;
}

export interface FlowChallenge extends OtpChallenge {
  /** When the current OTP was sent (ms since the epoch): the resend countdown runs from here. */
  sentAt: number;
}

export interface FlowOutcome<TResult> {
  status: MoneyOutcomeStatus;
  reference?: string;
  details?: TResult;
  /** Why it failed: the server's message or the step's SPEC §8 fallback (also shown as a toast). */
  message?: string;
}

export type FlowBusy = false | 'confirm' | 'otp' | 'resend';

export type MoneyFlowState<TDetails, TResult = unknown> =
  /** `draft`: what the form held before Back or Try again, to fill it in again. */
  | { step: 'initiate'; draft?: TDetails }
  | { step: 'confirm'; attempt: FlowAttempt<TDetails>; busy: FlowBusy }
  | {
      step: 'authenticate';
      attempt: FlowAttempt<TDetails>;
      challenge: FlowChallenge;
      busy: FlowBusy;
      /** How many OTPs the server refused as 'Invalid otp': the screen clears the field on each. */
      otpRejections: number;
    }
  | {
      step: 'status';
      attempt: FlowAttempt<TDetails>;
      outcome: FlowOutcome<TResult>;
      /** Whether an OTP was asked for on the way (the progress shows Authenticate only then). */
      afterOtp: boolean;
    };

export type MoneyFlowStep = MoneyFlowState<unknown>['step'];

export type MoneyFlowEvent<TDetails, TResult = unknown> =
  | { type: 'proceed'; details: TDetails; idempotencyKey: string }
  | { type: 'back' }
  | { type: 'confirm'; transactionPin: string }
  | { type: 'verify-otp'; otp: string; transactionPin?: string }
  | { type: 'resend'; now: number; transactionPin?: string }
  | { type: 'answered'; result: MoneySubmitResult<TResult>; now: number }
  | { type: 'rejected'; error: unknown; fallbackMessage: string }
  | { type: 'restart'; keepDetails?: boolean }
  /** A later definite answer for a pending outcome (the screen asked where it stands). */
  | { type: 'settled'; status: Exclude<MoneyOutcomeStatus, 'pending'> };

export function initialMoneyFlowState<TDetails, TResult = unknown>(): MoneyFlowState<
  TDetails,
  TResult
> {
  return { step: 'initiate' };
}

/** The server's own words, if it sent any (host/api's ApiError.serverMessage). */
export function serverMessageOf(error: unknown): string | undefined {
  if (typeof error !== 'object' || error === null) return undefined;
  const { serverMessage } = error as { serverMessage?: unknown };
  return typeof serverMessage === 'string' && serverMessage.trim() !== ''
    ? serverMessage
    : undefined;
}

/** SPEC §4: a 401 whose message is exactly 'Invalid otp' keeps the customer on the OTP step. */
export function isInvalidOtpError(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const { status, message } = error as { status?: unknown; message?: unknown };
  const said = serverMessageOf(error) ?? (typeof message === 'string' ? message : undefined);
  return status === 401 && said === SERVER_INVALID_OTP;
}

/** Can the customer ask for a new OTP yet (SPEC §4: 180 s after the last one was sent)? */
export function canResendAt(challenge: FlowChallenge, now: number): boolean {
  return now >= challenge.sentAt + OTP_RESEND_COUNTDOWN_SECONDS * 1000;
}

function toOutcome<TResult>(
  result: Extract<MoneySubmitResult<TResult>, { kind: 'done' }>,
): FlowOutcome<TResult> {
  return { status: result.status, reference: result.reference, details: result.details };
}

function challengeFrom(result: OtpChallenge, now: number): FlowChallenge {
  return {
    notificationChannel: result.notificationChannel,
    recipient: result.recipient,
    sentAt: now,
  };
}

type State<D, R> = MoneyFlowState<D, R>;
type Busy<D, R> = Extract<State<D, R>, { step: 'confirm' | 'authenticate' }>;

/** The end of an attempt; the progress shows Authenticate only if it was on the way. */
function statusOf<D, R>(from: Busy<D, R>, outcome: FlowOutcome<R>): State<D, R> {
  return { step: 'status', attempt: from.attempt, outcome, afterOtp: from.step === 'authenticate' };
}

function answered<D, R>(
  state: State<D, R>,
  result: MoneySubmitResult<R>,
  now: number,
): State<D, R> {
  if (state.step !== 'confirm' && state.step !== 'authenticate') return state;
  if (!state.busy) return state;
  if (result.kind === 'done') return statusOf(state, toOutcome(result));
  // A 202: the server sent an OTP (after the confirm call, or a new one after a resend).
  return {
    step: 'authenticate',
    attempt: state.attempt,
    challenge: challengeFrom(result, now),
    busy: false,
    otpRejections: state.step === 'authenticate' ? state.otpRejections : 0,
  };
}

function rejected<D, R>(state: State<D, R>, error: unknown, fallback: string): State<D, R> {
  if (state.step === 'confirm' && state.busy === 'confirm') {
    // SPEC §4: any error at confirm goes to failed with the message as a toast.
    return statusOf(state, { status: 'failed', message: serverMessageOf(error) ?? fallback });
  }
  if (state.step !== 'authenticate' || !state.busy) return state;
  if (state.busy === 'resend') {
    // SPEC §8: a failed resend only shows its message; the OTP already sent is still good.
    return { ...state, busy: false };
  }
  if (isInvalidOtpError(error)) {
    return { ...state, busy: false, otpRejections: state.otpRejections + 1 };
  }
  // SPEC §4: any other error on the OTP step goes to failed; SPEC §8 'Transaction Failed, Try Again!'.
  const message = serverMessageOf(error) ?? TRANSACTION_FAILED_TRY_AGAIN;
  return statusOf(state, { status: 'failed', message });
}

/**
 * The next state, or the same object when the event does not apply (a second Next while the first
 * is in flight, a resend before the countdown ends...). Callers rely on that identity: an event
 * that returns the state unchanged must not cause a call.
 */
export function moneyFlowReducer<TDetails, TResult = unknown>(
  state: State<TDetails, TResult>,
  event: MoneyFlowEvent<TDetails, TResult>,
): State<TDetails, TResult> {
  switch (event.type) {
    case 'proceed':
      if (state.step !== 'initiate') return state;
      return {
        step: 'confirm',
        attempt: { idempotencyKey: event.idempotencyKey, details: event.details },
        busy: false,
      };
    case 'back':
      // Leaving the attempt: the next Proceed is a new attempt with a new key.
      if ((state.step !== 'confirm' && state.step !== 'authenticate') || state.busy) return state;
      return { step: 'initiate', draft: state.attempt.details };
    case 'confirm':
      if (state.step !== 'confirm' || state.busy) return state;
      return {
        ...state,
        busy: 'confirm',
        attempt: { ...state.attempt, transactionPin: event.transactionPin },
      };
    case 'verify-otp': {
      if (state.step !== 'authenticate' || state.busy) return state;
      const transactionPin = event.transactionPin ?? state.attempt.transactionPin;
      if (!transactionPin) return state;
      return { ...state, busy: 'otp', attempt: { ...state.attempt, transactionPin } };
    }
    case 'resend': {
      if (state.step !== 'authenticate' || state.busy) return state;
      if (!canResendAt(state.challenge, event.now)) return state;
      const transactionPin = event.transactionPin ?? state.attempt.transactionPin;
      if (!transactionPin) return state;
      return { ...state, busy: 'resend', attempt: { ...state.attempt, transactionPin } };
    }
    case 'answered':
      return answered(state, event.result, event.now);
    case 'rejected':
      return rejected(state, event.error, event.fallbackMessage);
    case 'restart':
      if (state.step !== 'status') return state;
      return event.keepDetails
        ? { step: 'initiate', draft: state.attempt.details }
        : { step: 'initiate' };
    case 'settled':
      // Only a pending outcome can still change, and only once: a definite answer is final.
      if (state.step !== 'status' || state.outcome.status !== 'pending') return state;
      return { ...state, outcome: { ...state.outcome, status: event.status } };
    default:
      return state;
  }
}
