// What every remote's screens use: toasts and cross-app navigation over the host bus, SPEC §8
// "server message, else fallback", and parsing answers with the shared schemas.
import type { ToastKind } from '@ajo/shared/events';
import { loadHostBus } from './host';

/** Toasts go through the host bus; the shell shows them (host README). */
export async function showToast(kind: ToastKind, message: string): Promise<void> {
  const { bus } = await loadHostBus();
  bus.emit({ type: 'toast', toast: { kind, message } });
}

/**
 * The one way to go to a route another app owns (/login, /dashboard, another remote's screen): a
 * 'navigate' event on the host bus, which the host follows (host/src/bus). Never assign
 * window.location for an in-app route (a full reload); leaving the app is ./browser-redirect's job.
 */
export async function navigateAcrossApps(to: string): Promise<void> {
  const { bus } = await loadHostBus();
  bus.emit({ type: 'navigate', to });
}

/** Asks the shell for its NIN update prompt (SPEC §4), whatever its own rules say. */
export async function openNinUpdate(): Promise<void> {
  const { bus } = await loadHostBus();
  bus.emit({ type: 'open-prompt', prompt: 'nin' });
}

/**
 * Bare HTTP status words a server or proxy answers with: they mean nothing to a customer, so the
 * SPEC §8 fallback is shown instead.
 */
const HTTP_REASON_PHRASES = new Set([
  'bad request',
  'unauthorized',
  'forbidden',
  'not found',
  'too many requests',
  'internal server error',
  'bad gateway',
  'service unavailable',
  'gateway timeout',
]);

/** SPEC §8: toasts show the server's message, with the SPEC's fallback otherwise. */
export function errorMessage(error: unknown, fallback: string): string {
  if (typeof error === 'object' && error !== null && 'serverMessage' in error) {
    const { serverMessage } = error as { serverMessage?: unknown };
    if (
      typeof serverMessage === 'string' &&
      serverMessage.trim() !== '' &&
      !HTTP_REASON_PHRASES.has(serverMessage.trim().toLowerCase())
    ) {
      return serverMessage;
    }
  }
  return fallback;
}

/** The HTTP status of a rejected call, when it has one. */
export function errorStatus(error: unknown): number | undefined {
  if (typeof error === 'object' && error !== null && 'status' in error) {
    const { status } = error as { status?: unknown };
    return typeof status === 'number' ? status : undefined;
  }
  return undefined;
}

interface SafeParser<T> {
  safeParse(data: unknown): { success: true; data: T } | { success: false };
}

/**
 * docs/conventions.md §4: parse what the server sends. A body that does not parse rejects like a
 * failed call without a server message, so the caller shows its SPEC fallback instead of crashing.
 */
export function parseResponse<T>(schema: SafeParser<T>, data: unknown): T {
  const result = schema.safeParse(data);
  if (!result.success) throw { ...UNEXPECTED_RESPONSE };
  return result.data;
}

const UNEXPECTED_RESPONSE = {
  status: 0,
  message: 'Unexpected response from the server',
  unexpectedResponse: true,
} as const;

/** Did the call succeed with a body that does not parse (as opposed to failing)? */
export function isUnexpectedResponse(error: unknown): boolean {
  return typeof error === 'object' && error !== null && 'unexpectedResponse' in error;
}

/** Money moved out of (or into) a wallet: screens showing balances and history reload. */
export async function announceMoneyMoved(walletAccountNumber?: string): Promise<void> {
  const { bus } = await loadHostBus();
  bus.emit(
    walletAccountNumber
      ? { type: 'wallets-changed', walletAccountNumber }
      : { type: 'wallets-changed' },
  );
}
