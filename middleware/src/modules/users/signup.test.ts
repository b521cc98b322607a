import { ACCOUNT_CREATED } from '@ajo/shared/messages';
import * as shared from '@ajo/shared/schemas';
import { createTestApp, type TestApp } from '../../test-support/test-app.js';
import { encryptText } from '../../security/envelope-cipher.js';
import { signHs256 } from '../../security/hs256-jwt.js';
import { TOKEN_ISSUER } from '../../security/tokens.js';
import {
  FakeClock,
  IKEJA_ID,
  LAGOS_ID,
  encryptedCall,
  expectParses,
  signUp,
  signupForm,
  verifyPhone,
} from '../../test-support/auth-test-kit.js';
import { LOCAL_GOVERNMENTS } from '../reference-data/states-and-lgas.js';
import { REFERRAL_CODE_ALPHABET } from './referral-code.js';

const phone = (n: number) => `23481${String(n).padStart(8, '0')}`;
let nextPhone = 100;

describe('POST /api/users (sign-up form)', () => {
  let t: TestApp;
  const clock = new FakeClock();
  beforeAll(async () => {
    t = await createTestApp({ RATE_LIMIT_MAX: '1000' }, { clock });
  });
  afterAll(() => t.close());

  const postUsers = (body: unknown, token?: string) =>
    encryptedCall(t, 'POST', '/api/users', body, token ? { authorization: `Bearer ${token}` } : {});
  const userRow = (p: string) =>
    t.database.db.selectFrom('users').selectAll().where('phone_number', '=', p).executeTakeFirst();

  it('creates an unverified user without wallets or mifos client, PIN only hashed', async () => {
    const p = phone(1);
    const token = await verifyPhone(t, p);
    const res = await postUsers(signupForm({ email: 'ada@example.com' }), token);
    expect(res).toEqual({ status: 200, body: { message: ACCOUNT_CREATED } });
    expectParses(shared.messageResponseSchema, res.body);
    const user = await userRow(p);
    expect(user).toMatchObject({
      is_verified: false,
      mifos_client_id: null,
      first_name: '',
      last_name: '',
      gender: 'female',
      state_id: LAGOS_ID,
      lga_id: IKEJA_ID,
      email: 'ada@example.com',
      referrer_code: null,
      transaction_pin_hash: null,
    });
    expect(user?.referral_code).toMatch(new RegExp(`^[${REFERRAL_CODE_ALPHABET}]{8}$`));
    expect(user?.security_pin_hash).toMatch(/^scrypt\$/);
    expect(user?.security_pin_hash).not.toContain('4821');
    await expect(t.app.secrets.verifySecret('4821', user?.security_pin_hash ?? '')).resolves.toBe(
      true,
    );
    const wallets = await t.database.db
      .selectFrom('ledger_accounts')
      .select('id')
      .where('owner_user_id', '=', user?.id ?? '')
      .execute();
    expect(wallets).toEqual([]);
  });

  it('answers 401 without a signup token, with a user token or with an expired one', async () => {
    const form = signupForm();
    const message = { message: 'Please verify your phone number first.' };
    expect(await postUsers(form)).toEqual({ status: 401, body: message });
    expect(await postUsers(form, 'not-a-jwt')).toEqual({ status: 401, body: message });
    const { token: userToken } = await t.app.tokens.issue('00000000-0000-4000-8000-000000000000');
    expect(await postUsers(form, userToken)).toEqual({ status: 401, body: message });
    const p = phone(2);
    const token = await verifyPhone(t, p);
    clock.advance(30 * 60);
    expect(await postUsers(form, token)).toEqual({ status: 401, body: message });
    expect(await userRow(p)).toBeUndefined();
  });

  it('answers 401 for a signup token signed with our key but without exp, our issuer or its audience', async () => {
    const form = signupForm();
    const message = { message: 'Please verify your phone number first.' };
    const p = phone(40);
    const now = Math.floor(clock.now().getTime() / 1000);
    const claims = {
      scope: 'signup',
      phone: p,
      iss: TOKEN_ISSUER,
      aud: 'ajo-wallet:signup',
      iat: now,
      exp: now + 600,
    };
    const signed = (payload: Record<string, unknown>) =>
      signHs256(Buffer.from(t.config.jwt.secret, 'utf8'), { typ: 'JWT' }, payload);
    const { exp: _exp, ...withoutExp } = claims;
    const { iss: _iss, ...withoutIssuer } = claims;
    for (const token of [
      signed(withoutExp),
      signed(withoutIssuer),
      signed({ ...claims, iss: 'someone-else' }),
      signed({ ...claims, aud: 'ajo-wallet' }),
    ]) {
      expect(await postUsers(form, token)).toEqual({ status: 401, body: message });
    }
    expect(await userRow(p)).toBeUndefined();
    // The same claims, complete, are a genuine signup token.
    expect((await postUsers(form, signed(claims))).status).toBe(200);
  });

  it('uses a signup token once: the second post is 409', async () => {
    const p = phone(3);
    const token = await signUp(t, p);
    expect(await postUsers(signupForm(), token)).toEqual({
      status: 409,
      body: { message: 'An account with this phone number already exists. Please log in.' },
    });
  });

  it('creates exactly one user for parallel posts of one phone', async () => {
    const p = phone(4);
    const token = await verifyPhone(t, p);
    const answers = await Promise.all([1, 2, 3].map(() => postUsers(signupForm(), token)));
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409, 409]);
    const rows = await t.database.db
      .selectFrom('users')
      .select('id')
      .where('phone_number', '=', p)
      .execute();
    expect(rows).toHaveLength(1);
  });

  it('refuses mismatched PINs, a foreign LGA and an unknown referral code with 400', async () => {
    const p = phone(5);
    const token = await verifyPhone(t, p);
    const otherStateLga = LOCAL_GOVERNMENTS.find((l) => l.stateId !== LAGOS_ID)?.id;
    for (const [form, message] of [
      [signupForm({ confirm_pin: '1111' }), 'Security PINs do not match!'],
      [
        signupForm({ lga_id: otherStateLga }),
        'Please select a local government in the chosen state.',
      ],
      [signupForm({ lga_id: 9999 }), 'Please select a local government in the chosen state.'],
      [signupForm({ state_id: 99 }), 'Select a state'],
      [signupForm({ referrer_code: 'ZZZZZZZZ' }), 'This referral code does not exist.'],
    ] as const) {
      expect(await postUsers(form, token)).toEqual({ status: 400, body: { message } });
    }
    expect(await userRow(p)).toBeUndefined();
  });

  it('records a known referral code and treats empty referrer_code and email as absent', async () => {
    const referrer = phone(6);
    await signUp(t, referrer);
    const code = (await userRow(referrer))?.referral_code ?? '';
    const p = phone(7);
    await signUp(t, p, { referrer_code: code.toLowerCase(), email: '' });
    expect(await userRow(p)).toMatchObject({ referrer_code: code, email: null });
    const q = phone(8);
    await signUp(t, q, {
      referrer_code: '',
      email: '',
      state_id: String(LAGOS_ID),
      lga_id: String(IKEJA_ID),
    });
    expect(await userRow(q)).toMatchObject({ referrer_code: null, email: null });
  });

  it('gives every user a different referral code', async () => {
    const codes = await t.database.db.selectFrom('users').select('referral_code').execute();
    expect(new Set(codes.map((c) => c.referral_code)).size).toBe(codes.length);
  });

  it.each([
    [{ pin: '482', confirm_pin: '482' }, 'Security PIN must be exactly 4 digits'],
    [{ pin: '48a1', confirm_pin: '48a1' }, 'Security PIN must be exactly 4 digits'],
    [{ gender: 'x' }, 'Select a gender'],
    [{ gender: undefined }, 'Select a gender'],
    [{ address: '' }, 'Address is required'],
    [{ state_id: undefined }, 'Select a state'],
    [{ lga_id: 'abc' }, 'Select a local government'],
    [{ email: 'nope' }, 'Enter a valid email address'],
    [{ is_verified: true }, 'Unknown field: is_verified'],
  ])('answers 400 (encrypted) for %j', async (override, message) => {
    const token = await verifyPhone(t, phone(nextPhone++));
    expect(await postUsers(signupForm(override), token)).toEqual({
      status: 400,
      body: { message },
    });
  });

  it('answers 400 Invalid request payload for a bad envelope', async () => {
    const token = await verifyPhone(t, phone(9));
    for (const payload of [signupForm(), { encrypted: encryptText('{}', 'wrong-secret-here') }]) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/users',
        headers: { authorization: `Bearer ${token}` },
        payload,
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toHaveProperty('encrypted');
    }
  });
});
