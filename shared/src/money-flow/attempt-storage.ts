// Keeps an attempt that is under way across a reload of the page, so that the same client reference
// (Idempotency-Key) is sent again and a call that already went through is replayed, not repeated.
// Only what a replay needs is stored: the key, the screen's details and the OTP challenge. Never the
// transaction PIN: after a reload the customer types it again.
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
}

export const DEFAULT_ATTEMPT_MAX_AGE_MS = 15 * 60 * 1000;

interface StoredAttempt {
  version: 1;
  step: 'confirm' | 'authenticate';
  idempotencyKey: string;
  details: unknown;
  challenge?: FlowChallenge;
  savedAt: number;
}

function storageOf<T>(persistence: MoneyFlowPersistence<T>) {
  if (persistence.storage) return persistence.storage;
  try {
    return typeof window === 'undefined' ? undefined : window.sessionStorage;
  } catch {
    // Reading window.sessionStorage throws where storage is blocked (some privacy settings).
    return undefined;
  }
}

function forget<T>(persistence: MoneyFlowPersistence<T>): void {
  try {
    storageOf(persistence)?.removeItem(persistence.storageKey);
  } catch {
    // Nothing to do: see saveAttempt.
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
      (stored.step === 'authenticate' && isChallenge(stored.challenge))) &&
    typeof stored.idempotencyKey === 'string' &&
    IDEMPOTENCY_KEY_PATTERN.test(stored.idempotencyKey) &&
    typeof stored.savedAt === 'number'
  );
}

/** Writes the attempt while it is under way (confirm, authenticate); clears it otherwise. */
export function saveAttempt<TDetails>(
  persistence: MoneyFlowPersistence<TDetails>,
  state: MoneyFlowState<TDetails, unknown>,
  now: number,
): void {
  if (state.step !== 'confirm' && state.step !== 'authenticate') {
    forget(persistence);
    return;
  }
  const storage = storageOf(persistence);
  if (!storage) return;
  try {
    const stored: StoredAttempt = {
      version: 1,
      step: state.step,
      idempotencyKey: state.attempt.idempotencyKey,
      details: state.attempt.details,
      ...(state.step === 'authenticate' ? { challenge: state.challenge } : {}),
      savedAt: now,
    };
    storage.setItem(persistence.storageKey, JSON.stringify(stored));
  } catch {
    // Storage full or disabled (private mode): the flow works, only a reload starts it over.
  }
}

/** The attempt to resume, or null (nothing stored, too old, or not in the stored shape). */
export function loadAttempt<TDetails, TResult = unknown>(
  persistence: MoneyFlowPersistence<TDetails>,
  now: number,
): MoneyFlowState<TDetails, TResult> | null {
  const storage = storageOf(persistence);
  if (!storage) return null;
  let stored: unknown;
  try {
    const raw = storage.getItem(persistence.storageKey);
    if (raw === null) return null;
    stored = JSON.parse(raw);
  } catch {
    return null;
  }
  const maxAge = persistence.maxAgeMs ?? DEFAULT_ATTEMPT_MAX_AGE_MS;
  if (!isStoredAttempt(stored) || now - stored.savedAt > maxAge || stored.savedAt > now) {
    forget(persistence);
    return null;
  }
  const details = persistence.parseDetails(stored.details);
  if (details === null) {
    forget(persistence);
    return null;
  }
  const attempt = { idempotencyKey: stored.idempotencyKey, details };
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
