import commonStyles from './common.module.css';
import styles from './stepper.module.css';

export interface StepperProps {
  /** Step names, e.g. SPEC §2 flows: Initiate, Confirm, Authenticate, Status. */
  steps: readonly string[];
  /** Index of the current step (0-based). */
  current: number;
  /** Accessible name of the list. */
  label?: string;
  className?: string;
}

/** An ordered list of steps; the current one carries aria-current="step". */
export function Stepper({ steps, current, label = 'Progress', className }: StepperProps) {
  return (
    <ol aria-label={label} className={[styles.stepper, className].filter(Boolean).join(' ')}>
      {steps.map((step, index) => {
        const state = index < current ? 'done' : index === current ? 'current' : 'upcoming';
        return (
          <li
            key={step}
            aria-current={state === 'current' ? 'step' : undefined}
            data-state={state}
            className={[
              styles.step,
              state === 'done' ? styles.done : undefined,
              state === 'current' ? styles.current : undefined,
            ]
              .filter(Boolean)
              .join(' ')}
          >
            <span className={styles.marker} aria-hidden="true" />
            <span className={styles.text}>
              {step}
              {state === 'done' ? (
                <span className={commonStyles.visuallyHidden}> (completed)</span>
              ) : null}
            </span>
          </li>
        );
      })}
    </ol>
  );
}
