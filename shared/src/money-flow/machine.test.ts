import { INVALID_OTP, SERVER_INVALID_OTP, TRANSACTION_FAILED_TRY_AGAIN } from '../messages/errors';
import {
  canResendAt,
  initialMoneyFlowState,
  isAnswerUnknown,
  isInvalidOtpError,
  moneyFlowReducer,
  serverMessageOf,
  type MoneyFlowEvent,
  type MoneyFlowState,
} from './machine';

interface Details {
  amount: string;
}
type State = MoneyFlowState<Details, { token: string }>;
type Event = MoneyFlowEvent<Details, { token: string }>;

const KEY = 'key-aaaaaaaa';
const T0 = 1_700_000_000_000;
const FALLBACK = 'Error initiating airtime purchase';
const details = { amount: '500' };
const challenge = {
  kind: 'challenge',
  notificationChannel: 'phone',
  recipient: '2348012345678',
} as const;

const run = (events: Event[], from: State = initialMoneyFlowState()) =>
  events.reduce<State>((state, event) => moneyFlowReducer(state, event), from);

const proceed: Event = { type: 'proceed', details, idempotencyKey: KEY };
const confirm: Event = { type: 'confirm', transactionPin: '123456' };
const challenged: Event = { type: 'answered', result: challenge, now: T0 };
const atConfirm = () => run([proceed]);
const confirming = () => run([proceed, confirm]);
const atAuthenticate = () => run([proceed, confirm, challenged]);
const verifying = () => run([{ type: 'verify-otp', otp: '654321' }], atAuthenticate());
const apiError = (status: number, serverMessage?: string) => ({
  status,
  message: serverMessage ?? `Request failed with status code ${status}`,
  serverMessage,
});

