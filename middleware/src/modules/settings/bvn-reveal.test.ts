import { encryptedCall, plainGet } from '../../test-support/auth-test-kit.js';
import { SecretChecks } from '../../test-support/secret-checks.js';
import { createTestApp, type TestApp } from '../../test-support/test-app.js';
import { createCustomer, TEST_PIN, type Customer } from '../funding/funding-test-kit.js';

describe('POST /api/users/{id}/reveal-bvn (the BVN is shown masked until the transaction PIN)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ RATE_LIMIT_MAX: '1000' });
  });
  afterAll(() => t.close());

  const reveal = (u: Customer, pin: unknown, id = u.id) =>
    encryptedCall(t, 'POST', `/api/users/${id}/reveal-bvn`, { transaction_pin: pin }, u.auth);
  const withBvn = async (bvn: string | null) => {
    const u = await createCustomer(t);
    await t.database.db.updateTable('users').set({ bvn }).where('id', '=', u.id).execute();
    return u;
  };

  it('answers the full BVN for the right PIN; the user object carries it masked', async () => {
    const ada = await withBvn('22212345678');
    expect((await plainGet(t, `/api/users/${ada.id}`, ada.auth)).body.bvn).toBe('222******78');
    const res = await reveal(ada, TEST_PIN);
    expect(res).toEqual({ status: 200, body: { bvn: '22212345678' } });
  });

  it('refuses a wrong PIN (401) and locks after five in a row, like a money call', async () => {
    const bola = await withBvn('22298765432');
    for (let i = 0; i < 4; i++) expect((await reveal(bola, '000000')).status).toBe(401);
    expect((await reveal(bola, '000000')).status).toBe(429);
    expect((await reveal(bola, TEST_PIN)).status).toBe(429);
  });

  it('compares at most 5 of 20 concurrent guesses', async () => {
    const chi = await withBvn('22211112222');
    const checks = new SecretChecks(t.app.secrets, 'verifySecret');
    await Promise.all(Array.from({ length: 20 }, () => reveal(chi, '000000'))).finally(() =>
      checks.restore(),
    );
    expect(checks.compared.length).toBeLessThanOrEqual(5);
  });

  it("answers 403 for another customer's id, 400 for a malformed PIN, 404 with no BVN", async () => {
    const [dayo, emeka] = [await withBvn('22233334444'), await withBvn(null)];
    expect((await reveal(dayo, TEST_PIN, emeka.id)).status).toBe(403);
    expect(await reveal(dayo, '12ab')).toEqual({
      status: 400,
      body: { message: expect.any(String) },
    });
    expect(await reveal(emeka, TEST_PIN)).toEqual({
      status: 404,
      body: { message: 'No BVN is linked to this account yet.' },
    });
  });
});
