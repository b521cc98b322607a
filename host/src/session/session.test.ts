import type { User } from '@ajo/shared/entities';
import { createBus } from '../bus/create-bus';
import { hasSession } from '../routes/guard';
import { createSession } from './create-session';

const ada = {
  id: 7,
  first_name: 'Ada',
  last_name: 'Obi',
  photo_url: null,
  wallets: [],
} as unknown as User;

let clock = 0;

function setup(fetchUser: (id: string) => Promise<unknown> = async () => ada) {
  localStorage.clear();
  sessionStorage.clear();
  const bus = createBus();
  const events: string[] = [];
  const toasts: string[] = [];
  bus.events$.subscribe((e) => {
    events.push(e.type);
    if (e.type === 'toast') toasts.push(e.toast.message);
  });
  const fetchSpy = jest.fn(fetchUser);
  const endSession = jest.fn(async (_token: string) => ({ status: 200 }));
  const broadcast = jest.fn();
  clock = 1_000_000;
  const session = createSession({
    bus,
    fetchUser: fetchSpy,
    endSession,
    broadcast,
    now: () => clock,
  });
  return { session, events, fetchSpy, endSession, broadcast, toasts };
}

describe('session', () => {
  it('stores the token and user id under tk and id (SPEC §3)', () => {
    const { session } = setup();
    expect(session.isAuthenticated()).toBe(false);
    session.start('jwt', 7);
    expect(localStorage.getItem('tk')).toBe('jwt');
    expect(localStorage.getItem('id')).toBe('7');
    expect(session.getToken()).toBe('jwt');
    expect(session.getUserId()).toBe('7');
    expect(session.isAuthenticated()).toBe(true);
  });

  it('loads the user with GET /users/{id} and publishes it on user$ and the bus', async () => {
    const { session, events, fetchSpy } = setup();
    const seen: Array<User | null> = [];
    session.user$.subscribe((u) => seen.push(u));
    session.start('jwt', 7);
    await expect(session.loadUser()).resolves.toBe(ada);
    expect(fetchSpy).toHaveBeenCalledWith('7');
    expect(seen).toEqual([null, ada]);
    expect(session.getUser()).toBe(ada);
    expect(events).toContain('user-changed');
  });

  it('accepts a { user } wrapped answer', async () => {
    const { session } = setup(async () => ({ user: ada }));
    session.start('jwt', 7);
    await expect(session.loadUser()).resolves.toBe(ada);
  });

  it('rejects when no user id is stored, without calling the API', async () => {
    const { session, fetchSpy } = setup();
    await expect(session.loadUser()).rejects.toEqual(expect.objectContaining({ status: 401 }));
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it('signOut clears all local browser storage, resets the user and emits signed-out', async () => {
    const { session, events } = setup();
    session.start('jwt', 7);
    await session.loadUser();
    localStorage.setItem('showSideBar', 'true');
    sessionStorage.setItem('referrer_code', 'ABC');
    session.signOut();
    expect(localStorage.length).toBe(0);
    expect(sessionStorage.length).toBe(0);
    expect(session.getUser()).toBeNull();
    expect(events.at(-1)).toBe('signed-out');
  });
  it('signOut ends the session on the server with the stored token and tells the other tabs', () => {
    const { session, endSession, broadcast } = setup();
    session.start('jwt', 7);
    session.signOut();
    expect(endSession).toHaveBeenCalledWith('jwt');
    expect(broadcast).toHaveBeenCalledWith('signed-out');
    expect(localStorage.getItem('tk')).toBeNull();
  });

  it('signOut still clears the browser when the server cannot be reached', async () => {
    const { session, endSession } = setup();
    endSession.mockRejectedValueOnce({ status: 0, message: 'Network Error' });
    session.start('jwt', 7);
    session.signOut();
    await Promise.resolve();
    expect(localStorage.length).toBe(0);
  });

  it('loads the user once when several parts of the page ask at the same time', async () => {
    const { session, fetchSpy } = setup();
    session.start('jwt', 7);
    const [a, b] = await Promise.all([session.loadUser(), session.loadUser()]);
    expect(a).toBe(ada);
    expect(b).toBe(ada);
    expect(fetchSpy).toHaveBeenCalledTimes(1);
    await session.loadUser();
    expect(fetchSpy).toHaveBeenCalledTimes(2);
  });

  it('answers a user fetched at most maxAgeMs ago without a request, and fetches an older one', async () => {
    const { session, fetchSpy } = setup();
    session.start('jwt', 7);
    await session.loadUser(); // the shell, on the first load
    clock += 4_000;
    await expect(session.loadUser({ maxAgeMs: 5_000 })).resolves.toBe(ada); // the remote, at once
    expect(fetchSpy).toHaveBeenCalledTimes(1);
    clock += 1_001;
    await session.loadUser({ maxAgeMs: 5_000 });
    expect(fetchSpy).toHaveBeenCalledTimes(2);
    // Without the option (money moved) it always asks the server.
    await session.loadUser();
    expect(fetchSpy).toHaveBeenCalledTimes(3);
  });

  it('never answers from a user it did not fetch, or one of another session', async () => {
    const { session, fetchSpy } = setup();
    session.start('jwt', 7);
    session.setUser(ada); // set by a screen, not fetched: its age is unknown
    await session.loadUser({ maxAgeMs: 5_000 });
    expect(fetchSpy).toHaveBeenCalledTimes(1);
    session.signOut();
    session.start('jwt-2', 8);
    await session.loadUser({ maxAgeMs: 5_000 });
    expect(fetchSpy).toHaveBeenCalledTimes(2);
    expect(fetchSpy).toHaveBeenLastCalledWith('8');
  });

  it('expire forgets a refused session once, with one notice, however many calls were refused', () => {
    const { session, toasts, events, endSession, broadcast } = setup();
    session.start('dead-jwt', 7);
    session.expire();
    session.expire();
    expect(toasts).toEqual(['Your session has ended. Please sign in again.']);
    expect(events.filter((e) => e === 'signed-out')).toHaveLength(1);
    expect(localStorage.getItem('tk')).toBeNull();
    expect(broadcast).toHaveBeenCalledTimes(1);
    // The server already refused the token: nothing to end there.
    expect(endSession).not.toHaveBeenCalled();
  });

  it('expire leaves a sign-up in progress alone (a token without a user id)', () => {
    const { session, toasts } = setup();
    session.startSignup('signup-jwt');
    session.expire();
    expect(localStorage.getItem('tk')).toBe('signup-jwt');
    expect(toasts).toEqual([]);
  });

  describe('sign-up token (SPEC §2 /otp → /register)', () => {
    it('stores it as the bearer (tk) without an id, so the guard still sees no signed-in session', () => {
      const { session } = setup();
      session.startSignup('signup-jwt');
      expect(localStorage.getItem('tk')).toBe('signup-jwt');
      expect(localStorage.getItem('id')).toBeNull();
      expect(session.getSignupToken()).toBe('signup-jwt');
      expect(session.isAuthenticated()).toBe(false);
      expect(hasSession(localStorage)).toBe(false);
    });

    it("drops a previous session's id and user, which must not pair with the sign-up token", async () => {
      const { session, events } = setup();
      session.start('old-jwt', 7);
      await session.loadUser();
      session.startSignup('signup-jwt');
      expect(localStorage.getItem('id')).toBeNull();
      expect(session.getUser()).toBeNull();
      expect(events.at(-1)).toBe('user-changed');
      expect(session.getSignupToken()).toBe('signup-jwt');
    });

    it('is not a sign-up token once a user is signed in', () => {
      const { session } = setup();
      expect(session.getSignupToken()).toBeNull();
      session.start('jwt', 7);
      expect(session.getSignupToken()).toBeNull();
    });

    it('endSignup forgets it, but never signs a signed-in user out', () => {
      const { session } = setup();
      session.startSignup('signup-jwt');
      session.endSignup();
      expect(localStorage.getItem('tk')).toBeNull();
      expect(session.getSignupToken()).toBeNull();
      session.start('jwt', 7);
      session.endSignup();
      expect(session.getToken()).toBe('jwt');
      expect(session.isAuthenticated()).toBe(true);
    });
  });
});
