// @ajo/shared/money-flow: the four steps of SPEC §4 for every transfer and payment screen. See the
// package README ("Money flow") for how a screen wires it.
export { MoneyFlow, STEP_NAMES, CHECKING_HEADING, CHECKING_TEXT } from './money-flow';
export type {
  LinkComponent,
  MoneyFlowInitiate,
  MoneyFlowProps,
  MoneyFlowStatusSlot,
} from './money-flow';
export { useMoneyFlow, CHECK_DELAYS_MS } from './use-money-flow';
export { lookUpAttempt } from './attempt-lookup';
export type { MoneyFlowController, UseMoneyFlowOptions } from './use-money-flow';
export {
  moneyFlowReducer,
  initialMoneyFlowState,
  isInvalidOtpError,
  isAnswerUnknown,
  serverMessageOf,
  canResendAt,
} from './machine';
export type {
  FlowAttempt,
  FlowBusy,
  FlowChallenge,
  FlowOutcome,
  MoneyFlowEvent,
  MoneyFlowState,
  MoneyFlowStep,
} from './machine';
export {
  newIdempotencyKey,
  IDEMPOTENCY_KEY_HEADER,
  IDEMPOTENCY_KEY_PATTERN,
} from './idempotency-key';
export {
  loadAttempt,
  loadUnknownAttempt,
  saveAttempt,
  DEFAULT_ATTEMPT_MAX_AGE_MS,
  UNKNOWN_ATTEMPT_MAX_AGE_MS,
} from './attempt-storage';
export type { MoneyFlowPersistence } from './attempt-storage';
export { STATUS_HEADINGS, STATUS_TEXTS } from './status-step';
export type {
  MoneyAttempt,
  MoneyOutcomeStatus,
  MoneyRecover,
  MoneyRecovery,
  MoneySubmit,
  MoneySubmitInput,
  MoneySubmitResult,
} from './types';
