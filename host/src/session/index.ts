// Exposed through federation as `host/session`: token and user id (keys tk / id), the current user as
// an observable, sign-out. One instance app-wide (reached through the federation runtime only).
import { bus } from '../bus';
import { onSessionRefused, sessionRefused } from '../api/session-refused';
import { createSession } from './create-session';
import { readEarlyUser, takeEarlyUser } from '../api/early-requests';
import { TOKEN_KEY } from './keys';

export { TOKEN_KEY, USER_ID_KEY } from './keys';
export type { Session } from './create-session';

export const session = createSession({
  bus,
  fetchUser: async (id) => {
    // The page's HTML may have asked already, while the scripts downloaded (api/early-requests.ts).
    const early = readEarlyUser(
      await takeEarlyUser({ token: localStorage.getItem(TOKEN_KEY), id }),
    );
    if (early && 'user' in early) return early.user;
    if (early) {
      sessionRefused();
      throw early.refused;
    }
    // Lazy: axios loads only when a user is actually fetched.
    const { api } = await import('../api');
    return (await api.get(`/users/${encodeURIComponent(id)}`)).data;
  },
  endSession: async (token) => {
    const { api } = await import('../api');
    // The bearer is given here: storage is cleared before the request goes out.
    return api.post('/logout', {}, { headers: { Authorization: `Bearer ${token}` } });
  },
});

// One notice, the token forgotten, the other tabs told (docs/decisions/015-sessions-ended-on-the-server.md).
onSessionRefused(() => session.expire());
