import * as shared from '@ajo/shared/schemas';
import { createTestApp, type TestApp } from '../../test-support/test-app.js';
import {
  FakeClock,
  expectParses,
  logIn,
  plainGet,
  signUp,
} from '../../test-support/auth-test-kit.js';

const phone = (n: number) => `23483${String(n).padStart(8, '0')}`;

describe('GET /api/users/{id}', () => {
  let t: TestApp;
  let ada: { id: string; token: string };
  let bola: { id: string; token: string };
  const clock = new FakeClock();

  const signedUp = async (p: string) => {
    await signUp(t, p);
    const { body } = await logIn(t, p, '4821');
    return { id: (body.user as { id: string }).id, token: String(body.token) };
  };

  beforeAll(async () => {
    t = await createTestApp({ RATE_LIMIT_MAX: '1000' }, { clock });
    ada = await signedUp(phone(1));
    bola = await signedUp(phone(2));
  });
  afterAll(() => t.close());

  const getUser = (id: string, token?: string) =>
    plainGet(t, `/api/users/${id}`, token ? { authorization: `Bearer ${token}` } : {});

  it("answers the caller's own user object", async () => {
    const { status, body } = await getUser(ada.id, ada.token);
    expect(status).toBe(200);
    expectParses(shared.userSchema, body);
    expect(body).toMatchObject({
      id: ada.id,
      phone_number: phone(1),
      first_name: '',
      last_name: '',
      address: '12 Allen Avenue, Ikeja',
      is_verified: false,
      mifos_client_id: null,
      nin: null,
      nin_verification_status: null,
      isTransactionPinEnabled: false,
      wallets: [],
    });
    expect(body.referral_code).toMatch(/^[A-Z0-9]{8}$/);
    expect(JSON.stringify(body)).not.toMatch(/pin_hash|scrypt/);
  });

  it('shows a transaction PIN as enabled once its hash is stored', async () => {
    await t.database.db
      .updateTable('users')
      .set({
        transaction_pin_hash: 'scrypt$N=1024,r=8,p=1$AAAA$AAAA',
        nin_verification_status: 'pending',
      })
      .where('id', '=', bola.id)
      .execute();
    const { body } = await getUser(bola.id, bola.token);
    expect(body).toMatchObject({
      isTransactionPinEnabled: true,
      nin_verification_status: 'pending',
    });
  });

  it('answers 401 without a valid user token (a signup token included)', async () => {
    expect((await getUser(ada.id)).status).toBe(401);
    expect((await getUser(ada.id, 'garbage')).status).toBe(401);
    const signupToken = await signUp(t, phone(4));
    expect((await getUser(ada.id, signupToken)).status).toBe(401);
  });

  it("answers 403 Forbidden for another user's id", async () => {
    expect(await getUser(bola.id, ada.token)).toEqual({
      status: 403,
      body: { message: 'Forbidden' },
    });
    expect((await getUser('not-a-uuid', ada.token)).status).toBe(403);
  });

  it('answers 404 when the user is gone', async () => {
    const { token } = await t.app.tokens.issue('00000000-0000-4000-8000-000000000001');
    expect((await getUser('00000000-0000-4000-8000-000000000001', token)).status).toBe(404);
  });
});
