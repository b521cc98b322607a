/*
 * For tests of attempt limits under concurrency: they count what was compared, not which status
 * codes came back. Wraps one check of the app's secret hasher (`app.secrets`, the object every
 * service was given), records the secret of each call and can hold the asynchronous ones, so that a
 * whole burst of guesses is counted before any comparison finishes: the worst case for a guard.
 */
import type { SecretHasher } from '../security/secrets.js';

type Check = 'verifySecret' | 'verifyCode';

/** `count` distinct 6-digit codes, none of them `otp`: a burst of wrong guesses. */
export const otherCodes = (otp: string, count: number): string[] =>
  Array.from({ length: count }, (_, i) =>
    String((Number(otp) + 1 + i) % 1_000_000).padStart(6, '0'),
  );

export class SecretChecks {
  /** The secret of every comparison made, in call order. */
  readonly compared: string[] = [];
  private readonly parked: (() => void)[] = [];
  private holding = false;
  private answered = 0;
  private readonly waiters: { count: number; resolve: () => void }[] = [];
  private readonly restoreCheck: () => void;

  constructor(secrets: SecretHasher, check: Check) {
    const original = secrets[check] as (
      plain: string,
      stored: string,
      ...rest: unknown[]
    ) => unknown;
    const wrapped = (plain: string, stored: string, ...rest: unknown[]) => {
      this.compared.push(plain);
      // verifyCode answers synchronously: nothing to hold.
      if (check === 'verifyCode' || !this.holding)
        return original.call(secrets, plain, stored, ...rest);
      return new Promise<void>((resolve) => {
        this.parked.push(resolve);
        this.wake();
      }).then(() => original.call(secrets, plain, stored, ...rest));
    };
    Object.assign(secrets, { [check]: wrapped });
    this.restoreCheck = () => Object.assign(secrets, { [check]: original });
  }

  /** From now on, asynchronous comparisons wait for release(). */
  hold(): void {
    this.holding = true;
  }

  /** Lets every held comparison (and every later one) go on. */
  release(): void {
    this.holding = false;
    for (const go of this.parked.splice(0)) go();
  }

  /** A guess whose answer counts towards settled(). */
  track<T>(guess: Promise<T>): Promise<T> {
    return guess.finally(() => {
      this.answered += 1;
      this.wake();
    });
  }

  /** Resolves once `count` tracked guesses were answered or are held at the comparison. */
  settled(count: number): Promise<void> {
    return new Promise((resolve) => {
      this.waiters.push({ count, resolve });
      this.wake();
    });
  }

  restore(): void {
    this.release();
    this.restoreCheck();
  }

  private wake(): void {
    const reached = this.answered + this.parked.length;
    for (const waiter of [...this.waiters]) {
      if (reached >= waiter.count) {
        this.waiters.splice(this.waiters.indexOf(waiter), 1);
        waiter.resolve();
      }
    }
  }
}
