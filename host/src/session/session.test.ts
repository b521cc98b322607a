import type { User } from '@ajo/shared/entities';
import { createBus } from '../bus/create-bus';
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
});
