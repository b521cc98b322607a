import { useId, useState } from 'react';
import type { ReactNode } from 'react';
import styles from './accordion.module.css';

export interface AccordionItem {
  id: string;
  title: ReactNode;
  content: ReactNode;
}

export interface AccordionProps {
  items: readonly AccordionItem[];
  /** SPEC §2 FAQ: one item open at a time. Set false to let several stay open. */
  singleOpen?: boolean;
  defaultOpenIds?: readonly string[];
  /** The heading level wrapping each trigger, to fit the page's outline. */
  headingLevel?: 2 | 3 | 4 | 5 | 6;
  className?: string;
}

/** Disclosure buttons with aria-expanded / aria-controls and labelled regions (WAI-ARIA APG). */
export function Accordion({
  items,
  singleOpen = true,
  defaultOpenIds = [],
  headingLevel = 3,
  className,
}: AccordionProps) {
  const baseId = useId();
  const [openIds, setOpenIds] = useState<readonly string[]>(
    singleOpen ? defaultOpenIds.slice(0, 1) : defaultOpenIds,
  );
  const Heading = `h${headingLevel}` as const;

  const toggle = (id: string) => {
    setOpenIds((current) => {
      if (current.includes(id)) return current.filter((openId) => openId !== id);
      return singleOpen ? [id] : [...current, id];
    });
  };

  return (
    <div className={[styles.accordion, className].filter(Boolean).join(' ')}>
      {items.map((item) => {
        const open = openIds.includes(item.id);
        const triggerId = `ajo-acc-${baseId}-${item.id}-trigger`;
        const panelId = `ajo-acc-${baseId}-${item.id}-panel`;
        return (
          <div key={item.id} className={styles.item}>
            <Heading className={styles.heading}>
              <button
                type="button"
                id={triggerId}
                className={styles.trigger}
                aria-expanded={open}
                aria-controls={panelId}
                onClick={() => toggle(item.id)}
              >
                <span>{item.title}</span>
                <span className={styles.icon} aria-hidden="true">
                  ▾
                </span>
              </button>
            </Heading>
            <div
              id={panelId}
              role="region"
              aria-labelledby={triggerId}
              className={styles.panel}
              hidden={!open}
            >
              {item.content}
            </div>
          </div>
        );
      })}
    </div>
  );
}
