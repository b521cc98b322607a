// SPEC §4 "Purchase/transfer flow" as a pure state machine: initiate, then confirm on Proceed;
// confirm leads to status on an immediate answer, or to authenticate on a 202; authenticate leads to
// status. No React, no timers, no I/O: the hook (use-money-flow.ts) makes the calls and feeds their
// answers back as events, and passes in the values that are not pure (the new key, the time).
import { OTP_RESEND_COUNTDOWN_SECONDS } from '@ajo/shared/constants';
import type { OtpChallenge } from '../entities';
import {
  REQUEST_IN_PROGRESS,
  SERVER_INVALID_OTP,
  TRANSACTION_FAILED_TRY_AGAIN,
} from '@ajo/shared/messages';
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
  /** The OTP of the call whose answer was lost, in memory only, to send that call again. */
  otp?: string;
}

export interface FlowChallenge extends OtpChallenge {
  /** When the current OTP was sent (ms since the epoch): the resend countdown runs from here. */
  sentAt: number;
}

export interface FlowOutcome<TResult> {
  status: MoneyOutcomeStatus;
  reference?: string;
  details?: TResult;
  /**
   * The server's words on the outcome (where the money is), or why it failed: the server's message
   * or the step's SPEC §8 fallback (also shown as a toast).
   */
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
  /**
   * A call got no definite answer (the link dropped, a timeout, a 5xx, the page was closed): it may
   * have gone through. Never 'failed': the same call is sent again under the same key, or the
   * server is asked what became of it, until it says. No new attempt can start meanwhile.
   */
  | {
      step: 'checking';
      attempt: FlowAttempt<TDetails>;
      /** The step whose call was lost: where a call that never arrived is sent from again. */
      from: 'confirm' | 'authenticate';
      /** The OTP challenge of that call (from 'authenticate'). */
      challenge?: FlowChallenge;
      /** A check is under way. */
      busy: boolean;
      /** How many checks came back without an answer: the wait before the next grows with it. */
      checks: number;
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
  /** Checking: ask the server again (timer or Check again). */
  | { type: 'check' }
  /** Checking: the call is still running on the server, or the check got no answer either. */
  | { type: 'unknown' }
  /** Checking: the call never arrived and the PIN is not in memory: send it again from its step. */
  | { type: 'unsent' }
  /** Initiate: another tab's (or a closed page's) attempt is still unknown: check it instead. */
  | { type: 'resume'; state: MoneyFlowState<TDetails, TResult> }
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

/**
 * Whether an error leaves the call's outcome unknown: no answer at all (status 0: the link dropped,
 * a timeout; or no status: an answer that could not be read), a gateway or server error (5xx: the
 * server keeps nothing for a call that ended so, and its work may be done or not), a 408, or a 409
 * saying the same call is still being processed. The customer must not be told it failed.
 */
export function isAnswerUnknown(error: unknown): boolean {
  const status =
    typeof error === 'object' && error !== null
      ? (error as { status?: unknown }).status
      : undefined;
  if (typeof status !== 'number' || status === 0 || status === 408 || status >= 500) return true;
  return status === 409 && serverMessageOf(error) === REQUEST_IN_PROGRESS;
}

/** Can the customer ask for a new OTP yet (SPEC §4: 180 s after the last one was sent)? */
export function canResendAt(challenge: FlowChallenge, now: number): boolean {
  return now >= challenge.sentAt + OTP_RESEND_COUNTDOWN_SECONDS * 1000;
}

function toOutcome<TResult>(
  result: Extract<MoneySubmitResult<TResult>, { kind: 'done' }>,
): FlowOutcome<TResult> {
  return {
    status: result.status,
    reference: result.reference,
    details: result.details,
    ...(result.message ? { message: result.message } : {}),
  };
}

function challengeFrom(result: OtpChallenge, now: number): FlowChallenge {
  return {
    notificationChannel: result.notificationChannel,
    recipient: result.recipient,
    sentAt: now,
  };
}

type State<D, R> = MoneyFlowState<D, R>;
type Busy<D, R> = Extract<State<D, R>, { step: 'confirm' | 'authenticate' | 'checking' }>;

const cameFrom = <D, R>(state: Busy<D, R>) => (state.step === 'checking' ? state.from : state.step);

/** The end of an attempt; the progress shows Authenticate only if it was on the way. */
function statusOf<D, R>(from: Busy<D, R>, outcome: FlowOutcome<R>): State<D, R> {
  const { otp: _otp, ...attempt } = from.attempt;
  return { step: 'status', attempt, outcome, afterOtp: cameFrom(from) === 'authenticate' };
}

/** The call of `state` got no definite answer: check, never fail. */
function checkingAfter<D, R>(state: Busy<D, R>): State<D, R> {
  if (state.step === 'checking') return { ...state, busy: false, checks: state.checks + 1 };
  return {
    step: 'checking',
    attempt: state.attempt,
    from: state.step,
    ...(state.step === 'authenticate' ? { challenge: state.challenge } : {}),
    busy: false,
    checks: 0,
  };
}

function answered<D, R>(
  state: State<D, R>,
  result: MoneySubmitResult<R>,
  now: number,
): State<D, R> {
  if (state.step !== 'confirm' && state.step !== 'authenticate' && state.step !== 'checking')
    return state;
  if (!state.busy) return state;
  if (result.kind === 'done') return statusOf(state, toOutcome(result));
  // A 202: the server sent an OTP (after the confirm call, or a new one after a resend).
  const { otp: _otp, ...attempt } = state.attempt;
  return {
    step: 'authenticate',
    attempt,
    challenge: challengeFrom(result, now),
    busy: false,
    otpRejections: state.step === 'authenticate' ? state.otpRejections : 0,
  };
}

function rejected<D, R>(state: State<D, R>, error: unknown, fallback: string): State<D, R> {
  if (state.step === 'checking') {
    if (!state.busy) return state;
    if (isAnswerUnknown(error)) return checkingAfter(state);
    if (state.from === 'authenticate' && state.challenge && isInvalidOtpError(error)) {
      // The lost call was refused for its OTP: the customer types it again.
      const { otp: _otp, ...attempt } = state.attempt;
      return {
        step: 'authenticate',
        attempt,
        challenge: state.challenge,
        busy: false,
        otpRejections: 1,
      };
    }
    // A definite refusal: now, and only now, it failed.
    const fallbackOfStep = state.from === 'confirm' ? fallback : TRANSACTION_FAILED_TRY_AGAIN;
    return statusOf(state, { status: 'failed', message: serverMessageOf(error) ?? fallbackOfStep });
  }
  const lostCall =
    (state.step === 'confirm' && state.busy === 'confirm') ||
    (state.step === 'authenticate' && state.busy === 'otp');
  if (lostCall && isAnswerUnknown(error)) return checkingAfter(state as Busy<D, R>);
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
      return {
        ...state,
        busy: 'otp',
        attempt: { ...state.attempt, transactionPin, otp: event.otp },
      };
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
    case 'check':
      if (state.step !== 'checking' || state.busy) return state;
      return { ...state, busy: true };
    case 'unknown':
      if (state.step !== 'checking' || !state.busy) return state;
      return checkingAfter(state);
    case 'unsent':
      if (state.step !== 'checking' || !state.busy) return state;
      // Nothing arrived, so sending it is safe: back to its step, same key, the PIN asked again.
      if (state.from === 'authenticate' && state.challenge) {
        return {
          step: 'authenticate',
          attempt: { idempotencyKey: state.attempt.idempotencyKey, details: state.attempt.details },
          challenge: state.challenge,
          busy: false,
          otpRejections: 0,
        };
      }
      return {
        step: 'confirm',
        attempt: { idempotencyKey: state.attempt.idempotencyKey, details: state.attempt.details },
        busy: false,
      };
    case 'resume':
      if (state.step !== 'initiate' || event.state.step !== 'checking') return state;
      return event.state;
    case 'settled':
      // Only a pending outcome can still change, and only once: a definite answer is final.
      if (state.step !== 'status' || state.outcome.status !== 'pending') return state;
      {
        // The words were the pending answer's; the screen says the later answer itself.
        const { message: _pendingWords, ...outcome } = state.outcome;
        void _pendingWords;
        return { ...state, outcome: { ...outcome, status: event.status } };
      }
    default:
      return state;
  }
}
