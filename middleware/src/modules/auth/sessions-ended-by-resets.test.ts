import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../app.js';
import {
  FakeClock,
  encryptedCall,
  latestOtp,
  logIn,
  plainGet,
  signUp,
} from '../../test-support/auth-test-kit.js';
import { createTestApp, type TestApp } from '../../test-support/test-app.js';
import { createCustomer, type Customer } from '../funding/funding-test-kit.js';

// docs/decisions/015-sessions-ended-on-the-server.md: a security-PIN reset, a transaction-PIN
// reset and an account closure end the customer's other sessions on the server, so a phone left
// signed in (or a token someone copied) stops working at once, not an hour later.
// Every token is also tried on a second instance on the same database, which ended nothing itself.
let t: TestApp;
let second: FastifyInstance;
const clock = new FakeClock();
beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_MAX: '1000' }, { clock });
  second = await buildApp({
    config: t.config,
    database: t.database,
    clock,
    print: () => undefined,
    logStream: new Writable({ write: (_c, _e, done) => done() }),
  });
});
afterAll(async () => {
  await second.close();
  await t.close();
});

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
/** Whether the token still reads the user, on both instances (they must agree). */
const canRead = async (id: string, token: string) => {
  const here = (await plainGet(t, `/api/users/${id}`, bearer(token))).status === 200;
  const there = (await second.inject({ url: `/api/users/${id}`, headers: bearer(token) }))
    .statusCode;
  expect({ here, there: there === 200 }).toEqual({ here, there: here });
  return here;
};
const phoneOf = async (id: string) =>
  (
    await t.database.db
      .selectFrom('users')
      .select('phone_number')
      .where('id', '=', id)
      .executeTakeFirstOrThrow()
  ).phone_number;

it('a security-PIN reset signs the account out everywhere', async () => {
  const phone = '2348066600001';
  await signUp(t, phone);
  const sessions = [await logIn(t, phone, '4821'), await logIn(t, phone, '4821')];
  const tokens = sessions.map((s) => String(s.body.token));
  const id = String((sessions[0]?.body.user as { id: string }).id);
  expect(await Promise.all(tokens.map((token) => canRead(id, token)))).toEqual([true, true]);

  await plainGet(t, `/api/auth/forgot?phone_number=${phone}`);
  const otp = await latestOtp(t, phone);
  const done = await encryptedCall(t, 'POST', '/api/reset-security-pin', {
    security_pin: '9090',
    phone_number: phone,
    otp,
  });
  expect(done.status).toBe(200);
  expect(await Promise.all(tokens.map((token) => canRead(id, token)))).toEqual([false, false]);
  // The new PIN opens a new session as usual.
  const fresh = await logIn(t, phone, '9090');
  expect(await canRead(id, String(fresh.body.token))).toBe(true);
});

describe('signed-in resets and closure', () => {
  const secondSession = async (c: Customer) => (await t.app.tokens.issue(c.id)).token;

  it('a transaction-PIN reset keeps the session that made it and ends the others', async () => {
    const ada = await createCustomer(t);
    const other = await secondSession(ada);
    const phone = await phoneOf(ada.id);
    clock.advance(200);
    await plainGet(t, `/api/auth/get-otp?phone_number=${phone}`, ada.auth);
    const otp = await latestOtp(t, phone);
    const done = await encryptedCall(
      t,
      'POST',
      `/api/users/${ada.id}/reset-transaction-pin`,
      { otp, transaction_pin: '975310', confirm_transaction_pin: '975310', phone_number: phone },
      ada.auth,
    );
    expect(done.status).toBe(200);
    expect(await canRead(ada.id, ada.token)).toBe(true);
    expect(await canRead(ada.id, other)).toBe(false);
  });

  it('closing the account ends every session, the one that asked included', async () => {
    const bola = await createCustomer(t);
    const other = await secondSession(bola);
    const closed = await t.app.inject({
      method: 'POST',
      url: `/api/users/${bola.id}/request-account-closure`,
      headers: bola.auth,
      payload: { reason: 'I no longer need the account' },
    });
    expect(closed.statusCode).toBe(200);
    expect(await canRead(bola.id, bola.token)).toBe(false);
    expect(await canRead(bola.id, other)).toBe(false);
  });
});
