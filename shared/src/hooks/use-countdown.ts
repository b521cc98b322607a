import { useCallback, useEffect, useState } from 'react';

/**
 * Seconds left of a `seconds`-long countdown that started at `startedAt` (ms since the epoch; now by
 * default), ticking once a second. Computed from Date.now() rather than by counting ticks, so a
 * backgrounded tab (throttled timers) still shows the right time, and a countdown that started
 * before a reload can carry on where it was (pass the time it started).
 */
export function useCountdown(seconds: number, startedAt?: number) {
  const [deadline, setDeadline] = useState(() => (startedAt ?? Date.now()) + seconds * 1000);
  const remainingAt = useCallback(
    () => Math.max(0, Math.ceil((deadline - Date.now()) / 1000)),
    [deadline],
  );
  const [remaining, setRemaining] = useState(remainingAt);

  useEffect(() => {
    setRemaining(remainingAt());
    const timer = setInterval(() => {
      const left = remainingAt();
      setRemaining(left);
      if (left === 0) clearInterval(timer);
    }, 1000);
    return () => clearInterval(timer);
  }, [remainingAt]);

  const restart = useCallback(() => setDeadline(Date.now() + seconds * 1000), [seconds]);
  return { remaining, restart };
}

/** 180 -> '3:00', 59 -> '0:59'. */
export function formatMinutesSeconds(totalSeconds: number): string {
  const minutes = Math.floor(totalSeconds / 60);
  const secs = totalSeconds % 60;
  return `${minutes}:${String(secs).padStart(2, '0')}`;
}
