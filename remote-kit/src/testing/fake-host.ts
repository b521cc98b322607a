// A stand-in for the host's federated modules (host/api, host/bus, host/session) in a remote's unit
// tests. A test file replaces the kit's loader with it:
//   jest.mock('@ajo/remote-kit/host', () => jest.requireActual('@ajo/remote-kit/testing').hostModule);
// then drives `api`, pushes bus events through `busEvents` and asserts on what was recorded.
import { BehaviorSubject, Subject, filter } from '@ajo/shared/rx';
import type { BusEvent, BusEventOf, BusEventType } from '@ajo/shared/events';
import type { User, Wallet } from '@ajo/shared/entities';

const method = () => jest.fn();
export const api = {
  get: method(),
  post: method(),
  put: method(),
  patch: method(),
  delete: method(),
  encrypted: { get: method(), post: method(), put: method(), patch: method(), delete: method() },
};

export const appConfig = {
  apiBaseUrl: '/api',
  encryptionSecret: 'x',
  bankName: 'Ajo Sandbox Bank',
};
export const getAppConfig = jest.fn(async () => appConfig);

/** Events the screens listen to: tests push wallets-changed (and others) here. */
export const busEvents = new Subject<BusEvent>();
export const bus = {
  emit: jest.fn<void, [BusEvent]>(),
  on: <T extends BusEventType>(type: T) =>
    busEvents.pipe(filter((event): event is BusEventOf<T> => event.type === type)),
  events$: busEvents.asObservable(),
};

const user$ = new BehaviorSubject<User | null>(null);
let signupToken: string | null = null;
export const session = {
  user$,
  getUser: () => user$.getValue(),
  setUser: (user: User | null) => user$.next(user),
  getUserId: () => '7',
  getToken: () => 'token',
  loadUser: jest.fn<Promise<User>, [options?: { maxAgeMs?: number }]>(),
  startSignup: jest.fn((token: string) => {
    signupToken = token;
  }),
  getSignupToken: jest.fn(() => signupToken),
  endSignup: jest.fn(() => {
    signupToken = null;
  }),
};

/** What `jest.mock('@ajo/remote-kit/host', ...)` returns: the loaders, resolving to the fakes. */
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

function emitted<T extends BusEventType>(type: T): Array<BusEventOf<T>> {
  return bus.emit.mock.calls
    .map(([event]) => event)
    .filter((event): event is BusEventOf<T> => event.type === type);
}

/** Unread counts the alerts screen told the shell's bell, in order. */
export function unreadCountsAnnounced(): number[] {
  return emitted('alerts-unread').map((event) => event.unread);
}

/** Toasts emitted on the bus, as [kind, message]. */
export function toasts(): Array<[string, string]> {
  return emitted('toast').map((event) => [event.toast.kind, event.toast.message]);
}

/** Paths sent to the host with a 'navigate' event (navigateAcrossApps, CrossAppLink). */
export function crossAppNavigations(): string[] {
  return emitted('navigate').map((event) => event.to);
}

/** Prompts a screen asked the shell for ('open-prompt' events). */
export function promptsAsked(): string[] {
  return emitted('open-prompt').map((event) => event.prompt);
}

/** A rejection shaped like host/api's ApiError. */
export function apiError(status: number, serverMessage?: string) {
  return { status, message: serverMessage ?? `HTTP ${status}`, serverMessage, data: undefined };
}

/** Forgets every recorded call, answer, user and stored value: call it in beforeEach. */
export function resetHost(): void {
  const verbs = ['get', 'post', 'put', 'patch', 'delete'] as const;
  for (const fn of [...verbs.map((v) => api[v]), ...verbs.map((v) => api.encrypted[v])]) {
    fn.mockReset();
  }
  bus.emit.mockReset();
  session.loadUser.mockReset();
  session.startSignup.mockClear();
  session.getSignupToken.mockClear();
  session.endSignup.mockClear();
  signupToken = null;
  getAppConfig.mockClear();
  user$.next(null);
  localStorage.clear();
  sessionStorage.clear();
}
