import { createTestApp, type TestApp } from '../../test-support/test-app.js';
import { signUp } from '../../test-support/auth-test-kit.js';
import { PHONE_ALREADY_REGISTERED } from '../users/messages.js';

// docs/decisions/016-sign-up-says-a-number-is-registered.md: GET /auth tells a person that their
// number already has an account, and the attempt limits keep that from becoming a directory.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_MAX: '5' });
});
afterAll(() => t.close());

const lookUp = (phone: string, ip: string) =>
  t.app.inject({ method: 'GET', url: `/api/auth?phone_number=${phone}`, remoteAddress: ip });

it('says a registered number is registered, and stops one address from walking the number space', async () => {
  const registered = '2348077700001';
  await signUp(t, registered);
  const first = await lookUp(registered, '10.1.1.1');
  expect(first.statusCode).toBe(409);
  expect(first.json()).toEqual({ message: PHONE_ALREADY_REGISTERED });

  // 4 × (2 × RATE_LIMIT_MAX) = 40 lookups per address per window, whatever the numbers.
  const answers: number[] = [];
  for (let n = 2; n <= 45; n++) {
    answers.push((await lookUp(`2348077${String(n).padStart(6, '0')}`, '10.1.1.1')).statusCode);
  }
  expect(answers.slice(0, 39).every((status) => status === 200)).toBe(true);
  expect(answers.slice(39).every((status) => status === 429)).toBe(true);
  // Once limited, a registered number gets the same 429 as any other: nothing more is learnt.
  expect((await lookUp(registered, '10.1.1.1')).statusCode).toBe(429);
  // A person on another address is not affected.
  expect((await lookUp(registered, '10.2.2.2')).statusCode).toBe(409);
});
