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

function setup(fetchUser: (id: string) => Promise<unknown> = async () => ada) {
  localStorage.clear();
  sessionStorage.clear();
  const bus = createBus();
  const events: string[] = [];
  bus.events$.subscribe((e) => events.push(e.type));
  const fetchSpy = jest.fn(fetchUser);
  const session = createSession({ bus, fetchUser: fetchSpy });
  return { session, events, fetchSpy };
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
