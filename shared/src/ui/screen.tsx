import { useId, type ReactNode } from 'react';
import styles from './screen.module.css';

/** A screen of a remote: one <h1> naming it, the body below. */
export function Screen({ title, children }: { title: string; children?: ReactNode }) {
  const titleId = useId();
  return (
    <section className={styles.screen} aria-labelledby={titleId}>
      <h1 id={titleId} className={styles.title}>
        {title}
      </h1>
      {children}
    </section>
  );
}
