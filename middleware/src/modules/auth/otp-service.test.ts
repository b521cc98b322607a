// The OTP rules straight at the service, with the real repository on the test database: the edges
// a route-level test cannot reach on purpose (a row gone between two statements, the same code twice
// at once, an SMS gateway that fails, a code both used up and expired).
import type { Notifier, SmsMessage } from '../../providers/notifier/index.js';
import { FakeClock, latestOtp } from '../../test-support/auth-test-kit.js';
import { otherCodes, SecretChecks } from '../../test-support/secret-checks.js';
import { createTestApp, type TestApp } from '../../test-support/test-app.js';
import { INVALID_OTP } from '@ajo/shared/messages';
import { OTP_TOO_MANY_TRIES } from './messages.js';
import { OtpRepository, type OtpPurpose } from './otp-repository.js';
import { OtpService } from './otp-service.js';

let t: TestApp;
const clock = new FakeClock();
beforeAll(async () => {
  t = await createTestApp({}, { clock });
});
afterAll(() => t.close());

let next = 0;
const newPhone = () => `2348077${String((next += 1)).padStart(6, '0')}`;

function service(overrides: { notifier?: Notifier; repository?: OtpRepository } = {}): OtpService {
  return new OtpService({
    repository: overrides.repository ?? new OtpRepository(t.database.db),
    notifier: overrides.notifier ?? t.app.providers.notifier,
    clock,
    secrets: t.app.secrets,
  });
}

const refused = (message: string) => ({ statusCode: 401, message });

describe('OtpService', () => {
  it('says a used-up code is used up, even once it has also expired', async () => {
    const phone = newPhone();
    const otps = service();
    await otps.issue(phone, 'signup');
    const otp = await latestOtp(t, phone);
    const [wrong] = otherCodes(otp, 1);
    for (let i = 0; i < 4; i += 1) {
      await expect(otps.verify(phone, 'signup', wrong!)).rejects.toMatchObject(
        refused(INVALID_OTP),
      );
    }
    await expect(otps.verify(phone, 'signup', wrong!)).rejects.toMatchObject(
      refused(OTP_TOO_MANY_TRIES),
    );
    clock.advance(10 * 60);
    await expect(otps.verify(phone, 'signup', otp)).rejects.toMatchObject(
      refused(OTP_TOO_MANY_TRIES),
    );
  });

  it('takes a code once: the same right code sent ten times at once is accepted once', async () => {
    const phone = newPhone();
    const otps = service();
    await otps.issue(phone, 'reset');
    const otp = await latestOtp(t, phone);
    const answers = await Promise.allSettled(
      Array.from({ length: 10 }, () => otps.verify(phone, 'reset', otp)),
    );
    expect(answers.filter((a) => a.status === 'fulfilled')).toHaveLength(1);
    // And one by one: a used code is gone.
    await expect(otps.verify(phone, 'reset', otp)).rejects.toMatchObject(refused(INVALID_OTP));
  });

  it('marks a code used once: a second consume of the same row finds nothing to mark', async () => {
    const phone = newPhone();
    const repository = new OtpRepository(t.database.db);
    await service({ repository }).issue(phone, 'signup');
    const live = await repository.findLive(phone, 'signup');
    expect(await repository.consume(live!.id, clock.now())).toBe(true);
    expect(await repository.consume(live!.id, clock.now())).toBe(false);
  });

  it('compares nothing when the code went away between reading it and counting the try', async () => {
    const phone = newPhone();
    const real = new OtpRepository(t.database.db);
    await service({ repository: real }).issue(phone, 'signup');
    const otp = await latestOtp(t, phone);
    // Used by a parallel request in between: the count finds no row.
    const racing = Object.assign(Object.create(real) as OtpRepository, {
      countTry: async () => null,
    });
    const checks = new SecretChecks(t.app.secrets, 'verifyCode');
    try {
      await expect(
        service({ repository: racing }).verify(phone, 'signup', otp),
      ).rejects.toMatchObject(refused(INVALID_OTP));
    } finally {
      checks.restore();
    }
    expect(checks.compared).toEqual([]);
  });

  it('forgets a code whose SMS failed, so the customer can ask again at once', async () => {
    const phone = newPhone();
    const sent: SmsMessage[] = [];
    const real = t.app.providers.notifier;
    const flaky: Notifier = {
      sendEmail: (message) => real.sendEmail(message),
      sendSms: async (message) => {
        sent.push(message);
        if (sent.length === 1) throw new Error('SMS gateway down');
        await real.sendSms(message);
      },
    };
    const otps = service({ notifier: flaky });
    await expect(otps.issue(phone, 'signup')).rejects.toThrow('SMS gateway down');
    // Not held back by the 180-s resend wait: the first code never reached the customer.
    await otps.issue(phone, 'signup');
    expect(sent.map((m) => m.to)).toEqual([phone, phone]);
    await expect(otps.verify(phone, 'signup', await latestOtp(t, phone))).resolves.toBeUndefined();
  });

  it.each<OtpPurpose>(['signup', 'transaction-pin-reset'])(
    'keeps one live %s code per phone: a resend within 180 s is refused, after it the old code dies',
    async (purpose) => {
      const phone = newPhone();
      const otps = service();
      await otps.issue(phone, purpose);
      const first = await latestOtp(t, phone);
      clock.advance(179);
      await expect(otps.issue(phone, purpose)).rejects.toMatchObject({ statusCode: 429 });
      clock.advance(1);
      await otps.issue(phone, purpose);
      const second = await latestOtp(t, phone);
      if (second !== first) {
        await expect(otps.verify(phone, purpose, first)).rejects.toMatchObject(
          refused(INVALID_OTP),
        );
      }
      await expect(otps.verify(phone, purpose, second)).resolves.toBeUndefined();
    },
  );
});
