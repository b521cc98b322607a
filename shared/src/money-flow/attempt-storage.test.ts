import {
  DEFAULT_ATTEMPT_MAX_AGE_MS,
  UNKNOWN_ATTEMPT_MAX_AGE_MS,
  loadAttempt,
  loadUnknownAttempt,
  saveAttempt,
  type MoneyFlowPersistence,
} from './attempt-storage';
import type { MoneyFlowState } from './machine';

interface Details {
  amount: string;
}

function memoryStorage() {
  const items = new Map<string, string>();
  return {
    items,
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
    removeItem: (key: string) => void items.delete(key),
  };
}

const KEY = '6b1c3c5e-0000-4000-8000-000000000001';
const T0 = 1_700_000_000_000;
const parseDetails = (raw: unknown): Details | null =>
  typeof raw === 'object' && raw !== null && typeof (raw as Details).amount === 'string'
    ? { amount: (raw as Details).amount }
    : null;

function setup() {
  const storage = memoryStorage();
  const persistence: MoneyFlowPersistence<Details> = {
    storageKey: 'ajo.money-flow.test',
    parseDetails,
    storage,
  };
  return { storage, persistence };
}

const confirmState: MoneyFlowState<Details> = {
  step: 'confirm',
  attempt: { idempotencyKey: KEY, details: { amount: '500' }, transactionPin: '123456' },
  busy: 'confirm',
};
const authenticateState: MoneyFlowState<Details> = {
  step: 'authenticate',
  attempt: { idempotencyKey: KEY, details: { amount: '60000' }, transactionPin: '123456' },
  challenge: { notificationChannel: 'email', recipient: 'ada@example.com', sentAt: T0 - 5000 },
  busy: false,
  otpRejections: 2,
};

