// A stand-in for the host's federated modules (host/api, host/bus) in unit tests. Test files mock
// ../app/host with `hostModule` below and assert on the recorded calls.
import type { BusEvent } from '@ajo/shared/events';

export const api = {
  get: jest.fn(),
  post: jest.fn(),
  encrypted: { get: jest.fn(), post: jest.fn() },
};

export const bus = { emit: jest.fn<void, [BusEvent]>(), on: jest.fn(), events$: null };

export const hostModule = {
  loadHostApi: async () => ({ api }),
  loadHostBus: async () => ({ bus }),
};

/** Toasts emitted on the bus, as [kind, message]. */
export function toasts(): Array<[string, string]> {
  return bus.emit.mock.calls
    .map(([event]) => event)
    .filter((event): event is Extract<BusEvent, { type: 'toast' }> => event.type === 'toast')
    .map((event) => [event.toast.kind, event.toast.message]);
}

/** Paths sent to the shell with a 'navigate' event. */
export function crossAppNavigations(): string[] {
  return bus.emit.mock.calls
    .map(([event]) => event)
    .filter((event): event is Extract<BusEvent, { type: 'navigate' }> => event.type === 'navigate')
    .map((event) => event.to);
}

export function resetHost(): void {
  for (const fn of [api.get, api.post, api.encrypted.get, api.encrypted.post, bus.emit]) {
    fn.mockReset();
  }
  localStorage.clear();
  sessionStorage.clear();
}

/** A rejection shaped like host/api's ApiError. */
export function apiError(status: number, serverMessage?: string) {
  return { status, message: serverMessage ?? `HTTP ${status}`, serverMessage, data: undefined };
}
