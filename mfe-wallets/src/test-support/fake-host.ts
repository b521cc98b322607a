// A stand-in for the host's federated modules (host/api, host/bus, host/session) in unit tests. Test
// files mock ../app/host with `hostModule` below and assert on the recorded calls.
import { Subject, BehaviorSubject, filter } from 'rxjs';
import type { BusEvent } from '@ajo/shared/events';
import type { User, Wallet } from '@ajo/shared/entities';

export const api = {
  get: jest.fn(),
  post: jest.fn(),
  encrypted: { get: jest.fn(), post: jest.fn() },
};

export const appConfig = {
  apiBaseUrl: '/api',
  encryptionSecret: 'x',
  bankName: 'Ajo Sandbox Bank',
};
export const getAppConfig = jest.fn(async () => appConfig);

/** Events the screens listen to: tests push wallets-changed here. */
export const busEvents = new Subject<BusEvent>();
export const bus = {
  emit: jest.fn<void, [BusEvent]>(),
  on: (type: BusEvent['type']) => busEvents.pipe(filter((event) => event.type === type)),
  events$: busEvents,
};

const user$ = new BehaviorSubject<User | null>(null);
export const session = {
  user$,
  getUser: () => user$.getValue(),
  setUser: (user: User | null) => user$.next(user),
  getUserId: () => '7',
  getToken: () => 'token',
  loadUser: jest.fn<Promise<User>, []>(),
};

export const hostModule = {
  loadHostApi: async () => ({ api, getAppConfig }),
  loadHostBus: async () => ({ bus }),
  loadHostSession: async () => ({ session }),
};

export function wallet(overrides: Partial<Wallet> = {}): Wallet {
  return {
    id: 1,
    name: 'Main Wallet',
    account_no: '1100000001',
    balance: 12500.5,
    product_id: 1,
    account_status: 'active',
    ...overrides,
  };
}

export function customer(overrides: Partial<User> = {}): User {
  return {
    id: 7,
    first_name: 'Ada',
    last_name: 'Obi',
    phone_number: '2348012345678',
    address: '1 Marina, Lagos',
    photo_url: null,
    is_verified: true,
    mifos_client_id: 99,
    nin: '12345678901',
    nin_verification_status: 'approved',
    isTransactionPinEnabled: true,
    referral_code: 'ADA123',
    wallets: [
      wallet(),
      wallet({
        id: 2,
        name: 'Commission Wallet',
        account_no: '1100000004',
        balance: 250,
        product_id: 4,
      }),
    ],
    ...overrides,
  };
}

/** Toasts emitted on the bus, as [kind, message]. */
export function toasts(): Array<[string, string]> {
  return bus.emit.mock.calls
    .map(([event]) => event)
    .filter((event): event is Extract<BusEvent, { type: 'toast' }> => event.type === 'toast')
    .map((event) => [event.toast.kind, event.toast.message]);
}

export function resetHost(): void {
  for (const fn of [api.get, api.post, api.encrypted.get, api.encrypted.post, bus.emit]) {
    fn.mockReset();
  }
  session.loadUser.mockReset();
  getAppConfig.mockClear();
  user$.next(null);
  localStorage.clear();
  sessionStorage.clear();
}

/** A rejection shaped like host/api's ApiError. */
export function apiError(status: number, serverMessage?: string) {
  return { status, message: serverMessage ?? `HTTP ${status}`, serverMessage, data: undefined };
}
