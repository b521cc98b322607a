// SPEC §3 "Shared state slices: … nin": the NIN start response, held as nin.verificationData. A
// BehaviorSubject for this remote's screens, mirrored to sessionStorage so a reload (or the trip to
// /onboarding and back) keeps it; sign-out clears sessionStorage with it. Cleared after activation.
import { useSyncExternalStore } from 'react';
import { BehaviorSubject } from '@ajo/shared/rx';
import { ninStartResponseSchema, type NinStartResponse } from '@ajo/shared/schemas';

export type NinVerificationData = NinStartResponse;

export const NIN_VERIFICATION_DATA_KEY = 'nin.verificationData';

function readStored(): NinVerificationData | null {
  try {
    const raw = globalThis.sessionStorage?.getItem(NIN_VERIFICATION_DATA_KEY);
    if (!raw) return null;
    const parsed = ninStartResponseSchema.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

const verificationData$ = new BehaviorSubject<NinVerificationData | null>(readStored());

export const ninStore = {
  data$: verificationData$.asObservable(),
  get: (): NinVerificationData | null => verificationData$.getValue(),
  set(data: NinVerificationData): void {
    sessionStorage.setItem(NIN_VERIFICATION_DATA_KEY, JSON.stringify(data));
    verificationData$.next(data);
  },
  clear(): void {
    sessionStorage.removeItem(NIN_VERIFICATION_DATA_KEY);
    verificationData$.next(null);
  },
  /** Re-reads sessionStorage (tests, and another tab of the same session writing it). */
  reload(): void {
    verificationData$.next(readStored());
  },
};

function subscribe(onChange: () => void): () => void {
  const subscription = verificationData$.subscribe(onChange);
  return () => subscription.unsubscribe();
}

/** The held verification data, re-rendering when it changes. */
export function useNinVerificationData(): NinVerificationData | null {
  return useSyncExternalStore(subscribe, ninStore.get, ninStore.get);
}
