// A pretend money API for the UI catalogue: the developer picks each answer, and every call is
// logged with its Idempotency-Key, so the flow's behaviour can be seen without moving money.
import type { MoneySubmit, MoneySubmitResult } from '@ajo/shared/money-flow';

export const CONFIRM_ANSWERS = {
  'otp-phone': 'Ask for an OTP by SMS (202)',
  'otp-email': 'Ask for an OTP by e-mail (202)',
  successful: 'Successful (200)',
  pending: 'Pending (200)',
  failed: 'Failed (200, status failed)',
  error: 'Error with a message (422)',
  'network-error': 'Network error (no message)',
} as const;

export const OTP_ANSWERS = {
  successful: 'Successful (200)',
  pending: 'Pending (200)',
  failed: 'Failed (200, status failed)',
  'invalid-otp': "Wrong OTP (401 'Invalid otp')",
  expired: 'Expired OTP (401, another message)',
} as const;

export const RESEND_ANSWERS = {
  sent: 'New OTP sent (202)',
  refused: 'Refused (429)',
} as const;

export interface FakeAnswers {
  confirm: keyof typeof CONFIRM_ANSWERS;
  otp: keyof typeof OTP_ANSWERS;
  resend: keyof typeof RESEND_ANSWERS;
  /** How long each answer takes, to see the processing state. */
  delayMs: number;
}

export const DEFAULT_ANSWERS: FakeAnswers = {
  confirm: 'otp-phone',
  otp: 'successful',
  resend: 'sent',
  delayMs: 0,
};

export interface FakeCall {
  kind: 'confirm' | 'otp' | 'resend';
  idempotencyKey: string;
  otp?: string;
}

export interface DemoReceipt {
  units: string;
}

/** Sandbox-like recipients (SPEC §9 masks them on screen). */
export const DEMO_PHONE = '2348012345678';
export const DEMO_EMAIL = 'adaobi@example.com';

type Storage = Pick<globalThis.Storage, 'getItem' | 'setItem'>;
const CHALLENGED_KEY = 'ajo.ui-catalogue.challenged';

/** Keys that were answered with a 202: a later call without `otp` under one of them is a resend. */
function challengedKeys(storage: Storage | undefined): Set<string> {
  try {
    const stored: unknown = JSON.parse(storage?.getItem(CHALLENGED_KEY) ?? '[]');
    return new Set(Array.isArray(stored) ? stored.filter((k) => typeof k === 'string') : []);
  } catch {
    return new Set();
  }
}

const apiError = (status: number, serverMessage?: string) => ({
  status,
  message: serverMessage ?? 'Network Error',
  ...(serverMessage ? { serverMessage } : {}),
});

let referenceCounter = 0;
const done = (status: 'successful' | 'pending' | 'failed'): MoneySubmitResult<DemoReceipt> => {
  referenceCounter += 1;
  return {
    kind: 'done',
    status,
    reference: `DEMO-${String(referenceCounter).padStart(4, '0')}`,
    details: { units: '12.5 kWh' },
  };
};

function answer(
  kind: FakeCall['kind'],
  answers: FakeAnswers,
): { result?: MoneySubmitResult<DemoReceipt>; error?: unknown } {
  if (kind === 'resend') {
    return answers.resend === 'sent'
      ? { result: { kind: 'challenge', notificationChannel: 'phone', recipient: DEMO_PHONE } }
      : { error: apiError(429, 'Please wait 3 minutes before asking for a new OTP.') };
  }
  if (kind === 'otp') {
    switch (answers.otp) {
      case 'invalid-otp':
        return { error: apiError(401, 'Invalid otp') };
      case 'expired':
        return { error: apiError(401, 'This OTP has expired. Start the transaction again.') };
      default:
        return { result: done(answers.otp) };
    }
  }
  switch (answers.confirm) {
    case 'otp-phone':
      return { result: { kind: 'challenge', notificationChannel: 'phone', recipient: DEMO_PHONE } };
    case 'otp-email':
      return { result: { kind: 'challenge', notificationChannel: 'email', recipient: DEMO_EMAIL } };
    case 'error':
      return { error: apiError(422, 'Insufficient funds in the source wallet.') };
    case 'network-error':
      return { error: apiError(0) };
    default:
      return { result: done(answers.confirm) };
  }
}

/**
 * The `submit` a screen would write, answering from `getAnswers()` after `delayMs`. Remembers (in
 * `storage`, so a reload keeps it, like a server) which attempts were asked for an OTP.
 */
export function createFakeSubmit<TDetails>(
  getAnswers: () => FakeAnswers,
  onCall: (call: FakeCall) => void,
  storage: Storage | undefined = globalThis.sessionStorage,
): MoneySubmit<TDetails, DemoReceipt> {
  return async (input, { idempotencyKey }) => {
    const challenged = challengedKeys(storage);
    const kind: FakeCall['kind'] = input.otp
      ? 'otp'
      : challenged.has(idempotencyKey)
        ? 'resend'
        : 'confirm';
    onCall({ kind, idempotencyKey, ...(input.otp ? { otp: input.otp } : {}) });
    const answers = getAnswers();
    if (answers.delayMs > 0) await new Promise((resolve) => setTimeout(resolve, answers.delayMs));
    const { result, error } = answer(kind, answers);
    if (!result) throw error;
    if (result.kind === 'challenge') {
      challenged.add(idempotencyKey);
      storage?.setItem(CHALLENGED_KEY, JSON.stringify([...challenged]));
    }
    return result;
  };
}
