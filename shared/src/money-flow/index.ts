// @ajo/shared/money-flow: the four steps of SPEC §4 for every transfer and payment screen. See the
// package README ("Money flow") for how a screen wires it.
export { MoneyFlow, STEP_NAMES } from './money-flow';
export type {
  LinkComponent,
  MoneyFlowInitiate,
  MoneyFlowProps,
  MoneyFlowStatusSlot,
} from './money-flow';
export { useMoneyFlow } from './use-money-flow';
export type { MoneyFlowController, UseMoneyFlowOptions } from './use-money-flow';
export {
  moneyFlowReducer,
  initialMoneyFlowState,
  isInvalidOtpError,
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
export { loadAttempt, saveAttempt, DEFAULT_ATTEMPT_MAX_AGE_MS } from './attempt-storage';
export type { MoneyFlowPersistence } from './attempt-storage';
export { STATUS_HEADINGS, STATUS_TEXTS } from './status-step';
export type {
  MoneyAttempt,
  MoneyOutcomeStatus,
  MoneySubmit,
  MoneySubmitInput,
  MoneySubmitResult,
} from './types';
