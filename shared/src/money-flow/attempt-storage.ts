// Keeps an attempt that is under way across a reload of the page, so that the same client reference
// (Idempotency-Key) is sent again and a call that already went through is replayed, not repeated.
// Only what a replay needs is stored: the key, the screen's details and the OTP challenge. Never the
// transaction PIN or the OTP: after a reload the customer types them again.
//
// An attempt whose answer was lost (the 'checking' step) is kept on the device (localStorage), not
// only in the tab: reopening the screen, even in another tab or after the phone killed this one,
// checks it instead of starting a blank form that could pay a second time.
import { IDEMPOTENCY_KEY_PATTERN } from './idempotency-key';
import type { FlowChallenge, MoneyFlowState } from './machine';

export interface MoneyFlowPersistence<TDetails> {
  /** The sessionStorage key, one per screen, e.g. 'ajo.money-flow.airtime'. */
  storageKey: string;
  /**
   * Checks what was stored (docs/conventions.md §4: parse, do not cast), e.g.
   * `airtimeFormSchema.safeParse` wrapped to return the data or null. A value that does not parse
   * is dropped.
   */
  parseDetails: (raw: unknown) => TDetails | null;
  /** Defaults to window.sessionStorage: per tab, gone when the tab closes. */
  storage?: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;
  /** An attempt older than this is dropped (default 15 minutes; an OTP lives 10). */
  maxAgeMs?: number;
  /**
   * Where an attempt whose answer was lost is kept: window.localStorage by default (the device, every
   * tab), else `storage` when that is given (tests).
   */
  deviceStorage?: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;
}

export const DEFAULT_ATTEMPT_MAX_AGE_MS = 15 * 60 * 1000;
/** An unknown outcome is checked for a day: long after any call has ended on the server. */
export const UNKNOWN_ATTEMPT_MAX_AGE_MS = 24 * 60 * 60 * 1000;

type Step = 'confirm' | 'authenticate' | 'checking';

interface StoredAttempt {
  version: 1;
  step: Step;
  idempotencyKey: string;
  details: unknown;
  challenge?: FlowChallenge;
  /** 'checking': the step whose call was lost. */
  from?: 'confirm' | 'authenticate';
  savedAt: number;
}

type Store = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

function browserStorage(name: 'sessionStorage' | 'localStorage'): Store | undefined {
  try {
    return typeof window === 'undefined' ? undefined : window[name];
  } catch {
    // Reading window storage throws where storage is blocked (some privacy settings).
    return undefined;
  }
}

function storageOf<T>(persistence: MoneyFlowPersistence<T>) {
  return persistence.storage ?? browserStorage('sessionStorage');
}

/** The device-wide record of a lost answer (its own key, so it may share `storage` in tests). */
function deviceOf<T>(persistence: MoneyFlowPersistence<T>): [Store | undefined, string] {
  return [
    persistence.deviceStorage ?? persistence.storage ?? browserStorage('localStorage'),
    `${persistence.storageKey}.unknown`,
  ];
}

function remove(storage: Store | undefined, key: string): void {
  try {
    storage?.removeItem(key);
  } catch {
    // Nothing to do: see saveAttempt.
  }
}

function forget<T>(persistence: MoneyFlowPersistence<T>): void {
  remove(storageOf(persistence), persistence.storageKey);
}

function read(storage: Store | undefined, key: string): unknown {
  try {
    const raw = storage?.getItem(key);
    return raw ? JSON.parse(raw) : null;
  } catch {
    return null;
  }
}

function write(storage: Store | undefined, key: string, stored: StoredAttempt): void {
  try {
    storage?.setItem(key, JSON.stringify(stored));
  } catch {
    // Storage full or disabled (private mode): the flow works, only a reload starts it over.
  }
}

function isChallenge(value: unknown): value is FlowChallenge {
  if (typeof value !== 'object' || value === null) return false;
  const { notificationChannel, recipient, sentAt } = value as Record<string, unknown>;
  return (
    typeof notificationChannel === 'string' &&
    typeof recipient === 'string' &&
    typeof sentAt === 'number'
  );
}

