import { useEffect, useRef, useState, type FormEvent } from 'react';
import { MESSAGE_DURATION_MS, OTP_LENGTH } from '@ajo/shared/constants';
import { maskRecipient } from '@ajo/shared/format';
import { useFlashMessage } from '@ajo/shared/hooks';
import { INVALID_OTP } from '@ajo/shared/messages';
import { transactionPinSchema, twoFactorOtpSchema } from '@ajo/shared/schemas';
import { Button, TextField } from '@ajo/shared/ui';
import { ResendOtp } from '@ajo/shared/ui/resend-otp';
import { LiveNotice } from '../ui/live-notice';
import { PinField } from '../ui/pin-field';
import type { FlowBusy, FlowChallenge } from './machine';
import { firstIssue } from './first-issue';
import styles from './money-flow.module.css';

export interface AuthenticateStepProps {
  challenge: FlowChallenge;
  /** The PIN was lost to a reload: ask for it again with the OTP. */
  needsPin: boolean;
  /** 'otp' while the code is checked, 'resend' while a new one is asked for. */
  busy: FlowBusy;
  /** Grows each time the server answers 'Invalid otp'. */
  otpRejections: number;
  /** The link is down: Verify is disabled and described by the flow's reason (this element id). */
  offlineReasonId?: string;
  onVerify: (otp: string, transactionPin?: string) => void;
  onResend: (transactionPin?: string) => Promise<void>;
  onCancel: () => void;
}

function sentTo(challenge: FlowChallenge): string {
  return challenge.notificationChannel === 'email' ? 'your e-mail address' : 'your phone number';
}

/**
 * SPEC §4 authenticate step: the 6-digit OTP (trimmed, SPEC §5) sent to the masked recipient
 * (SPEC §9), the 180-s resend countdown, and 'Invalid OTP! Please, check and try again.' for 5 s
 * when the server says 'Invalid otp' (the field is cleared).
 */
export function AuthenticateStep(props: AuthenticateStepProps) {
  const {
    challenge,
    needsPin,
    busy,
    otpRejections,
    offlineReasonId,
    onVerify,
    onResend,
    onCancel,
  } = props;
  const [otp, setOtp] = useState('');
  const [pin, setPin] = useState('');
  const [errors, setErrors] = useState<{ otp?: string; pin?: string }>({});
  const otpRef = useRef<HTMLInputElement>(null);
  const pinRef = useRef<HTMLInputElement>(null);
  const { message, flash } = useFlashMessage(MESSAGE_DURATION_MS);

  useEffect(() => {
    if (otpRejections === 0) return;
    setOtp('');
    flash({ kind: 'error', text: INVALID_OTP });
    otpRef.current?.focus();
  }, [otpRejections, flash]);

  /** The PIN typed here, when one is needed; undefined (and the error shown) when it is not valid. */
  const checkedPin = (): string | undefined | false => {
    if (!needsPin) return undefined;
    const checked = transactionPinSchema.safeParse(pin);
    if (checked.success) return checked.data;
    setErrors((current) => ({ ...current, pin: firstIssue(checked) }));
    pinRef.current?.focus();
    return false;
  };

  const verify = (event: FormEvent) => {
    event.preventDefault();
    const checkedOtp = twoFactorOtpSchema.safeParse(otp);
    const otpError = firstIssue(checkedOtp);
    setErrors({ otp: otpError });
    const transactionPin = checkedPin();
    if (transactionPin === false) return;
    if (!checkedOtp.success) {
      otpRef.current?.focus();
      return;
    }
    onVerify(checkedOtp.data, transactionPin);
  };

  const resend = () => {
    const transactionPin = checkedPin();
    if (transactionPin === false) return Promise.reject(new Error('Transaction PIN needed'));
    return onResend(transactionPin);
  };

  return (
    <>
      <p className={styles.lead}>
        We sent a {OTP_LENGTH}-digit code to {sentTo(challenge)}{' '}
        <span className={styles.recipient}>{maskRecipient(challenge.recipient)}</span>. Enter it to
        complete this transaction.
      </p>
      <form className={styles.form} onSubmit={verify} noValidate>
        {needsPin ? (
          <PinField
            ref={pinRef}
            required
            hint="Enter your transaction PIN again: the page was reloaded."
            value={pin}
            onChange={(event) => setPin(event.target.value)}
            error={errors.pin}
          />
        ) : null}
        <TextField
          ref={otpRef}
          label="OTP"
          numeric
          autoComplete="one-time-code"
          maxLength={OTP_LENGTH}
          required
          value={otp}
          onChange={(event) => setOtp(event.target.value)}
          error={errors.otp}
        />
        <LiveNotice message={message} />
        <ResendOtp onResend={resend} sentAt={challenge.sentAt} disabled={busy === 'otp'} />
        <div className={styles.actions}>
          <Button variant="secondary" onClick={onCancel} disabled={Boolean(busy)}>
            Cancel
          </Button>
          <Button
            type="submit"
            loading={busy === 'otp'}
            disabled={busy === 'resend' || Boolean(offlineReasonId)}
            aria-describedby={offlineReasonId}
            loadingLabel="Verifying…"
          >
            Verify
          </Button>
        </div>
      </form>
    </>
  );
}
