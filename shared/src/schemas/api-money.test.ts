import { CLIENT_REFERENCE_REQUIRED } from '../messages/money';
import { idempotencyKeySchema, moneyCallHeadersSchema, stepUpChallengeSchema } from './api-money';
import { firstMessage } from './test-helpers';

describe('money call schemas', () => {
  it('accepts a UUID or 8-64 letters, digits, _ and - as the client reference', () => {
    for (const key of [
      '3f2b8c1e-5d4a-4b7e-9a0c-1d2e3f4a5b6c',
      'abcdEFGH',
      'k'.repeat(64),
      'a_b-c_d-',
    ]) {
      expect(idempotencyKeySchema.safeParse(key).success).toBe(true);
    }
  });

  it('refuses a missing, short, long or odd client reference with one clear message', () => {
    for (const key of [undefined, '', 'abc1234', 'k'.repeat(65), 'has space1', 'semi;colon']) {
      expect(firstMessage(idempotencyKeySchema, key)).toBe(CLIENT_REFERENCE_REQUIRED);
    }
  });

  it('reads the header among the others a request carries', () => {
    const headers = { 'idempotency-key': 'abcdEFGH12', authorization: 'Bearer x' };
    expect(moneyCallHeadersSchema.safeParse(headers).success).toBe(true);
    expect(moneyCallHeadersSchema.safeParse({ authorization: 'Bearer x' }).success).toBe(false);
  });

  it('reads the 202 step-up challenge', () => {
    const challenge = { message: 'm', notificationChannel: 'phone', recipient: '2348012345678' };
    expect(stepUpChallengeSchema.safeParse(challenge).success).toBe(true);
    expect(
      stepUpChallengeSchema.safeParse({ ...challenge, notificationChannel: 'sms' }).success,
    ).toBe(false);
  });
});