function isStoredAttempt(value: unknown): value is StoredAttempt {
  if (typeof value !== 'object' || value === null) return false;
  const stored = value as Record<string, unknown>;
  return (
    stored.version === 1 &&
    (stored.step === 'confirm' ||
      (stored.step === 'authenticate' && isChallenge(stored.challenge)) ||
      (stored.step === 'checking' &&
        (stored.from === 'confirm' ||
          (stored.from === 'authenticate' && isChallenge(stored.challenge))))) &&
    typeof stored.idempotencyKey === 'string' &&
    IDEMPOTENCY_KEY_PATTERN.test(stored.idempotencyKey) &&
    typeof stored.savedAt === 'number'
  );
}

/**
 * Writes the attempt while it is under way (confirm, authenticate: this tab; checking: the device);
 * clears it otherwise. The device's record is cleared only by a state of the same attempt (its
 * answer came, or it is sent again from its step), never by another tab's blank form.
 */
export function saveAttempt<TDetails>(
  persistence: MoneyFlowPersistence<TDetails>,
  state: MoneyFlowState<TDetails, unknown>,
  now: number,
): void {
  const [device, deviceKey] = deviceOf(persistence);
  if (state.step === 'initiate') {
    forget(persistence);
    return;
  }
  const { idempotencyKey, details } = state.attempt;
  if (state.step === 'checking') {
    forget(persistence);
    write(device, deviceKey, {
      version: 1,
      step: 'checking',
      idempotencyKey,
      details,
      from: state.from,
      ...(state.challenge ? { challenge: state.challenge } : {}),
      savedAt: now,
    });
    return;
  }
  const onDevice = read(device, deviceKey) as { idempotencyKey?: unknown } | null;
  if (onDevice?.idempotencyKey === idempotencyKey) remove(device, deviceKey);
  if (state.step === 'status') {
    forget(persistence);
    return;
  }
  write(storageOf(persistence), persistence.storageKey, {
    version: 1,
    step: state.step,
    idempotencyKey,
    details,
    ...(state.step === 'authenticate' ? { challenge: state.challenge } : {}),
    savedAt: now,
  });
}

/** The stored attempt in `storage` under `key`, checked; a record that does not parse is dropped. */
function restore<TDetails, TResult>(
  persistence: MoneyFlowPersistence<TDetails>,
  storage: Store | undefined,
  key: string,
  now: number,
  maxAge: number,
): MoneyFlowState<TDetails, TResult> | null {
  const stored = read(storage, key);
  if (stored === null) return null;
  if (!isStoredAttempt(stored) || now - stored.savedAt > maxAge || stored.savedAt > now) {
    remove(storage, key);
    return null;
  }
  const details = persistence.parseDetails(stored.details);
  if (details === null) {
    remove(storage, key);
    return null;
  }
  const attempt = { idempotencyKey: stored.idempotencyKey, details };
  if (stored.step === 'checking' && stored.from) {
    return {
      step: 'checking',
      attempt,
      from: stored.from,
      ...(stored.challenge ? { challenge: stored.challenge } : {}),
      busy: false,
      checks: 0,
    };
  }
  if (stored.step === 'authenticate' && stored.challenge) {
    return {
      step: 'authenticate',
      attempt,
      challenge: stored.challenge,
      busy: false,
      otpRejections: 0,
    };
  }
  return { step: 'confirm', attempt, busy: false };
}

/** An attempt of this screen whose answer was lost, kept on the device (any tab), or null. */
export function loadUnknownAttempt<TDetails, TResult = unknown>(
  persistence: MoneyFlowPersistence<TDetails>,
  now: number,
): MoneyFlowState<TDetails, TResult> | null {
  const [device, deviceKey] = deviceOf(persistence);
  const state = restore<TDetails, TResult>(
    persistence,
    device,
    deviceKey,
    now,
    UNKNOWN_ATTEMPT_MAX_AGE_MS,
  );
  return state?.step === 'checking' ? state : null;
}

/**
 * The attempt to resume, or null (nothing stored, too old, or not in the stored shape). A lost
 * answer on the device comes first: it must be known before anything else is sent.
 */
export function loadAttempt<TDetails, TResult = unknown>(
  persistence: MoneyFlowPersistence<TDetails>,
  now: number,
): MoneyFlowState<TDetails, TResult> | null {
  return (
    loadUnknownAttempt<TDetails, TResult>(persistence, now) ??
    restore<TDetails, TResult>(
      persistence,
      storageOf(persistence),
      persistence.storageKey,
      now,
      persistence.maxAgeMs ?? DEFAULT_ATTEMPT_MAX_AGE_MS,
    )
  );
}
