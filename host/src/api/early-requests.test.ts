import {
  EARLY_REQUESTS_GLOBAL,
  readEarlyUser,
  takeEarlyAppCheck,
  takeEarlyUser,
} from './early-requests';

/** What the page's inline script leaves (control-plane/src/first-load.ts earlyRequestsElement). */
function asked(answers: { appCheck?: unknown; user?: unknown }, session = { tk: 'tk-1', id: '7' }) {
  return {
    [EARLY_REQUESTS_GLOBAL]: {
      ...session,
      appCheck: Promise.resolve(answers.appCheck ?? null),
      user: Promise.resolve(answers.user ?? null),
    },
  } as Record<string, unknown>;
}

const USER = { status: 200, challenge: '', body: { user: { id: 7, first_name: 'Adaeze' } } };

describe("the requests a signed-in page's HTML started", () => {
  it('hands the user over once, for the session it was asked with', async () => {
    const holder = asked({ user: USER });
    await expect(takeEarlyUser({ token: 'tk-1', id: '7' }, holder)).resolves.toEqual(USER);
    // Taken: a second fetch of the user asks the server.
    expect(takeEarlyUser({ token: 'tk-1', id: '7' }, holder)).toBeNull();
  });

  it('does not hand over an answer for another session', () => {
    expect(takeEarlyUser({ token: 'tk-2', id: '7' }, asked({ user: USER }))).toBeNull();
    expect(takeEarlyUser({ token: 'tk-1', id: '8' }, asked({ user: USER }))).toBeNull();
    expect(takeEarlyUser({ token: null, id: '7' }, asked({ user: USER }))).toBeNull();
  });

  it('answers null when nothing was asked or the request failed, so the caller asks itself', async () => {
    expect(takeEarlyUser({ token: 'tk-1', id: '7' }, {})).toBeNull();
    expect(takeEarlyAppCheck({})).toBeNull();
    await expect(takeEarlyUser({ token: 'tk-1', id: '7' }, asked({}))).resolves.toBeNull();
    const rejected = asked({});
    (rejected[EARLY_REQUESTS_GLOBAL] as { user: Promise<unknown> }).user = Promise.reject(
      new Error('offline'),
    );
    await expect(takeEarlyUser({ token: 'tk-1', id: '7' }, rejected)).resolves.toBeNull();
  });

  it('hands the app-check token over once, and only a token', async () => {
    const holder = asked({ appCheck: { token: 'ac-1', expiresAt: '2026-11-24T10:00:00Z' } });
    await expect(takeEarlyAppCheck(holder)).resolves.toEqual({
      token: 'ac-1',
      expiresAt: '2026-11-24T10:00:00Z',
    });
    expect(takeEarlyAppCheck(holder)).toBeNull();
    await expect(takeEarlyAppCheck(asked({ appCheck: { message: 'no' } }))).resolves.toBeNull();
  });

  it("reads the user's answer: the user, a refused session, or nothing to go on", () => {
    expect(readEarlyUser(USER)).toEqual({ user: USER.body });
    expect(
      readEarlyUser({
        status: 401,
        challenge: 'Bearer error="invalid_token"',
        body: { message: 'Your session has ended.' },
      }),
    ).toEqual({
      refused: {
        status: 401,
        message: 'Your session has ended.',
        serverMessage: 'Your session has ended.',
        data: { message: 'Your session has ended.' },
      },
    });
    // A 401 without the challenge, a server error, nothing at all: the client asks and decides.
    expect(readEarlyUser({ status: 401, challenge: '', body: null })).toBeNull();
    expect(readEarlyUser({ status: 500, challenge: '', body: null })).toBeNull();
    expect(readEarlyUser(null)).toBeNull();
  });
});
