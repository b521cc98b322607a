// Failure reports kept while the registry database cannot be read (plugins/failure-beacon.ts): a
// browser sends its beacon once, so a report answered 503 would be lost. A report whose form is
// good is kept in memory, at most `limit` of them, and counted when the database answers again
// (tried every `everyMs`). What does not fit is lost, and counted as lost (a metric): memory is
// bounded, and the operators know how many reports they did not get.
import { RegistryError, RegistryUnreadable } from '../registry/index.js';

export interface KeptReport {
  remote: string;
  version: string;
  phase: 'load' | 'mount' | 'render';
  message?: string | undefined;
}

export const KEEP_LIMIT = 1000;
export const RETRY_EVERY_MS = 5000;

export function createFailureKeeper(o: {
  count: (report: KeptReport) => Promise<void>;
  limit?: number | undefined;
  everyMs?: number | undefined;
  /** A report lost: 'full' (no room to keep it) or 'refused' (the registry said no once it could read). */
  onLost?: (why: 'full' | 'refused') => void;
}) {
  const limit = o.limit ?? KEEP_LIMIT;
  const queue: KeptReport[] = [];
  let flushing: Promise<void> | null = null;

  /** Keeps `report` for later; false (and counted as lost) when `limit` are kept already. */
  function keep(report: KeptReport): boolean {
    if (queue.length >= limit) {
      o.onLost?.('full');
      return false;
    }
    queue.push(report);
    return true;
  }

  /** Counts the kept reports in order, until the database fails again (the rest wait). */
  function flush(): Promise<void> {
    flushing ??= (async () => {
      try {
        while (queue.length) {
          try {
            await o.count(queue[0]!);
          } catch (error) {
            if (error instanceof RegistryUnreadable) return;
            // Refused now that it can be checked (a version that is not published): never counted.
            if (error instanceof RegistryError) o.onLost?.('refused');
            else return;
          }
          queue.shift();
        }
      } finally {
        flushing = null;
      }
    })();
    return flushing;
  }

  const timer = setInterval(() => {
    if (queue.length) void flush();
  }, o.everyMs ?? RETRY_EVERY_MS);
  // Kept reports never hold a closing server open.
  timer.unref?.();

  return {
    keep,
    flush,
    pending: () => queue.length,
    stop: () => clearInterval(timer),
  };
}
