import { referralLookupResponseSchema } from '@ajo/shared/schemas';
import { expectParses, signUp } from '../../test-support/auth-test-kit.js';
import { createTestApp, type TestApp } from '../../test-support/test-app.js';
import { createCustomer, type Customer } from '../funding/funding-test-kit.js';
import {
  INVITE_ALREADY_RECORDED,
  INVITE_PHONE_INVALID,
  INVITE_PHONE_TAKEN,
  INVITE_RECORDED,
  REFERRAL_CODE_UNKNOWN,
  REFERRER_FOUND,
} from './messages.js';

let t: TestApp;
let ada: Customer;
let adaCode: string;
let chidiCode: string;

beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_MAX: '1000' });
  ada = await createCustomer(t); // Ada Okafor
  const chidi = await createCustomer(t);
  const codes = await t.database.db
    .selectFrom('users')
    .select(['id', 'referral_code'])
    .where('id', 'in', [ada.id, chidi.id])
    .execute();
  adaCode = codes.find((c) => c.id === ada.id)?.referral_code ?? '';
  chidiCode = codes.find((c) => c.id === chidi.id)?.referral_code ?? '';
});
afterAll(() => t.close());

const lookup = (code: string) => t.app.inject({ method: 'GET', url: `/api/referral/${code}` });
const invite = (payload: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url: '/api/referral', payload });
const invites = (phone: string) =>
  t.database.db
    .selectFrom('referral_invites')
    .selectAll()
    .where('phone_number', '=', phone)
    .execute();

describe('GET /api/referral/{referral_code}', () => {
  it("answers the referrer's first name and last initial, never more", async () => {
    const res = await lookup(adaCode.toLowerCase());
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: REFERRER_FOUND, data: { referrer: 'Ada O.' } });
    expectParses(referralLookupResponseSchema, res.json());
    expect(res.body).not.toContain('Okafor');
    expect(res.body).not.toContain(ada.id);
  });

  it('is a clear 404 for an unknown code, and a 400 for a code no user could have', async () => {
    const unknown = await lookup('NOSUCHCODE');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ message: REFERRAL_CODE_UNKNOWN });
    const silly = await lookup('X'.repeat(40));
    expect(silly.statusCode).toBe(400);
    expect(silly.json()).toEqual({ message: REFERRAL_CODE_UNKNOWN });
  });
});

describe('POST /api/referral', () => {
  it('records the invited number once; the same code again is a harmless repeat', async () => {
    const first = await invite({ referral_code: adaCode, phone_number: '2348090000001' });
    expect(first.statusCode).toBe(201);
    expect(first.json()).toEqual({ message: INVITE_RECORDED });
    const again = await invite({
      referral_code: adaCode.toLowerCase(),
      phone_number: '2348090000001',
    });
    expect(again.statusCode).toBe(200);
    expect(await invites('2348090000001')).toMatchObject([{ referral_code: adaCode }]);
  });

  it('refuses a second referrer for the same number, even when both arrive at once', async () => {
    const answers = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        invite({ referral_code: i % 2 ? chidiCode : adaCode, phone_number: '2348090000002' }),
      ),
    );
    const rows = await invites('2348090000002');
    expect(rows).toHaveLength(1);
    const winner = rows[0]?.referral_code;
    for (const [i, res] of answers.entries()) {
      const code = i % 2 ? chidiCode : adaCode;
      if (code === winner) expect([200, 201]).toContain(res.statusCode);
      else expect(res.json()).toEqual({ message: INVITE_ALREADY_RECORDED });
    }
    expect(answers.filter((a) => a.statusCode === 201)).toHaveLength(1);
  });

  it('gives clear 4xx answers and stores nothing for bad input', async () => {
    const local = await invite({ referral_code: adaCode, phone_number: '08090000003' });
    expect(local.statusCode).toBe(400);
    expect(local.json()).toEqual({ message: INVITE_PHONE_INVALID });
    const missing = await invite({ referral_code: adaCode });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toEqual({ message: INVITE_PHONE_INVALID });
    const unknown = await invite({ referral_code: 'NOSUCHCODE', phone_number: '2348090000003' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ message: REFERRAL_CODE_UNKNOWN });
    const extra = await invite({
      referral_code: adaCode,
      phone_number: '2348090000003',
      is_paid: true,
    });
    expect(extra.statusCode).toBe(400);
    expect(await invites('2348090000003')).toEqual([]);
  });

  it('refuses a number that already has an account', async () => {
    const member = await t.database.db
      .selectFrom('users')
      .select('phone_number')
      .where('id', '=', ada.id)
      .executeTakeFirstOrThrow();
    const res = await invite({ referral_code: chidiCode, phone_number: member.phone_number });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ message: INVITE_PHONE_TAKEN });
    expect(await invites(member.phone_number)).toEqual([]);
  });

  it('makes the invited friend a referee when they sign up without typing the code', async () => {
    await invite({ referral_code: adaCode, phone_number: '2348090000004' });
    await signUp(t, '2348090000004');
    await signUp(t, '2348090000005', { referrer_code: chidiCode.toLowerCase() });
    const rows = await t.database.db
      .selectFrom('users')
      .select(['phone_number', 'referrer_code'])
      .where('phone_number', 'in', ['2348090000004', '2348090000005'])
      .orderBy('phone_number')
      .execute();
    expect(rows.map((r) => r.referrer_code)).toEqual([adaCode, chidiCode]);
  });
});