describe('money flow machine (SPEC §4)', () => {
  it('starts on initiate and goes to confirm on Proceed with the attempt key', () => {
    expect(initialMoneyFlowState()).toEqual({ step: 'initiate' });
    expect(atConfirm()).toEqual({
      step: 'confirm',
      attempt: { idempotencyKey: KEY, details },
      busy: false,
    });
  });

  it('marks Next as processing and keeps the PIN for the OTP call', () => {
    expect(confirming()).toMatchObject({
      step: 'confirm',
      busy: 'confirm',
      attempt: { idempotencyKey: KEY, transactionPin: '123456' },
    });
  });

  it('ignores a second Next, Back and a second Proceed while processing (same object back)', () => {
    const state = confirming();
    expect(moneyFlowReducer(state, confirm)).toBe(state);
    expect(moneyFlowReducer(state, { type: 'back' })).toBe(state);
    expect(moneyFlowReducer(state, proceed)).toBe(state);
  });

  it.each(['successful', 'pending', 'failed'] as const)(
    'goes to status %s on an immediate answer, with the reference',
    (status) => {
      const state = run(
        [{ type: 'answered', result: { kind: 'done', status, reference: 'REF-1' }, now: T0 }],
        confirming(),
      );
      expect(state).toMatchObject({
        step: 'status',
        outcome: { status, reference: 'REF-1' },
        attempt: { idempotencyKey: KEY },
        afterOtp: false,
      });
    },
  );

  it('keeps what the screen returned for the status slot', () => {
    const state = run(
      [
        {
          type: 'answered',
          result: {
            kind: 'done',
            status: 'successful',
            reference: 'E1',
            details: { token: '1234' },
          },
          now: T0,
        },
      ],
      confirming(),
    );
    expect(state).toMatchObject({ outcome: { details: { token: '1234' } } });
  });

  it('goes to authenticate on a 202 with the channel, the recipient and when it was sent', () => {
    expect(atAuthenticate()).toEqual({
      step: 'authenticate',
      attempt: { idempotencyKey: KEY, details, transactionPin: '123456' },
      challenge: { notificationChannel: 'phone', recipient: '2348012345678', sentAt: T0 },
      busy: false,
      otpRejections: 0,
    });
  });

  it("fails at confirm with the server's message, else the screen's fallback", () => {
    const withMessage = run(
      [{ type: 'rejected', error: apiError(422, 'Insufficient funds'), fallbackMessage: FALLBACK }],
      confirming(),
    );
    expect(withMessage).toMatchObject({
      step: 'status',
      outcome: { status: 'failed', message: 'Insufficient funds' },
      afterOtp: false,
    });
    const silent = run(
      [{ type: 'rejected', error: apiError(400), fallbackMessage: FALLBACK }],
      confirming(),
    );
    expect(silent).toMatchObject({ outcome: { status: 'failed', message: FALLBACK } });
    expect(silent).not.toHaveProperty('outcome.reference');
  });

  it("stays on authenticate after 401 'Invalid otp' and counts the rejection", () => {
    const state = run(
      [{ type: 'rejected', error: apiError(401, SERVER_INVALID_OTP), fallbackMessage: FALLBACK }],
      verifying(),
    );
    expect(state).toMatchObject({ step: 'authenticate', busy: false, otpRejections: 1 });
    const again = run(
      [
        { type: 'verify-otp', otp: '111111' },
        { type: 'rejected', error: apiError(401, SERVER_INVALID_OTP), fallbackMessage: FALLBACK },
      ],
      state,
    );
    expect(again).toMatchObject({ step: 'authenticate', otpRejections: 2 });
  });

  it.each([
    [
      'an expired OTP (401, other message)',
      apiError(401, 'This OTP has expired.'),
      'This OTP has expired.',
    ],
    [
      'a wrong PIN on the OTP call',
      apiError(403, 'Incorrect transaction PIN'),
      'Incorrect transaction PIN',
    ],
    ['a refusal without words', apiError(400), TRANSACTION_FAILED_TRY_AGAIN],
    ["'Invalid otp' with another status", apiError(400, SERVER_INVALID_OTP), SERVER_INVALID_OTP],
  ])('goes to failed on %s', (_name, error, message) => {
    const state = run([{ type: 'rejected', error, fallbackMessage: FALLBACK }], verifying());
    expect(state).toMatchObject({
      step: 'status',
      outcome: { status: 'failed', message },
      afterOtp: true,
    });
  });

  it('goes to status when the OTP is accepted', () => {
    const state = run(
      [{ type: 'answered', result: { kind: 'done', status: 'pending', reference: 'P1' }, now: T0 }],
      verifying(),
    );
    expect(state).toMatchObject({
      step: 'status',
      outcome: { status: 'pending', reference: 'P1' },
    });
  });

  it('refuses a resend before 180 s and allows it from then on', () => {
    const state = atAuthenticate();
    expect(moneyFlowReducer(state, { type: 'resend', now: T0 + 179_999 })).toBe(state);
    expect(moneyFlowReducer(state, { type: 'resend', now: T0 + 180_000 })).toMatchObject({
      busy: 'resend',
    });
  });

  it('restarts the countdown on a successful resend (a new 202) and keeps the rejections count', () => {
    const rejected = run(
      [
        { type: 'verify-otp', otp: '000000' },
        { type: 'rejected', error: apiError(401, SERVER_INVALID_OTP), fallbackMessage: FALLBACK },
        { type: 'resend', now: T0 + 200_000 },
        {
          type: 'answered',
          result: { ...challenge, recipient: 'ada@example.com', notificationChannel: 'email' },
          now: T0 + 201_000,
        },
      ],
      atAuthenticate(),
    );
    expect(rejected).toMatchObject({
      step: 'authenticate',
      busy: false,
      otpRejections: 1,
      challenge: {
        notificationChannel: 'email',
        recipient: 'ada@example.com',
        sentAt: T0 + 201_000,
      },
    });
  });

  it('stays on authenticate, not busy, when a resend fails', () => {
    const state = run(
      [
        { type: 'resend', now: T0 + 180_000 },
        { type: 'rejected', error: apiError(429, 'Wait 3 minutes'), fallbackMessage: FALLBACK },
      ],
      atAuthenticate(),
    );
    expect(state).toMatchObject({ step: 'authenticate', busy: false, otpRejections: 0 });
    expect(state).toMatchObject({ challenge: { sentAt: T0 } });
  });

  it('ignores an OTP while a resend is in flight, and a resend while an OTP is checked', () => {
    const resending = run([{ type: 'resend', now: T0 + 180_000 }], atAuthenticate());
    expect(moneyFlowReducer(resending, { type: 'verify-otp', otp: '123456' })).toBe(resending);
    const checking = verifying();
    expect(moneyFlowReducer(checking, { type: 'resend', now: T0 + 999_999 })).toBe(checking);
  });

  it('needs the PIN again on authenticate when it was lost (a reload), and takes it from the event', () => {
    const restored: State = {
      step: 'authenticate',
      attempt: { idempotencyKey: KEY, details },
      challenge: { notificationChannel: 'phone', recipient: '2348012345678', sentAt: T0 },
      busy: false,
      otpRejections: 0,
    };
    expect(moneyFlowReducer(restored, { type: 'verify-otp', otp: '123456' })).toBe(restored);
    expect(moneyFlowReducer(restored, { type: 'resend', now: T0 + 180_000 })).toBe(restored);
    expect(
      moneyFlowReducer(restored, { type: 'verify-otp', otp: '123456', transactionPin: '654321' }),
    ).toMatchObject({ busy: 'otp', attempt: { transactionPin: '654321', idempotencyKey: KEY } });
  });

  it('Back and Cancel leave the attempt and keep the details for the form', () => {
    expect(run([{ type: 'back' }], atConfirm())).toEqual({ step: 'initiate', draft: details });
    expect(run([{ type: 'back' }], atAuthenticate())).toEqual({ step: 'initiate', draft: details });
  });

  it('a new Proceed after Back is a new attempt with the new key', () => {
    const state = run(
      [{ type: 'back' }, { ...proceed, idempotencyKey: 'key-bbbbbbbb' }],
      atConfirm(),
    );
    expect(state).toEqual({
      step: 'confirm',
      attempt: { idempotencyKey: 'key-bbbbbbbb', details },
      busy: false,
    });
  });

  it('restarts from status: empty form after success, the same details for Try again', () => {
    const done = run(
      [
        {
          type: 'answered',
          result: { kind: 'done', status: 'successful', reference: 'R' },
          now: T0,
        },
      ],
      confirming(),
    );
    expect(run([{ type: 'restart' }], done)).toEqual({ step: 'initiate' });
    expect(run([{ type: 'restart', keepDetails: true }], done)).toEqual({
      step: 'initiate',
      draft: details,
    });
  });

  it('lets a pending outcome settle once, later, and never changes a definite one', () => {
    const outcome = (status: 'successful' | 'pending' | 'failed') =>
      run(
        [{ type: 'answered', result: { kind: 'done', status, reference: 'R' }, now: T0 }],
        confirming(),
      );
    const pending = outcome('pending');
    const returned = run([{ type: 'settled', status: 'failed' }], pending);
    expect(returned).toMatchObject({
      step: 'status',
      outcome: { status: 'failed', reference: 'R' },
    });
    expect(run([{ type: 'settled', status: 'successful' }], pending)).toMatchObject({
      outcome: { status: 'successful' },
    });
    // A second answer, or one for an outcome that was never pending, changes nothing.
    expect(moneyFlowReducer(returned, { type: 'settled', status: 'successful' })).toBe(returned);
    const paid = outcome('successful');
    expect(moneyFlowReducer(paid, { type: 'settled', status: 'failed' })).toBe(paid);
    const confirmStep = atConfirm();
    expect(moneyFlowReducer(confirmStep, { type: 'settled', status: 'failed' })).toBe(confirmStep);
  });

  it('ignores answers and errors nobody is waiting for (a late reply after Back)', () => {
    const initiate = initialMoneyFlowState<Details, { token: string }>();
    expect(moneyFlowReducer(initiate, challenged)).toBe(initiate);
    const confirmStep = atConfirm();
    expect(
      moneyFlowReducer(confirmStep, {
        type: 'rejected',
        error: apiError(500),
        fallbackMessage: FALLBACK,
      }),
    ).toBe(confirmStep);
    expect(moneyFlowReducer(confirmStep, challenged)).toBe(confirmStep);
    expect(moneyFlowReducer(confirmStep, { type: 'restart' })).toBe(confirmStep);
  });
});

