import {
  createFakeSubmit,
  DEFAULT_ANSWERS,
  DEMO_EMAIL,
  DEMO_PHONE,
  type FakeAnswers,
  type FakeCall,
} from './fake-server';

function memoryStorage() {
  const items = new Map<string, string>();
  return {
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
  };
}

function setup(answers: Partial<FakeAnswers> = {}) {
  const calls: FakeCall[] = [];
  const current = { ...DEFAULT_ANSWERS, ...answers };
  const storage = memoryStorage();
  const submit = createFakeSubmit<{ amount: string }>(
    () => current,
    (c) => calls.push(c),
    storage,
  );
  const attempt = (idempotencyKey = 'key-00000001') => ({
    idempotencyKey,
    details: { amount: '1' },
  });
  return { calls, current, submit, attempt, storage };
}

describe('the catalogue fake server', () => {
  it('asks for an OTP, then treats a call without one under the same key as a resend', async () => {
    const { submit, attempt, calls } = setup();
    await expect(submit({ transaction_pin: '123456' }, attempt())).resolves.toEqual({
      kind: 'challenge',
      notificationChannel: 'phone',
      recipient: DEMO_PHONE,
    });
    await submit({ transaction_pin: '123456' }, attempt());
    await expect(
      submit({ transaction_pin: '123456', otp: '123456' }, attempt()),
    ).resolves.toMatchObject({
      kind: 'done',
      status: 'successful',
    });
    expect(calls.map((c) => c.kind)).toEqual(['confirm', 'resend', 'otp']);
    expect(calls[2]).toEqual({ kind: 'otp', idempotencyKey: 'key-00000001', otp: '123456' });
  });

  it('remembers which attempts were asked for an OTP across a reload (new instance, same storage)', async () => {
    const first = setup();
    await first.submit({ transaction_pin: '123456' }, first.attempt());
    const calls: FakeCall[] = [];
    const again = createFakeSubmit(
      () => first.current,
      (c) => calls.push(c),
      first.storage,
    );
    await again({ transaction_pin: '123456' }, first.attempt());
    expect(calls[0]?.kind).toBe('resend');
  });

  it.each([
    [
      { confirm: 'otp-email' },
      { kind: 'challenge', notificationChannel: 'email', recipient: DEMO_EMAIL },
    ],
    [{ confirm: 'pending' }, { kind: 'done', status: 'pending' }],
    [{ confirm: 'failed' }, { kind: 'done', status: 'failed' }],
  ] as const)('answers confirm with %p', async (answers, expected) => {
    const { submit, attempt } = setup(answers);
    await expect(submit({ transaction_pin: '123456' }, attempt())).resolves.toMatchObject(expected);
  });

  it.each([
    [
      { confirm: 'error' },
      { transaction_pin: '123456' },
      { status: 422, serverMessage: 'Insufficient funds in the source wallet.' },
    ],
    [
      { confirm: 'network-error' },
      { transaction_pin: '123456' },
      { status: 0, message: 'Network Error' },
    ],
    [
      { otp: 'invalid-otp' },
      { transaction_pin: '123456', otp: '000000' },
      { status: 401, serverMessage: 'Invalid otp' },
    ],
    [{ otp: 'expired' }, { transaction_pin: '123456', otp: '000000' }, { status: 401 }],
  ] as const)('rejects like host/api for %p', async (answers, input, error) => {
    const { submit, attempt } = setup(answers);
    await expect(submit(input, attempt())).rejects.toMatchObject(error);
  });

  it('refuses a resend with 429 when asked to', async () => {
    const { submit, attempt, current } = setup();
    await submit({ transaction_pin: '123456' }, attempt());
    current.resend = 'refused';
    await expect(submit({ transaction_pin: '123456' }, attempt())).rejects.toMatchObject({
      status: 429,
    });
  });
});
