import { Writable } from 'node:stream';
import { messageResponseSchema, userSchema } from '@ajo/shared/schemas';
import { buildApp } from '../../app.js';
import { createTokenSigner } from '../../security/tokens.js';
import { createTestApp, type TestApp } from '../../test-support/test-app.js';
import { FakeClock, expectParses, logIn, signUp } from '../../test-support/auth-test-kit.js';

/*
 * Sign-out ends the session on the server (docs/decisions/015-sessions-ended-on-the-server.md):
 * the token is refused afterwards, on this instance and any other on the same database.
 */
const phone = (n: number) => `23483${String(n).padStart(8, '0')}`;

describe('POST /api/logout', () => {
  let t: TestApp;
  const clock = new FakeClock();
  beforeAll(async () => {
    t = await createTestApp({ RATE_LIMIT_MAX: '1000', TOKEN_TTL: '1h' }, { clock });
  });
  afterAll(() => t.close());

  async function signedIn(n: number) {
    await signUp(t, phone(n));
    const res = await logIn(t, phone(n), '4821');
    expect(res.status).toBe(200);
    const body = res.body as { token: string; user: { id: string } };
    return { token: body.token, id: body.user.id };
  }
  const getUser = (id: string, token: string, app = t.app) =>
    app.inject({
      method: 'GET',
      url: `/api/users/${id}`,
      headers: { authorization: `Bearer ${token}` },
    });
  const logout = (token: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/logout',
      headers: { authorization: `Bearer ${token}` },
    });

  it('refuses the token afterwards, while another session of the same customer stays open', async () => {
    const phoneSession = await signedIn(1);
    const laptop = await logIn(t, phone(1), '4821');
    const laptopToken = String(laptop.body.token);
    expect((await getUser(phoneSession.id, phoneSession.token)).statusCode).toBe(200);

    const out = await logout(phoneSession.token);
    expect(out.statusCode).toBe(200);
    expectParses(messageResponseSchema, out.json());
    expect(out.json()).toEqual({ message: 'You have been signed out.' });

    const after = await getUser(phoneSession.id, phoneSession.token);
    expect(after.statusCode).toBe(401);
    expect(after.json()).toEqual({ message: 'Unauthorized' });
    const wallets = await t.app.inject({
      method: 'GET',
      url: '/api/transactions?wallet_account_number=1000000001&type=mini',
      headers: { authorization: `Bearer ${phoneSession.token}` },
    });
    expect(wallets.statusCode).toBe(401);
    // Signing out twice is harmless: the session stays ended and the answer is the same, so a tab
    // whose session was ended elsewhere (another tab, a PIN reset, the closure) signs out cleanly.
    const again = await logout(phoneSession.token);
    expect([again.statusCode, again.json()]).toEqual([
      200,
      { message: 'You have been signed out.' },
    ]);
    expect((await getUser(phoneSession.id, phoneSession.token)).statusCode).toBe(401);
    // Anything not a genuine token of ours is refused.
    for (const bad of ['', 'Bearer', 'Bearer not-a-token', `Bearer ${phoneSession.token}x`]) {
      const refused = await t.app.inject({
        method: 'POST',
        url: '/api/logout',
        headers: bad ? { authorization: bad } : {},
      });
      expect([refused.statusCode, refused.json()]).toEqual([401, { message: 'Unauthorized' }]);
    }

    const other = await getUser(phoneSession.id, laptopToken);
    expect(other.statusCode).toBe(200);
    expectParses(userSchema, (other.json() as { data?: unknown }).data ?? other.json());
  });

  it('holds on a second instance sharing the database', async () => {
    const { token, id } = await signedIn(2);
    const second = await buildApp({
      config: t.config,
      database: t.database,
      clock,
      print: () => undefined,
      logStream: new Writable({ write: (_c, _e, done) => done() }),
    });
    try {
      expect((await getUser(id, token, second)).statusCode).toBe(200);
      expect((await logout(token)).statusCode).toBe(200);
      expect((await getUser(id, token, second)).statusCode).toBe(401);
    } finally {
      await second.close();
    }
  });

  it('ends every other session of a customer at once (the PIN-reset path), keeping the one asked', async () => {
    const { token: keep, id } = await signedIn(3);
    const others = await Promise.all([1, 2, 3].map(() => logIn(t, phone(3), '4821')));
    expect(
      await t.app.tokens.endAllFor(id, 'security-pin-reset', {
        exceptSessionId: await sessionOf(keep),
      }),
    ).toBe(3);
    for (const other of others)
      expect((await getUser(id, String(other.body.token))).statusCode).toBe(401);
    expect((await getUser(id, keep)).statusCode).toBe(200);
    const reasons = await t.database.db
      .selectFrom('sessions')
      .select('end_reason')
      .where('user_id', '=', id)
      .where('ended_at', 'is not', null)
      .execute();
    expect(reasons.map((r) => r.end_reason)).toEqual(Array(3).fill('security-pin-reset'));
  });

  async function sessionOf(token: string): Promise<string> {
    const session = await t.app.tokens.authenticate(token);
    if (!session) throw new Error('no session');
    return session.sessionId;
  }

  it('refuses a correctly signed token that names no open session', async () => {
    const { id } = await signedIn(4);
    const signer = createTokenSigner({
      secret: t.config.jwt.secret,
      ttlSeconds: 3600,
      now: () => clock.now().getTime(),
    });
    const noSession = await signer.sign(id);
    expect((await getUser(id, noSession.token)).statusCode).toBe(401);
    const madeUp = await signer.sign(id, '00000000-0000-4000-8000-000000000000');
    expect((await getUser(id, madeUp.token)).statusCode).toBe(401);
    const notUuid = await signer.sign(id, 'not-a-uuid');
    expect((await getUser(id, notUuid.token)).statusCode).toBe(401);
  });

  it("refuses one customer's session id in a token for another customer", async () => {
    const ada = await signedIn(5);
    const bola = await signedIn(6);
    const signer = createTokenSigner({
      secret: t.config.jwt.secret,
      ttlSeconds: 3600,
      now: () => clock.now().getTime(),
    });
    const borrowed = await signer.sign(bola.id, await sessionOf(ada.token));
    expect((await getUser(bola.id, borrowed.token)).statusCode).toBe(401);
    // Nor can such a token sign Ada's session out.
    await logout(borrowed.token);
    expect((await getUser(ada.id, ada.token)).statusCode).toBe(200);
  });

  it('refuses to sign out with an expired token', async () => {
    const signer = createTokenSigner({
      secret: t.config.jwt.secret,
      ttlSeconds: 60,
      now: () => clock.now().getTime() - 3600_000,
    });
    const { id } = await signedIn(7);
    const stale = await signer.sign(id, '00000000-0000-4000-8000-000000000000');
    const res = await logout(stale.token);
    expect([res.statusCode, res.json()]).toEqual([401, { message: 'Unauthorized' }]);
  });

  it('answers 401 without a token, and ends nothing', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/logout' });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ message: 'Unauthorized' });
  });
});