describe('error helpers', () => {
  it("reads only the server's own message", () => {
    expect(serverMessageOf(apiError(400, 'Bad amount'))).toBe('Bad amount');
    expect(serverMessageOf({ status: 0, message: 'Network Error' })).toBeUndefined();
    expect(serverMessageOf({ serverMessage: '   ' })).toBeUndefined();
    expect(serverMessageOf('boom')).toBeUndefined();
  });

  it("recognises exactly 401 'Invalid otp'", () => {
    expect(isInvalidOtpError(apiError(401, 'Invalid otp'))).toBe(true);
    expect(isInvalidOtpError({ status: 401, message: 'Invalid otp' })).toBe(true);
    expect(isInvalidOtpError(apiError(401, 'Invalid OTP'))).toBe(false);
    expect(isInvalidOtpError(apiError(401, 'Invalid otp.'))).toBe(false);
    expect(isInvalidOtpError(null)).toBe(false);
    expect(INVALID_OTP).toBe('Invalid OTP! Please, check and try again.');
  });

  it('allows a resend 180 s after the OTP was sent', () => {
    const sent = { notificationChannel: 'phone', recipient: 'x', sentAt: T0 };
    expect(canResendAt(sent, T0 + 179_999)).toBe(false);
    expect(canResendAt(sent, T0 + 180_000)).toBe(true);
  });

  describe('an answer that never came (lost link, timeout, 5xx): checking, never failed', () => {
    const lost = { status: 0, message: 'Network Error' };
    const reject = (error: unknown): Event => ({
      type: 'rejected',
      error,
      fallbackMessage: FALLBACK,
    });
    const checkingAfterConfirm = () => run([reject(lost)], confirming());

    it.each([
      ['no answer (network error, timeout)', lost],
      ['an answer that could not be read', new Error('Unreadable')],
      ['a 500', apiError(500, 'Something went wrong')],
      ['a 502', apiError(502)],
      ['a 503', apiError(503, 'Biller unavailable')],
      ['a 504', apiError(504)],
      ['a 408', apiError(408)],
      [
        "a 409 'already being processed'",
        apiError(409, 'This request is already being processed.'),
      ],
    ])('goes to checking at confirm on %s', (_name, error) => {
      expect(isAnswerUnknown(error)).toBe(true);
      expect(run([reject(error)], confirming())).toEqual({
        step: 'checking',
        attempt: { idempotencyKey: KEY, details, transactionPin: '123456' },
        from: 'confirm',
        busy: false,
        checks: 0,
      });
    });

    it.each([
      ['a refusal', apiError(409, 'Insufficient funds.')],
      ['a wrong PIN', apiError(401, 'Incorrect transaction PIN.')],
      ['a lock', apiError(429, 'Too many wrong transaction PINs. Try again in 15 minutes.')],
      ['bad input', apiError(400)],
    ])('still fails at once on %s (the server said so)', (_name, error) => {
      expect(isAnswerUnknown(error)).toBe(false);
      expect(run([reject(error)], confirming())).toMatchObject({ step: 'status' });
    });

    it('goes to checking on the OTP call, keeping the challenge and the OTP to send it again', () => {
      const state = run([reject(apiError(504))], verifying());
      expect(state).toMatchObject({
        step: 'checking',
        from: 'authenticate',
        challenge: { recipient: '2348012345678', sentAt: T0 },
        attempt: { idempotencyKey: KEY, transactionPin: '123456', otp: '654321' },
      });
    });

    it('offers no way to a new attempt while it checks: Back, Try again and Proceed do nothing', () => {
      const state = checkingAfterConfirm();
      for (const event of [
        { type: 'back' },
        { type: 'restart', keepDetails: true },
        proceed,
        confirm,
      ] as Event[]) {
        expect(moneyFlowReducer(state, event)).toBe(state);
      }
    });

    it('checks one at a time; no answer again waits longer; an answer ends it as the server said', () => {
      const state = checkingAfterConfirm();
      const busy = run([{ type: 'check' }], state);
      expect(busy).toMatchObject({ busy: true });
      expect(moneyFlowReducer(busy, { type: 'check' })).toBe(busy);
      expect(run([{ type: 'unknown' }], busy)).toMatchObject({ busy: false, checks: 1 });
      expect(run([reject(lost)], busy)).toMatchObject({ step: 'checking', checks: 1 });
      // Without a check under way, answers are not the flow's.
      expect(moneyFlowReducer(state, { type: 'unknown' })).toBe(state);
      const done: Event = {
        type: 'answered',
        result: { kind: 'done', status: 'successful', reference: 'REF-9' },
        now: T0,
      };
      expect(moneyFlowReducer(state, done)).toBe(state);
      expect(run([done], busy)).toEqual({
        step: 'status',
        attempt: { idempotencyKey: KEY, details, transactionPin: '123456' },
        outcome: { status: 'successful', reference: 'REF-9', details: undefined },
        afterOtp: false,
      });
    });

    it('fails only on a definite refusal, and then offers a new attempt', () => {
      const failed = run(
        [{ type: 'check' }, reject(apiError(409, 'Insufficient funds.'))],
        checkingAfterConfirm(),
      );
      expect(failed).toMatchObject({
        step: 'status',
        outcome: { status: 'failed', message: 'Insufficient funds.' },
      });
      expect(run([{ type: 'restart', keepDetails: true }], failed)).toEqual({
        step: 'initiate',
        draft: details,
      });
    });

    it("goes back to the OTP after 'Invalid otp' on the lost OTP call's check", () => {
      const state = run(
        [reject(apiError(504)), { type: 'check' }, reject(apiError(401, SERVER_INVALID_OTP))],
        verifying(),
      );
      expect(state).toMatchObject({ step: 'authenticate', otpRejections: 1, busy: false });
      expect(state).not.toHaveProperty('attempt.otp');
    });

    it('sends a call that never arrived again from its step, under the same key', () => {
      const fromConfirm = run([{ type: 'check' }, { type: 'unsent' }], checkingAfterConfirm());
      expect(fromConfirm).toEqual({
        step: 'confirm',
        attempt: { idempotencyKey: KEY, details },
        busy: false,
      });
      const fromOtp = run([reject(lost), { type: 'check' }, { type: 'unsent' }], verifying());
      expect(fromOtp).toMatchObject({
        step: 'authenticate',
        attempt: { idempotencyKey: KEY, details },
        challenge: { sentAt: T0 },
      });
    });

    it('resumes a lost attempt only from a blank form', () => {
      const lostOne = checkingAfterConfirm();
      expect(moneyFlowReducer(initialMoneyFlowState(), { type: 'resume', state: lostOne })).toBe(
        lostOne,
      );
      const atConfirmNow = atConfirm();
      expect(moneyFlowReducer(atConfirmNow, { type: 'resume', state: lostOne })).toBe(atConfirmNow);
    });
  });
});
