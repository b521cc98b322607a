import { useState } from 'react';
import { MESSAGE_DURATION_MS, OTP_RESEND_COUNTDOWN_SECONDS } from '@ajo/shared/constants';
import { formatMinutesSeconds, useCountdown, useFlashMessage } from '@ajo/shared/hooks';
import { OTP_RESEND_FAILED, OTP_RESENT } from '@ajo/shared/messages';
import { Button } from './button';
import { LiveNotice } from './live-notice';
import styles from './resend-otp.module.css';

export interface ResendOtpProps {
  /** Asks for a new OTP; resolves when it was sent, rejects when it was not. */
  onResend: () => Promise<unknown>;
  /** When the current OTP was sent (ms since the epoch), if not just now: e.g. before a reload. */
  sentAt?: number;
  /** Blocks the button while something else is in flight (the OTP itself being checked). */
  disabled?: boolean;
}

/**
 * SPEC §4 OTP resend: a 180-second countdown, then Resend OTP is enabled; a successful resend
 * restarts it. SPEC §8: the success and failure messages vanish after 5 s.
 */
export function ResendOtp({ onResend, sentAt, disabled = false }: ResendOtpProps) {
  const { remaining, restart } = useCountdown(OTP_RESEND_COUNTDOWN_SECONDS, sentAt);
  const { message, flash } = useFlashMessage(MESSAGE_DURATION_MS);
  const [resending, setResending] = useState(false);

  const resend = async () => {
    setResending(true);
    try {
      await onResend();
      flash({ kind: 'success', text: OTP_RESENT });
      restart();
    } catch {
      flash({ kind: 'error', text: OTP_RESEND_FAILED });
    } finally {
      setResending(false);
    }
  };

  return (
    <>
      <div className={styles.row}>
        <span role="timer" aria-live="off">
          {remaining > 0 ? (
            <>
              Resend OTP in{' '}
              <span className={styles.countdown}>{formatMinutesSeconds(remaining)}</span>
            </>
          ) : (
            "Didn't get the code?"
          )}
        </span>
        <Button
          variant="ghost"
          onClick={resend}
          disabled={remaining > 0 || disabled}
          loading={resending}
          loadingLabel="Resending OTP…"
        >
          Resend OTP
        </Button>
      </div>
      <LiveNotice message={message} />
    </>
  );
}
