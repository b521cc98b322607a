import { useCallback, useEffect, useRef, useState, useSyncExternalStore } from 'react';
import {
  loadAttempt,
  loadUnknownAttempt,
  saveAttempt,
  type MoneyFlowPersistence,
} from './attempt-storage';
import { newIdempotencyKey } from './idempotency-key';
import {
  initialMoneyFlowState,
  moneyFlowReducer,
  type MoneyFlowEvent,
  type MoneyFlowState,
} from './machine';
import type { MoneyRecover, MoneySubmit, MoneySubmitInput } from './types';

export interface UseMoneyFlowOptions<TDetails, TResult = unknown> {
  /** Makes the money call (see MoneySubmit); the flow adds the PIN, the OTP and the key. */
  submit: MoneySubmit<TDetails, TResult>;
  /** SPEC §8 fallback toast for an error at confirm, e.g. 'Error initiating airtime purchase'. */
  errorFallback: string;
  /** Shows a toast (a remote passes its host-bus toast). */
  showToast: (kind: 'error', message: string) => void;
  /**
   * Asks the server what became of an attempt whose answer was lost (GET /money/attempts/{key});
   * without it, such an attempt is sent again under its key while the PIN is in memory.
   */
  recover?: MoneyRecover<TDetails, TResult>;
  /** Keep an attempt under way across a reload (see attempt-storage.ts). */
  persist?: MoneyFlowPersistence<TDetails>;
  /** Tests only: the key and clock sources. */
  newKey?: () => string;
  now?: () => number;
}

export interface MoneyFlowController<TDetails, TResult = unknown> {
  state: MoneyFlowState<TDetails, TResult>;
  /** Initiate -> confirm with the form's details: a new attempt, a new Idempotency-Key. */
  proceed: (details: TDetails) => void;
  /** Confirm or authenticate -> initiate, keeping the details to fill the form in again. */
  back: () => void;
  /** Next on the confirm step. A second call while the first is in flight sends nothing. */
  confirm: (transactionPin: string) => Promise<void>;
  /** The OTP (and the PIN again when it was lost to a reload). */
  verifyOtp: (otp: string, transactionPin?: string) => Promise<void>;
  /** Repeats the call without an OTP; rejects when no new OTP was sent. */
  resend: (transactionPin?: string) => Promise<void>;
  /** Checking: ask the server now instead of waiting for the next check (Check again). */
  check: () => Promise<void>;
  /** Status -> initiate: a new attempt. `keepDetails` fills the form in again (Try again). */
  restart: (options?: { keepDetails?: boolean }) => void;
  /**
   * A pending outcome got its definite answer later (the screen's own status check): the heading and
   * the box follow it. Ignored unless the outcome is still pending.
   */
  settle: (status: 'successful' | 'failed') => void;
}

type Listener = () => void;

/** The wait before each check of a lost answer: soon at first, then backing off to 30 s. */
export const CHECK_DELAYS_MS = [1000, 2000, 4000, 8000, 15000, 30000] as const;