describe('attempt storage', () => {
  it('keeps the key and details of the confirm step but never the PIN', () => {
    const { storage, persistence } = setup();
    saveAttempt(persistence, confirmState, T0);
    const raw = storage.items.get('ajo.money-flow.test') ?? '';
    expect(raw).not.toContain('123456');
    expect(loadAttempt(persistence, T0 + 1000)).toEqual({
      step: 'confirm',
      attempt: { idempotencyKey: KEY, details: { amount: '500' } },
      busy: false,
    });
  });

  it('brings back the authenticate step with its challenge (the PIN is asked again)', () => {
    const { persistence } = setup();
    saveAttempt(persistence, authenticateState, T0);
    expect(loadAttempt(persistence, T0 + 1000)).toEqual({
      step: 'authenticate',
      attempt: { idempotencyKey: KEY, details: { amount: '60000' } },
      challenge: { notificationChannel: 'email', recipient: 'ada@example.com', sentAt: T0 - 5000 },
      busy: false,
      otpRejections: 0,
    });
  });

  it('forgets the attempt once it reaches status or goes back to initiate', () => {
    const { storage, persistence } = setup();
    saveAttempt(persistence, confirmState, T0);
    saveAttempt(
      persistence,
      {
        step: 'status',
        attempt: confirmState.attempt,
        outcome: { status: 'successful' },
        afterOtp: false,
      },
      T0,
    );
    expect(storage.items.size).toBe(0);
    saveAttempt(persistence, confirmState, T0);
    saveAttempt(persistence, { step: 'initiate' }, T0);
    expect(loadAttempt(persistence, T0)).toBeNull();
  });

  it('drops an attempt older than the maximum age', () => {
    const { storage, persistence } = setup();
    saveAttempt(persistence, confirmState, T0);
    expect(loadAttempt(persistence, T0 + DEFAULT_ATTEMPT_MAX_AGE_MS + 1)).toBeNull();
    expect(storage.items.size).toBe(0);
  });

  it.each([
    ['not JSON', '{oops'],
    [
      'another version',
      JSON.stringify({
        version: 2,
        step: 'confirm',
        idempotencyKey: KEY,
        details: { amount: '1' },
        savedAt: T0,
      }),
    ],
    [
      'a malformed key',
      JSON.stringify({
        version: 1,
        step: 'confirm',
        idempotencyKey: 'a b',
        details: { amount: '1' },
        savedAt: T0,
      }),
    ],
    [
      'authenticate without a challenge',
      JSON.stringify({
        version: 1,
        step: 'authenticate',
        idempotencyKey: KEY,
        details: { amount: '1' },
        savedAt: T0,
      }),
    ],
    [
      'details the screen does not accept',
      JSON.stringify({
        version: 1,
        step: 'confirm',
        idempotencyKey: KEY,
        details: { amount: 1 },
        savedAt: T0,
      }),
    ],
  ])('ignores %s', (_name, raw) => {
    const { storage, persistence } = setup();
    storage.items.set('ajo.money-flow.test', raw);
    expect(loadAttempt(persistence, T0)).toBeNull();
  });

  it('works on without storage (blocked or full)', () => {
    const throwing = {
      getItem: () => {
        throw new Error('SecurityError');
      },
      setItem: () => {
        throw new Error('QuotaExceededError');
      },
      removeItem: () => {
        throw new Error('SecurityError');
      },
    };
    const persistence = { storageKey: 'k', parseDetails, storage: throwing };
    expect(() => saveAttempt(persistence, confirmState, T0)).not.toThrow();
    expect(() => saveAttempt(persistence, { step: 'initiate' }, T0)).not.toThrow();
    expect(loadAttempt(persistence, T0)).toBeNull();
  });

  describe('an attempt whose answer was lost (checking): kept on the device', () => {
    const checkingState: MoneyFlowState<Details> = {
      step: 'checking',
      attempt: {
        idempotencyKey: KEY,
        details: { amount: '500' },
        transactionPin: '975310',
        otp: '864200',
      },
      from: 'authenticate',
      challenge: { notificationChannel: 'phone', recipient: '2348012345678', sentAt: T0 - 5000 },
      busy: true,
      checks: 3,
    };
    function deviceSetup() {
      const tab = memoryStorage();
      const device = memoryStorage();
      const persistence: MoneyFlowPersistence<Details> = {
        storageKey: 'ajo.money-flow.test',
        parseDetails,
        storage: tab,
        deviceStorage: device,
      };
      return { tab, device, persistence };
    }

    it('is written to the device, without the PIN or the OTP, and read back as checking', () => {
      const { tab, device, persistence } = deviceSetup();
      saveAttempt(persistence, confirmState, T0);
      saveAttempt(persistence, checkingState, T0);
      expect(tab.items.size).toBe(0);
      const raw = device.items.get('ajo.money-flow.test.unknown') ?? '';
      expect(raw).not.toContain('975310');
      expect(raw).not.toContain('864200');
      const expected = {
        step: 'checking',
        attempt: { idempotencyKey: KEY, details: { amount: '500' } },
        from: 'authenticate',
        challenge: checkingState.challenge,
        busy: false,
        checks: 0,
      };
      expect(loadAttempt(persistence, T0 + 1000)).toEqual(expected);
      expect(loadUnknownAttempt(persistence, T0 + 1000)).toEqual(expected);
    });

    it('is not cleared by another tab: a blank form, or an attempt under another key', () => {
      const { device, persistence } = deviceSetup();
      saveAttempt(persistence, checkingState, T0);
      saveAttempt(persistence, { step: 'initiate' }, T0);
      saveAttempt(
        persistence,
        {
          ...confirmState,
          attempt: { ...confirmState.attempt, idempotencyKey: 'another-key-123' },
        },
        T0,
      );
      expect(device.items.has('ajo.money-flow.test.unknown')).toBe(true);
      // It comes before the tab's own attempt: it must be known first.
      expect(loadAttempt(persistence, T0)).toMatchObject({ step: 'checking' });
    });

    it('is cleared once the same attempt has its answer', () => {
      const { device, persistence } = deviceSetup();
      saveAttempt(persistence, checkingState, T0);
      saveAttempt(
        persistence,
        {
          step: 'status',
          attempt: checkingState.attempt,
          outcome: { status: 'successful' },
          afterOtp: true,
        },
        T0,
      );
      expect(device.items.size).toBe(0);
      expect(loadAttempt(persistence, T0)).toBeNull();
    });

    it('lives a day, not 15 minutes (the answer must still be found)', () => {
      const { persistence } = deviceSetup();
      saveAttempt(persistence, checkingState, T0);
      expect(loadUnknownAttempt(persistence, T0 + DEFAULT_ATTEMPT_MAX_AGE_MS + 1)).not.toBeNull();
      expect(loadUnknownAttempt(persistence, T0 + UNKNOWN_ATTEMPT_MAX_AGE_MS + 1)).toBeNull();
    });
  });
});
