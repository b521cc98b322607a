import { useCallback, useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { loadAttempt, saveAttempt, type MoneyFlowPersistence } from './attempt-storage';
import { newIdempotencyKey } from './idempotency-key';
import {
  initialMoneyFlowState,
  moneyFlowReducer,
  type MoneyFlowEvent,
  type MoneyFlowState,
} from './machine';
import type { MoneySubmit, MoneySubmitInput } from './types';

export interface UseMoneyFlowOptions<TDetails, TResult = unknown> {
  /** Makes the money call (see MoneySubmit); the flow adds the PIN, the OTP and the key. */
  submit: MoneySubmit<TDetails, TResult>;
  /** SPEC §8 fallback toast for an error at confirm, e.g. 'Error initiating airtime purchase'. */
  errorFallback: string;
  /** Shows a toast (a remote passes its host-bus toast). */
  showToast: (kind: 'error', message: string) => void;
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
  /** Status -> initiate: a new attempt. `keepDetails` fills the form in again (Try again). */
  restart: (options?: { keepDetails?: boolean }) => void;
  /**
   * A pending outcome got its definite answer later (the screen's own status check): the heading and
   * the box follow it. Ignored unless the outcome is still pending.
   */
  settle: (status: 'successful' | 'failed') => void;
}

type Listener = () => void;

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
      const newKey = latest.current.newKey ?? newIdempotencyKey;
      // The key is made before the machine sees the event: the machine stays pure.
      store.send({ type: 'proceed', details, idempotencyKey: newKey() });
    },
    [store],
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

  const restart = useCallback(
    (restartOptions?: { keepDetails?: boolean }) =>
      void store.send({ type: 'restart', keepDetails: restartOptions?.keepDetails }),
    [store],
  );

  const settle = useCallback(
    (status: 'successful' | 'failed') => void store.send({ type: 'settled', status }),
    [store],
  );

  return { state, proceed, back, confirm, verifyOtp, resend, restart, settle };
}
