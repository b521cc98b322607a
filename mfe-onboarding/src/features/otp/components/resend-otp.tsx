import { useState } from 'react';
import { MESSAGE_DURATION_MS, OTP_RESEND_COUNTDOWN_SECONDS } from '@ajo/shared/constants';
import { OTP_RESEND_FAILED, OTP_RESENT } from '@ajo/shared/messages';
import { Button } from '@ajo/shared/ui';
import { formatMinutesSeconds, useCountdown } from '../../../app/use-countdown';
import { useFlashMessage } from '../../../app/use-flash-message';
import styles from '../../../lib/form.module.css';
import { resendSignupOtp } from '../api';

/**
 * SPEC §4 OTP resend: a 180-second countdown, then Resend OTP is enabled; a successful resend
 * restarts it. SPEC §8: the success and failure messages vanish after 5 s.
 */
export function ResendOtp({ phoneNumber }: { phoneNumber: string }) {
  const { remaining, restart } = useCountdown(OTP_RESEND_COUNTDOWN_SECONDS);
  const { message, flash } = useFlashMessage(MESSAGE_DURATION_MS);
  const [resending, setResending] = useState(false);

  const resend = async () => {
    setResending(true);
    try {
      await resendSignupOtp(phoneNumber);
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
      <div className={styles.resendRow}>
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
          disabled={remaining > 0}
          loading={resending}
          loadingLabel="Resending OTP…"
        >
          Resend OTP
        </Button>
      </div>
      <div aria-live="polite">
        {message ? (
          <p
            className={`${styles.notice} ${message.kind === 'success' ? styles.noticeSuccess : styles.noticeError}`}
          >
            {message.text}
          </p>
        ) : null}
      </div>
    </>
  );
}