/** The machine outside React state, so a second click sees the first one's effect at once. */
function createFlowStore<D, R>(initial: MoneyFlowState<D, R>) {
  let state = initial;
  const listeners = new Set<Listener>();
  return {
    getState: () => state,
    send(event: MoneyFlowEvent<D, R>): boolean {
      const next = moneyFlowReducer(state, event);
      if (next === state) return false;
      state = next;
      listeners.forEach((listener) => listener());
      return true;
    },
    subscribe(listener: Listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
  };
}

/**
 * SPEC §4 money flow: runs the pure machine (machine.ts), makes the screen's calls with the
 * attempt's Idempotency-Key and feeds the answers back. Used by <MoneyFlow>; a screen with a layout
 * of its own can use it directly.
 */
export function useMoneyFlow<TDetails, TResult = unknown>(
  options: UseMoneyFlowOptions<TDetails, TResult>,
): MoneyFlowController<TDetails, TResult> {
  // The latest callbacks, without re-creating the actions on every render.
  const latest = useRef(options);
  useEffect(() => {
    latest.current = options;
  });
  const now = useCallback(() => (latest.current.now ?? Date.now)(), []);

  const [store] = useState(() => {
    const restored = options.persist
      ? loadAttempt<TDetails, TResult>(options.persist, (options.now ?? Date.now)())
      : null;
    return createFlowStore<TDetails, TResult>(restored ?? initialMoneyFlowState());
  });
  const state = useSyncExternalStore(store.subscribe, store.getState, store.getState);

  useEffect(() => {
    const { persist } = latest.current;
    if (persist) saveAttempt(persist, state, now());
  }, [state, now]);

  /** Sends `event`; if the machine took it, makes the call it stands for. */
  const call = useCallback(
    async (
      event: MoneyFlowEvent<TDetails, TResult>,
      /** The body fields of the call, given the PIN the machine now holds. */
      input: (transactionPin: string) => MoneySubmitInput,
    ): Promise<boolean> => {
      if (!store.send(event)) return false;
      const current = store.getState();
      if (current.step !== 'confirm' && current.step !== 'authenticate') return false;
      const { attempt } = current;
      const { submit, errorFallback } = latest.current;
      try {
        const result = await submit(input(attempt.transactionPin ?? ''), {
          idempotencyKey: attempt.idempotencyKey,
          details: attempt.details,
        });
        store.send({ type: 'answered', result, now: now() });
        return true;
      } catch (error) {
        store.send({ type: 'rejected', error, fallbackMessage: errorFallback });
        const after = store.getState();
        if (after.step === 'status' && after.outcome.message) {
          latest.current.showToast('error', after.outcome.message);
        }
        return false;
      }
    },
    [store, now],
  );

  const proceed = useCallback(
    (details: TDetails) => {
      const { persist } = latest.current;
      // Another tab (or a page the phone closed) lost the answer of an attempt of this screen: it
      // is checked first, so a second attempt cannot pay twice.
      const unknown = persist ? loadUnknownAttempt<TDetails, TResult>(persist, now()) : null;
      if (unknown && store.send({ type: 'resume', state: unknown })) return;
      const newKey = latest.current.newKey ?? newIdempotencyKey;
      // The key is made before the machine sees the event: the machine stays pure.
      store.send({ type: 'proceed', details, idempotencyKey: newKey() });
    },
    [store, now],
  );

  const back = useCallback(() => void store.send({ type: 'back' }), [store]);

  const confirm = useCallback(
    async (transactionPin: string) => {
      await call({ type: 'confirm', transactionPin }, (pin) => ({ transaction_pin: pin }));
    },
    [call],
  );

  const verifyOtp = useCallback(
    async (otp: string, transactionPin?: string) => {
      await call({ type: 'verify-otp', otp, transactionPin }, (pin) => ({
        transaction_pin: pin,
        otp,
      }));
    },
    [call],
  );

  const resend = useCallback(
    async (transactionPin?: string) => {
      // SPEC §4: a resend repeats the call without the OTP (same key, same details).
      const sent = await call({ type: 'resend', now: now(), transactionPin }, (pin) => ({
        transaction_pin: pin,
      }));
      if (!sent) throw new Error('No new OTP was sent');
    },
    [call, now],
  );

  /**
   * One check of a lost answer: the server's record of the attempt when the screen can ask for it,
   * else (or when it never arrived) the same call again under the same key while the PIN is in
   * memory: the server replays a completed call, and runs one that never arrived, once.
   */
  const check = useCallback(async () => {
    if (!store.send({ type: 'check' })) return;
    const current = store.getState();
    if (current.step !== 'checking') return;
    const { attempt, from } = current;
    const { submit, recover, errorFallback } = latest.current;
    const target = { idempotencyKey: attempt.idempotencyKey, details: attempt.details };
    try {
      const found = recover ? await recover(target) : { kind: 'absent' as const };
      if (found.kind === 'running') {
        store.send({ type: 'unknown' });
        return;
      }
      if (found.kind !== 'absent') {
        store.send({ type: 'answered', result: found, now: now() });
        return;
      }
      if (!attempt.transactionPin || (from === 'authenticate' && !attempt.otp)) {
        store.send({ type: 'unsent' });
        return;
      }
      const result = await submit(
        {
          transaction_pin: attempt.transactionPin,
          ...(from === 'authenticate' ? { otp: attempt.otp } : {}),
        },
        target,
      );
      store.send({ type: 'answered', result, now: now() });
    } catch (error) {
      store.send({ type: 'rejected', error, fallbackMessage: errorFallback });
      const after = store.getState();
      if (after.step === 'status' && after.outcome.message) {
        latest.current.showToast('error', after.outcome.message);
      }
    }
  }, [store, now]);

  // While the outcome is unknown, check again after a growing wait.
  const waiting = state.step === 'checking' && !state.busy ? state.checks : null;
  useEffect(() => {
    if (waiting === null) return;
    const delay = CHECK_DELAYS_MS[Math.min(waiting, CHECK_DELAYS_MS.length - 1)];
    const timer = setTimeout(() => void check(), delay);
    return () => clearTimeout(timer);
  }, [waiting, check]);

  const restart = useCallback(
    (restartOptions?: { keepDetails?: boolean }) =>
      void store.send({ type: 'restart', keepDetails: restartOptions?.keepDetails }),
    [store],
  );

  const settle = useCallback(
    (status: 'successful' | 'failed') => void store.send({ type: 'settled', status }),
    [store],
  );

  return { state, proceed, back, confirm, verifyOtp, resend, check, restart, settle };
}
