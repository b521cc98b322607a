import { ACCOUNT_CREATED } from '@ajo/shared/messages';
import * as shared from '@ajo/shared/schemas';
import { createTestApp, type TestApp } from '../../test-support/test-app.js';
import {
  FakeClock,
  encryptedCall,
  expectParses,
  latestOtp,
  logIn,
  plainGet,
  signupForm,
} from '../../test-support/auth-test-kit.js';

describe('sign-up → sign-in → user object, as the web app does it', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ LOG_LEVEL: 'debug' }, { clock: new FakeClock() });
  });
  afterAll(() => t.close());

  it('works end to end and logs no PIN, OTP or token', async () => {
    const p = '2348031234567';
    const states = await plainGet(t, '/api/states');
    expectParses(shared.statesResponseSchema, states.body);
    const lagos = (states.body.states as { id: number; name: string }[]).find(
      (s) => s.name === 'Lagos',
    );
    const lgas = await plainGet(t, `/api/local-government?stateId=${lagos?.id}`);
    expectParses(shared.localGovernmentsResponseSchema, lgas.body);
    const lgaId = (lgas.body.localGovts as { id: number }[])[0]?.id;

    expect((await plainGet(t, `/api/auth?phone_number=${p}`)).status).toBe(200);
    const otp = await latestOtp(t, p);
    const verified = await encryptedCall(t, 'POST', '/api/auth', { phone_number: p, otp });
    expectParses(shared.signupVerifiedResponseSchema, verified.body);
    const signupToken = String(verified.body.token);

    const form = signupForm({
      state_id: String(lagos?.id),
      lga_id: String(lgaId),
      pin: '7391',
      confirm_pin: '7391',
    });
    expectParses(shared.signupFormSchema, form);
    const created = await encryptedCall(t, 'POST', '/api/users', form, {
      authorization: `Bearer ${signupToken}`,
    });
    expect(created).toEqual({ status: 200, body: { message: ACCOUNT_CREATED } });

    const login = await logIn(t, p, '7391');
    expect(login.status).toBe(200);
    expectParses(shared.loginResponseSchema, login.body);
    const userToken = String(login.body.token);
    const userId = (login.body.user as { id: string }).id;

    const me = await plainGet(t, `/api/users/${userId}`, {
      authorization: `Bearer ${userToken}`,
    });
    expect(me.status).toBe(200);
    expectParses(shared.userSchema, me.body);
    expect(me.body.phone_number).toBe(p);

    const logs = t.logs();
    expect(logs).toContain('/api/users');
    // Digits are matched as whole numbers: timestamps and durations in the log are full of digits.
    for (const digits of ['7391', otp]) {
      expect(logs).not.toMatch(new RegExp(`(?<![0-9.])${digits}(?![0-9])`));
    }
    for (const token of [signupToken, userToken]) expect(logs).not.toContain(token);
  });
});
