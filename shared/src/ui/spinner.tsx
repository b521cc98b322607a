import commonStyles from './common.module.css';
import styles from './spinner.module.css';

export interface SpinnerProps {
  /** Read by screen readers; SPEC §2 pages show a spinner "until the user is loaded". */
  label?: string;
  size?: 'small' | 'large';
  className?: string;
}

/** role="status" so the loading state is announced politely, with a visually hidden label. */
export function Spinner({ label = 'Loading…', size = 'small', className }: SpinnerProps) {
  const classes = [styles.spinner, size === 'large' ? styles.large : undefined, className];
  return (
    <span role="status" className={classes.filter(Boolean).join(' ')}>
      <span className={styles.circle} aria-hidden="true" />
      <span className={commonStyles.visuallyHidden}>{label}</span>
    </span>
  );
}
