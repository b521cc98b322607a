/** Pauses between start-up attempts: 0.5 s, doubling, at most 10 s. */
export function startupDelayMs(attempt: number): number {
  return Math.min(10_000, 500 * 2 ** Math.max(0, attempt - 1));
}

export interface WaitOptions {
  /** Errors worth waiting out (database down, starting, read-only); any other is thrown at once. */
  isTransient(error: unknown): boolean;
  onRetry?(error: unknown, delayMs: number, attempt: number): void;
  /** Injected by tests (fake timers). */
  sleep?(ms: number): Promise<void>;
  /** Give up after this many attempts (default: never; an operator stops the process). */
  maxAttempts?: number;
}

const realSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Runs `step` (open + migrate) until it succeeds, waiting with back-off while the database is not
 * available: an instance started during a failover, or before its database, comes up once a
 * writable database exists instead of exiting into a restart loop.
 */
export async function waitForDatabase<T>(step: () => Promise<T>, options: WaitOptions): Promise<T> {
  const sleep = options.sleep ?? realSleep;
  for (let attempt = 1; ; attempt++) {
    try {
      return await step();
    } catch (error) {
      if (!options.isTransient(error)) throw error;
      if (options.maxAttempts !== undefined && attempt >= options.maxAttempts) throw error;
      const delayMs = startupDelayMs(attempt);
      options.onRetry?.(error, delayMs, attempt);
      await sleep(delayMs);
    }
  }
}
