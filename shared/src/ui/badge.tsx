import type { HTMLAttributes, ReactNode } from 'react';
import type { StatusTone } from '../format/nin-status';
import styles from './badge.module.css';

export type BadgeTone = StatusTone;

export interface BadgeProps extends HTMLAttributes<HTMLSpanElement> {
  /** SPEC §4: pending grey (muted), processing info, approved primary, declined danger, warning. */
  tone?: BadgeTone;
  children: ReactNode;
}

/** A status label. The text carries the meaning; colour only reinforces it. */
export function Badge({ tone = 'primary', className, children, ...rest }: BadgeProps) {
  return (
    <span
      data-tone={tone}
      className={[styles.badge, styles[tone], className].filter(Boolean).join(' ')}
      {...rest}
    >
      {children}
    </span>
  );
}
