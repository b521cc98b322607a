import type { ReactNode } from 'react';
import styles from './app.module.css';

/** A screen of this remote: one <h1> naming it (feature issues fill in the body). */
export function Screen({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <section className={styles.screen} aria-labelledby="screen-title">
      <h1 id="screen-title" className={styles.title}>
        {title}
      </h1>
      {children}
    </section>
  );
}
