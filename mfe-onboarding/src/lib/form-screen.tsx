import type { ReactNode } from 'react';
import styles from './form.module.css';

/** A form screen of this remote: one <h1> naming it, an optional lead line, then the body. */
export function FormScreen(props: { title: string; lead?: ReactNode; children: ReactNode }) {
  return (
    <section className={styles.card} aria-labelledby="screen-title">
      <h1 id="screen-title" className={styles.title}>
        {props.title}
      </h1>
      {props.lead ? <p className={styles.lead}>{props.lead}</p> : null}
      {props.children}
    </section>
  );
}
