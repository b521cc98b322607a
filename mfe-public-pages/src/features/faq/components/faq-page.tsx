import { useState } from 'react';
import { FAQ_SUBTITLE, FAQ_TITLE } from '@ajo/shared/messages';
import { SUPPORT_EMAIL } from '../../public-config/public-config';
import { FAQ_GROUPS } from '../faq-content';
import styles from './faq-page.module.css';

/** SPEC §2 FAQ: an accordion with one item open at a time. */
export function FaqPage() {
  const [openId, setOpenId] = useState<string | null>(null);
  return (
    <section className={styles.faq} aria-labelledby="faq-title">
      <h1 id="faq-title">{FAQ_TITLE}</h1>
      <p className={styles.subtitle}>{FAQ_SUBTITLE}</p>
      {FAQ_GROUPS.map((group) => (
        <section key={group.title} aria-label={group.title} className={styles.group}>
          <h2>{group.title}</h2>
          {group.items.map((item) => {
            const open = openId === item.id;
            return (
              <div key={item.id} className={styles.item}>
                <h3 className={styles.question}>
                  <button
                    type="button"
                    id={`faq-${item.id}-trigger`}
                    aria-expanded={open}
                    aria-controls={`faq-${item.id}-panel`}
                    onClick={() => setOpenId(open ? null : item.id)}
                  >
                    {item.question}
                  </button>
                </h3>
                <div
                  id={`faq-${item.id}-panel`}
                  role="region"
                  aria-labelledby={`faq-${item.id}-trigger`}
                  hidden={!open}
                  className={styles.answer}
                >
                  <p>{item.answer}</p>
                </div>
              </div>
            );
          })}
        </section>
      ))}
      <p className={styles.note}>
        Can&apos;t find what you need? Email our support team at{' '}
        <a href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</a>.
      </p>
    </section>
  );
}
