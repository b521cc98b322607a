import { BehaviorSubject } from 'rxjs';
import type { User } from '@ajo/shared/entities';
import type { EventBus } from '@ajo/shared/events';
import type { Session } from 'host/session';
import { TOKEN_KEY, USER_ID_KEY } from './keys';

// The contract remotes compile against (@ajo/remote-kit/host-modules): implemented, not restated.
export type { Session };

export interface SessionDeps {
  bus: EventBus;
  /** GET /users/{id}; injected so the api client (axios) loads only when a user is fetched. */
  fetchUser: (id: string) => Promise<unknown>;
  local?: Storage;
  sessionStore?: Storage;
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

export function createSession(deps: SessionDeps): Session {
  const local = deps.local ?? globalThis.localStorage;
  const sessionStore = deps.sessionStore ?? globalThis.sessionStorage;
  const user$ = new BehaviorSubject<User | null>(null);

  const setUser = (user: User | null) => {
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
    async loadUser() {
      const id = local.getItem(USER_ID_KEY);
      if (!id) throw { status: 401, message: 'No stored user id' };
      const user = asUser(await deps.fetchUser(id));
      setUser(user);
      return user;
    },
    signOut() {
      // SPEC §2 Dashboard shell: Signout clears all local browser storage and goes to /login (the
      // shell navigates on 'signed-out', so a remote calling signOut() gets the same redirect).
      local.clear();
      sessionStore.clear();
      user$.next(null);
      deps.bus.emit({ type: 'user-changed', user: null });
      deps.bus.emit({ type: 'signed-out' });
    },
  };
}
