import { BehaviorSubject } from '@ajo/shared/rx';
import type { User } from '@ajo/shared/entities';
import { SESSION_ENDED } from '@ajo/shared/messages';
import type { EventBus } from '@ajo/shared/events';
import type { Session } from 'host/session';
import { SESSION_CHANNEL, SIGNED_OUT_MESSAGE, TOKEN_KEY, USER_ID_KEY } from './keys';

// The contract remotes compile against (@ajo/remote-kit/host-modules): implemented, not restated.
export type { Session };

export interface SessionDeps {
  bus: EventBus;
  /** GET /users/{id}; injected so the api client (axios) loads only when a user is fetched. */
  fetchUser: (id: string) => Promise<unknown>;
  /** POST /logout with the given bearer: ends the session on the server. Failures are ignored. */
  endSession?: (token: string) => Promise<unknown>;
  /** Tells the other tabs of this browser; defaults to a BroadcastChannel when the browser has one. */
  broadcast?: (message: string) => void;
  local?: Storage;
  sessionStore?: Storage;
  /** The clock for how old the loaded user is (tests pass a fake one). */
  now?: () => number;
}

function defaultBroadcast(): (message: string) => void {
  if (typeof BroadcastChannel === 'undefined') return () => undefined;
  // A channel per message, closed at once: a posted message is still delivered, and no channel
  // stays open for the life of the page (in Node, an open one keeps the process alive).
  return (message) => {
    const channel = new BroadcastChannel(SESSION_CHANNEL);
    channel.postMessage(message);
    channel.close();
  };
}

function asUser(data: unknown): User {
  // SPEC §7: GET /users/{id} answers the user object; tolerate a { user } wrapper.
  const candidate =
    typeof data === 'object' && data !== null && 'user' in data
      ? (data as { user: unknown }).user
      : data;
  if (typeof candidate !== 'object' || candidate === null || !('id' in candidate)) {
    throw { status: 0, message: 'Unexpected user response' };
  }
  return candidate as User;
}

export function createSession(deps: SessionDeps): Session & { expire(): void } {
  const local = deps.local ?? globalThis.localStorage;
  const sessionStore = deps.sessionStore ?? globalThis.sessionStorage;
  const user$ = new BehaviorSubject<User | null>(null);
  const broadcast = deps.broadcast ?? defaultBroadcast();
  const now = deps.now ?? Date.now;
  // The shell and a remote often ask at once: one request answers both.
  let loading: Promise<User> | null = null;
  // When the user on user$ came from the server: a remote mounting right after the shell loaded
  // it takes that one instead of a second GET on the critical path of the first screen.
  let fetchedAt: number | null = null;

  const setUser = (user: User | null) => {
    fetchedAt = null;
    user$.next(user);
    deps.bus.emit({ type: 'user-changed', user });
  };

  return {
    getToken: () => local.getItem(TOKEN_KEY),
    getUserId: () => local.getItem(USER_ID_KEY),
    isAuthenticated: () => Boolean(local.getItem(TOKEN_KEY) && local.getItem(USER_ID_KEY)),
    start(token, userId) {
      local.setItem(TOKEN_KEY, token);
      local.setItem(USER_ID_KEY, String(userId));
    },
    startSignup(token) {
      // A previous session's id must not pair with the sign-up token: the guard would take it for
      // that user signed in.
      local.removeItem(USER_ID_KEY);
      local.setItem(TOKEN_KEY, token);
      if (user$.getValue() !== null) setUser(null);
    },
    getSignupToken: () => (local.getItem(USER_ID_KEY) ? null : local.getItem(TOKEN_KEY)),
    endSignup() {
      if (!local.getItem(USER_ID_KEY)) local.removeItem(TOKEN_KEY);
    },
    user$: user$.asObservable(),
    getUser: () => user$.getValue(),
    setUser,
    loadUser(options) {
      const id = local.getItem(USER_ID_KEY);
      if (!id) return Promise.reject({ status: 401, message: 'No stored user id' });
      const cached = user$.getValue();
      const maxAge = options?.maxAgeMs;
      if (!loading && cached && fetchedAt !== null && maxAge !== undefined) {
        if (String(cached.id) === id && now() - fetchedAt <= maxAge) return Promise.resolve(cached);
      }
      loading ??= deps
        .fetchUser(id)
        .then((data) => {
          const user = asUser(data);
          setUser(user);
          fetchedAt = now();
          return user;
        })
        .finally(() => {
          loading = null;
        });
      return loading;
    },
    signOut() {
      // docs/decisions/015-sessions-ended-on-the-server.md: the server ends the session, so the
      // token is refused afterwards whatever this browser kept; the browser forgets it either way.
      const token = local.getItem(TOKEN_KEY);
      if (token && local.getItem(USER_ID_KEY)) {
        deps.endSession?.(token).catch(() => undefined);
      }
      clear();
    },
    expire() {
      // Several calls refused at once end the session once, with one notice.
      if (!local.getItem(TOKEN_KEY) || !local.getItem(USER_ID_KEY)) return;
      clear();
      deps.bus.emit({ type: 'toast', toast: { kind: 'error', message: SESSION_ENDED } });
    },
  };

  function clear() {
    // SPEC §2 Dashboard shell: Signout clears all local browser storage and goes to /login (the
    // shell navigates on 'signed-out', so a remote calling signOut() gets the same redirect).
    local.clear();
    sessionStore.clear();
    user$.next(null);
    deps.bus.emit({ type: 'user-changed', user: null });
    deps.bus.emit({ type: 'signed-out' });
    broadcast(SIGNED_OUT_MESSAGE);
  }
}
