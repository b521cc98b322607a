import { bvnDetailsResponseSchema, ninStartResponseSchema } from '@ajo/shared/schemas';
import { FakeClock, expectParses } from '../../test-support/auth-test-kit.js';
import { createTestApp, type TestApp } from '../../test-support/test-app.js';
import { bvnTid, createUser, get, type TestUser } from './identity-test-kit.js';

const NOT_FOUND = {
  message:
    'Verification data not found! Kindly ensure you have provided the correct BVN and try again.',
};

describe('GET /api/bvn/details and GET /api/nin/start', () => {
  let t: TestApp;
  let ada: TestUser;
  let bola: TestUser;
  const clock = new FakeClock();

  beforeAll(async () => {
    t = await createTestApp({ RATE_LIMIT_MAX: '1000' }, { clock });
    ada = await createUser(t);
    bola = await createUser(t);
  });
  afterAll(() => t.close());

  const details = (tid: string, user?: TestUser) => get(t, `/api/bvn/details?tid=${tid}`, user);

  it("answers the consented BVN's details for the tid's owner", async () => {
    const res = await details(await bvnTid(t, ada), ada);
    expect(res.statusCode).toBe(200);
    expectParses(bvnDetailsResponseSchema, res.json());
    expect(res.json()).toEqual({
      data: {
        first_name: 'Adaeze',
        middle_name: 'Chioma',
        surname: 'Okafor',
        gender: 'Female',
        date_of_birth: '1994-03-14',
        phone_number_1: '08031234567',
        bvn: '22212345678',
        nin: null,
      },
    });
  });

  it('derives a stable identity for a fresh 222 BVN', async () => {
    const first = (await details(await bvnTid(t, ada, '22290000017'), ada)).json();
    const second = (await details(await bvnTid(t, ada, '22290000017'), ada)).json();
    expect(first).toEqual(second);
    expect(first.data.bvn).toBe('22290000017');
  });

  it("answers 403 for another user's tid", async () => {
    const res = await details(await bvnTid(t, ada), bola);
    expect(res.statusCode).toBe(403);
  });

  it('answers the SPEC message and 404 for an unknown, malformed or expired tid', async () => {
    const unknown = await details('00000000-0000-4000-8000-000000000000', ada);
    expect({ status: unknown.statusCode, body: unknown.json() }).toEqual({
      status: 404,
      body: NOT_FOUND,
    });
    expect((await details('not-a-tid', ada)).statusCode).toBe(404);
    const tid = await bvnTid(t, ada);
    clock.advance(30 * 60 + 1);
    expect((await details(tid, ada)).json()).toEqual(NOT_FOUND);
  });

  it('answers 400 without a tid and 401 without a token', async () => {
    expect((await get(t, '/api/bvn/details', ada)).statusCode).toBe(400);
    expect((await details(await bvnTid(t, ada))).statusCode).toBe(401);
  });

  it('answers masked NIN holder details and a tid that /bvn/details reads', async () => {
    const res = await get(t, '/api/nin/start?channel=web&nin=12345678901', ada);
    expect(res.statusCode).toBe(200);
    expectParses(ninStartResponseSchema, res.json());
    const body = res.json();
    expect(body).toMatchObject({
      nin: '12345678901',
      first_name: 'E****',
      last_name: 'E**',
      date_of_birth: '19**-**-02',
    });
    expect(JSON.stringify(body)).not.toMatch(/Emeka|Tobenna|1990-07-02/);
    const full = (await details(body.tid, ada)).json();
    expect(full.data).toMatchObject({ first_name: 'Emeka', nin: '12345678901', bvn: null });
    expect((await details(body.tid, bola)).statusCode).toBe(403);
  });

  it.each([
    ['1234567890', 400, 'NIN must be exactly 11 digits'],
    ['1234567890a', 400, 'NIN must be exactly 11 digits'],
    ['12012345678', 404, 'NIN not found. Please check the number and try again.'],
    ['99912345678', 404, 'NIN not found. Please check the number and try again.'],
    ['12912345678', 422, 'The NIN details do not match your account. Please contact support.'],
  ])('answers NIN %s with %i', async (nin, status, message) => {
    const res = await get(t, `/api/nin/start?channel=web&nin=${nin}`, ada);
    expect({ status: res.statusCode, body: res.json() }).toEqual({ status, body: { message } });
  });

  it('answers 409 for an already verified user and 401 without a token', async () => {
    const done = await createUser(t);
    await t.database.db
      .updateTable('users')
      .set({ is_verified: true })
      .where('id', '=', done.id)
      .execute();
    expect((await get(t, '/api/nin/start?channel=web&nin=12345678901', done)).statusCode).toBe(409);
    expect((await get(t, '/api/nin/start?channel=web&nin=12345678901')).statusCode).toBe(401);
  });
});
