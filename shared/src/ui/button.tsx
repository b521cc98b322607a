import { forwardRef } from 'react';
import type { ButtonHTMLAttributes } from 'react';
import styles from './button.module.css';
import { Spinner } from './spinner';

export type ButtonVariant = 'primary' | 'secondary' | 'danger' | 'ghost';

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: ButtonVariant;
  /** Shows a spinner and blocks clicks (SPEC §5 "Next is disabled while processing"). */
  loading?: boolean;
  /** Announced while loading; defaults to 'Please wait…'. */
  loadingLabel?: string;
  fullWidth?: boolean;
}

/** type="button" by default, so a button inside a form never submits it by accident. */
export const Button = forwardRef<HTMLButtonElement, ButtonProps>(function Button(
  {
    variant = 'primary',
    loading = false,
    loadingLabel = 'Please wait…',
    fullWidth = false,
    type = 'button',
    disabled,
    className,
    children,
    ...rest
  },
  ref,
) {
  const classes = [
    styles.button,
    styles[variant],
    fullWidth ? styles.fullWidth : undefined,
    className,
  ];
  return (
    <button
      ref={ref}
      type={type}
      disabled={disabled || loading}
      aria-busy={loading || undefined}
      className={classes.filter(Boolean).join(' ')}
      {...rest}
    >
      {loading ? <Spinner label={loadingLabel} /> : null}
      {children}
    </button>
  );
});
