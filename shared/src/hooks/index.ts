// @ajo/shared/hooks: small React hooks more than one remote needs (timers of SPEC §4 / §8).
export { useCountdown, formatMinutesSeconds } from './use-countdown';
export { useFlashMessage } from './use-flash-message';
export type { FlashMessage } from './use-flash-message';
