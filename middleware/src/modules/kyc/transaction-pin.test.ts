import { transactionPinCreatedResponseSchema } from '@ajo/shared/schemas';
import { FakeClock, encryptedCall, expectParses } from '../../test-support/auth-test-kit.js';
import { createTestApp, type TestApp } from '../../test-support/test-app.js';
import { createUser, get, type TestUser } from '../identity/identity-test-kit.js';

describe('POST /api/users/{id}/create-transaction-pin', () => {
  let t: TestApp;
  const clock = new FakeClock();

  beforeAll(async () => {
    t = await createTestApp({ RATE_LIMIT_MAX: '1000' }, { clock });
  });
  afterAll(() => t.close());

  const create = (user: TestUser, body: unknown, id = user.id) =>
    encryptedCall(t, 'POST', `/api/users/${id}/create-transaction-pin`, body, user.auth);
  const hashOf = async (id: string) =>
    (
      await t.database.db
        .selectFrom('users')
        .select('transaction_pin_hash')
        .where('id', '=', id)
        .executeTakeFirstOrThrow()
    ).transaction_pin_hash;

  it("stores only the PIN verifier's keyed record, bound to the user, and shows the PIN as enabled", async () => {
    const ada = await createUser(t);
    const res = await create(ada, { transaction_pin: '246810', confirm_transaction_pin: '246810' });
    expect(res).toEqual({ status: 200, body: { message: 'Transaction PIN Created!' } });
    expectParses(transactionPinCreatedResponseSchema, res.body);
    const hash = (await hashOf(ada.id)) as string;
    expect(hash).toMatch(/^pinmac\$v=1\$/);
    expect(hash).not.toContain('246810');
    await expect(t.app.secrets.verifySecret('246810', hash, ada.id)).resolves.toBe(true);
    await expect(t.app.secrets.verifySecret('246811', hash, ada.id)).resolves.toBe(false);
    // Bound to Ada: the same record is no one else's PIN.
    const other = await createUser(t);
    await expect(t.app.secrets.verifySecret('246810', hash, other.id)).resolves.toBe(false);
    const me = await get(t, `/api/users/${ada.id}`, ada);
    expect(me.json().isTransactionPinEnabled).toBe(true);
  });

  it('answers 409 once the PIN is set, keeping the first one', async () => {
    const bola = await createUser(t);
    await create(bola, { transaction_pin: '135790', confirm_transaction_pin: '135790' });
    const first = await hashOf(bola.id);
    expect(
      await create(bola, { transaction_pin: '111111', confirm_transaction_pin: '111111' }),
    ).toEqual({
      status: 409,
      body: { message: 'Your transaction PIN is already set.' },
    });
    expect(await hashOf(bola.id)).toBe(first);
  });

  it("answers 400 'Transaction PIN mismatch!' when the two differ", async () => {
    const chi = await createUser(t);
    expect(
      await create(chi, { transaction_pin: '246810', confirm_transaction_pin: '246811' }),
    ).toEqual({
      status: 400,
      body: { message: 'Transaction PIN mismatch!' },
    });
    expect(await hashOf(chi.id)).toBeNull();
  });

  it.each([['12345'], ['1234567'], ['12a456']])('answers 400 for PIN %s', async (pin) => {
    const dayo = await createUser(t);
    const res = await create(dayo, { transaction_pin: pin, confirm_transaction_pin: pin });
    expect(res.status).toBe(400);
    expect(await hashOf(dayo.id)).toBeNull();
  });

  it("answers 403 for another user's id and 401 without a token", async () => {
    const [emeka, femi] = [await createUser(t), await createUser(t)];
    const body = { transaction_pin: '246810', confirm_transaction_pin: '246810' };
    expect((await create(emeka, body, femi.id)).status).toBe(403);
    expect(await hashOf(femi.id)).toBeNull();
    const anonymous = await encryptedCall(
      t,
      'POST',
      `/api/users/${femi.id}/create-transaction-pin`,
      body,
    );
    expect(anonymous.status).toBe(401);
  });
});
