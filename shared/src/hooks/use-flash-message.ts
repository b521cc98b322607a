import { useCallback, useEffect, useRef, useState } from 'react';

export interface FlashMessage {
  kind: 'success' | 'error';
  text: string;
}

/**
 * A message that vanishes after `durationMs` (SPEC §8: the OTP resend messages vanish after 5 s;
 * SPEC §4: so does 'Invalid OTP! Please, check and try again.'). A new flash replaces the shown one
 * and starts its own full duration.
 */
export function useFlashMessage(durationMs: number) {
  const [message, setMessage] = useState<FlashMessage | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout>>();

  const flash = useCallback(
    (next: FlashMessage) => {
      clearTimeout(timer.current);
      setMessage(next);
      timer.current = setTimeout(() => setMessage(null), durationMs);
    },
    [durationMs],
  );

  const dismiss = useCallback(() => {
    clearTimeout(timer.current);
    setMessage(null);
  }, []);

  useEffect(() => () => clearTimeout(timer.current), []);
  return { message, flash, dismiss };
}
