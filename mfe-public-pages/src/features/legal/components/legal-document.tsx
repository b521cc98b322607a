import { useEffect, type ReactNode } from 'react';
import { useLocation } from '@ajo/shared/router';
import styles from './legal-document.module.css';

export interface LegalSection {
  /** The heading's anchor: /terms-and-conditions/...#id links straight to it. */
  id: string;
  title: string;
  body: ReactNode;
}

/**
 * SPEC §2 legal pages: one heading per section in the SPEC's order, each with an anchor, and a table
 * of contents linking to them. Plain text a customer can read on a phone.
 */
export function LegalDocument(props: {
  title: string;
  intro: ReactNode;
  sections: readonly LegalSection[];
  footer?: ReactNode;
}) {
  const { hash } = useLocation();
  // The page arrives after the browser looked for the anchor: go to it once the text is here.
  useEffect(() => {
    const id = decodeURIComponent(hash.replace(/^#/, ''));
    if (id) document.getElementById(id)?.scrollIntoView();
  }, [hash]);

  return (
    <article className={styles.document} aria-labelledby="legal-title">
      <h1 id="legal-title">{props.title}</h1>
      <div className={styles.intro}>{props.intro}</div>
      <nav aria-label="Contents" className={styles.toc}>
        <h2>Contents</h2>
        <ol>
          {props.sections.map((section) => (
            <li key={section.id}>
              <a href={`#${section.id}`}>{section.title}</a>
            </li>
          ))}
        </ol>
      </nav>
      {props.sections.map((section) => (
        <section key={section.id} aria-labelledby={section.id} className={styles.section}>
          <h2 id={section.id} tabIndex={-1}>
            {section.title}{' '}
            <a
              href={`#${section.id}`}
              className={styles.anchor}
              aria-label={`Link to ${section.title}`}
            >
              #
            </a>
          </h2>
          {section.body}
        </section>
      ))}
      {props.footer}
    </article>
  );
}
