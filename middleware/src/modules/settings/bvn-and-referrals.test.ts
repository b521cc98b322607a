import { messageResponseSchema, referralsResponseSchema } from '@ajo/shared/schemas';
import { encryptedCall, expectParses, plainGet } from '../../test-support/auth-test-kit.js';
import { createTestApp, type TestApp } from '../../test-support/test-app.js';
import { createUser, type TestUser } from '../identity/identity-test-kit.js';

describe('POST /api/users/{id}/update-bvn and GET /api/referrals/{userId}', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({ RATE_LIMIT_MAX: '1000' });
  });
  afterAll(() => t.close());

  const updateBvn = (u: TestUser, bvn: unknown, id = u.id) =>
    encryptedCall(t, 'POST', `/api/users/${id}/update-bvn`, { bvn }, u.auth);
  const bvnOf = async (u: TestUser) =>
    (
      await t.database.db
        .selectFrom('users')
        .select('bvn')
        .where('id', '=', u.id)
        .executeTakeFirstOrThrow()
    ).bvn;

  it('stores a BVN the identity provider knows and shows it masked on the user', async () => {
    const ada = await createUser(t);
    const res = await updateBvn(ada, '22298765432');
    expect(res).toEqual({ status: 200, body: { message: 'Your BVN has been updated.' } });
    expectParses(messageResponseSchema, res.body);
    expect((await plainGet(t, `/api/users/${ada.id}`, ada.auth)).body.bvn).toBe('222******32');
    expect(await bvnOf(ada)).toBe('22298765432');
  });

  it("answers 400 with SPEC §5's message for a BVN that is not 11 digits", async () => {
    const bola = await createUser(t);
    for (const bad of ['2229876543', '222987654321', '2229876543a', 22298765432, ''])
      expect(await updateBvn(bola, bad)).toEqual({
        status: 400,
        body: { message: 'invalid bvn. Should be a string of eleven digits' },
      });
    expect(await bvnOf(bola)).toBeNull();
  });

  it('refuses an unknown BVN, a refused one and one linked to another account', async () => {
    const [chi, dayo] = [await createUser(t), await createUser(t)];
    expect((await updateBvn(chi, '22012345678')).status).toBe(422);
    expect((await updateBvn(chi, '22912345678')).status).toBe(422);
    expect((await updateBvn(dayo, '22211112222')).status).toBe(200);
    expect(await updateBvn(chi, '22211112222')).toEqual({
      status: 409,
      body: { message: 'This BVN is already linked to another account.' },
    });
    expect(await bvnOf(chi)).toBeNull();
  });

  it("answers 403 for another customer's id", async () => {
    const [emeka, femi] = [await createUser(t), await createUser(t)];
    expect((await updateBvn(emeka, '22233334444', femi.id)).status).toBe(403);
    expect(await bvnOf(femi)).toBeNull();
  });

  it('lists the customers who signed up with the referral code, and nobody else', async () => {
    const referrer = await createUser(t);
    const { referral_code } = await t.database.db
      .selectFrom('users')
      .select('referral_code')
      .where('id', '=', referrer.id)
      .executeTakeFirstOrThrow();
    const empty = await plainGet(t, `/api/referrals/${referrer.id}`, referrer.auth);
    expect(empty).toEqual({
      status: 200,
      body: { referrals: [], count: 0, message: 'You have not referred anybody yet.' },
    });
    const [a, b, stranger] = [await createUser(t), await createUser(t), await createUser(t)];
    for (const [u, first, last, code] of [
      [a, 'Ngozi', 'Eze', referral_code],
      [b, 'Tunde', 'Bello', referral_code],
      [stranger, 'Other', 'Person', 'ZZZZZZZZ'],
    ] as const)
      await t.database.db
        .updateTable('users')
        .set({ first_name: first, last_name: last, referrer_code: code })
        .where('id', '=', u.id)
        .execute();
    const res = await plainGet(t, `/api/referrals/${referrer.id}`, referrer.auth);
    expect(res.status).toBe(200);
    expectParses(referralsResponseSchema, res.body);
    expect(res.body).toEqual({
      referrals: [
        // Names only: a referrer is not told their referees' user ids.
        { first_name: 'Ngozi', last_name: 'Eze' },
        { first_name: 'Tunde', last_name: 'Bello' },
      ],
      count: 2,
      message: 'Referrals retrieved successfully.',
    });
    expect((await plainGet(t, `/api/referrals/${referrer.id}`, a.auth)).status).toBe(403);
    expect((await plainGet(t, `/api/referrals/${referrer.id}`)).status).toBe(401);
  });
});
