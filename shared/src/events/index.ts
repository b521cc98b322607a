// The typed cross-remote bus contract (docs/architecture.md "Micro-frontends"). Types only: the
// host implements the bus and exposes it through federation as `host/bus`.
import type { Observable } from '@ajo/shared/rx';
import type { User } from '../entities';

export type ToastKind = 'success' | 'error' | 'info' | 'warning';

export interface ToastMessage {
  kind: ToastKind;
  message: string;
  /** Defaults to 5000 ms (SPEC §9 "Toast auto-close default 5000 ms"). */
  durationMs?: number;
}

export type BusEvent =
  | { type: 'user-changed'; user: User | null }
  | { type: 'wallets-changed'; walletAccountNumber?: string }
  | { type: 'toast'; toast: ToastMessage }
  | { type: 'signed-out' }
  | { type: 'navigate'; to: string; replace?: boolean; state?: unknown }
  /**
   * A screen asks the shell for one of its SPEC §4 prompts (the NIN update from the dashboard's
   * badge): SPEC §4's rules decide when a prompt opens by itself, not whether a customer may ask.
   */
  | { type: 'open-prompt'; prompt: 'nin' }
  /**
   * The alerts screen loaded or marked alerts: the unread count it was answered, so the shell's bell
   * follows it without a call of its own (docs/decisions/033-alerts-derived-from-the-ledger.md).
   */
  | { type: 'alerts-unread'; unread: number };

export type BusEventType = BusEvent['type'];

export type BusEventOf<T extends BusEventType> = Extract<BusEvent, { type: T }>;

export interface EventBus {
  emit(event: BusEvent): void;
  on<T extends BusEventType>(type: T): Observable<BusEventOf<T>>;
  events$: Observable<BusEvent>;
}
