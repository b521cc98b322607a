import { useId, useRef, useState } from 'react';
import type { KeyboardEvent, ReactNode } from 'react';
import styles from './tabs.module.css';

export interface TabItem {
  id: string;
  label: ReactNode;
  content: ReactNode;
  disabled?: boolean;
}

export interface TabsProps {
  tabs: readonly TabItem[];
  /** Accessible name of the tab list, e.g. 'Settings'. */
  label: string;
  /** Controlled selection (SPEC §2: /settings/delete-account opens the More tab). */
  selectedId?: string;
  defaultSelectedId?: string;
  onChange?: (id: string) => void;
  /** 'vertical' for a side menu (SPEC §2 settings); arrows follow the orientation. */
  orientation?: 'horizontal' | 'vertical';
  className?: string;
}

const NEXT = { horizontal: 'ArrowRight', vertical: 'ArrowDown' } as const;
const PREVIOUS = { horizontal: 'ArrowLeft', vertical: 'ArrowUp' } as const;

/**
 * WAI-ARIA tabs with automatic activation: arrow keys move and select, Home / End jump, a roving
 * tabindex keeps one tab in the Tab order. Only the selected panel's content is rendered, so a tab's
 * data is fetched when it is opened.
 */
export function Tabs({
  tabs,
  label,
  selectedId,
  defaultSelectedId,
  onChange,
  orientation = 'horizontal',
  className,
}: TabsProps) {
  const baseId = useId();
  const [uncontrolled, setUncontrolled] = useState(
    defaultSelectedId ?? tabs.find((tab) => !tab.disabled)?.id,
  );
  const current = selectedId ?? uncontrolled;
  const tabRefs = useRef(new Map<string, HTMLButtonElement>());

  const select = (id: string) => {
    if (selectedId === undefined) setUncontrolled(id);
    onChange?.(id);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const enabled = tabs.filter((tab) => !tab.disabled);
    const index = enabled.findIndex((tab) => tab.id === current);
    let target: TabItem | undefined;
    if (event.key === NEXT[orientation]) target = enabled[(index + 1) % enabled.length];
    else if (event.key === PREVIOUS[orientation])
      target = enabled[(index - 1 + enabled.length) % enabled.length];
    else if (event.key === 'Home') target = enabled[0];
    else if (event.key === 'End') target = enabled[enabled.length - 1];
    if (!target) return;
    event.preventDefault();
    select(target.id);
    tabRefs.current.get(target.id)?.focus();
  };

  const tabId = (id: string) => `ajo-tabs-${baseId}-${id}-tab`;
  const panelId = (id: string) => `ajo-tabs-${baseId}-${id}-panel`;
  const classes = [
    styles.tabs,
    orientation === 'vertical' ? styles.vertical : undefined,
    className,
  ];

  return (
    <div className={classes.filter(Boolean).join(' ')}>
      <div
        role="tablist"
        aria-label={label}
        aria-orientation={orientation}
        className={styles.tablist}
        onKeyDown={onKeyDown}
      >
        {tabs.map((tab) => {
          const selected = tab.id === current;
          return (
            <button
              key={tab.id}
              ref={(el) => {
                if (el) tabRefs.current.set(tab.id, el);
                else tabRefs.current.delete(tab.id);
              }}
              type="button"
              role="tab"
              id={tabId(tab.id)}
              aria-selected={selected}
              aria-controls={panelId(tab.id)}
              tabIndex={selected ? 0 : -1}
              disabled={tab.disabled}
              className={styles.tab}
              onClick={() => select(tab.id)}
            >
              {tab.label}
            </button>
          );
        })}
      </div>
      {tabs.map((tab) => (
        <div
          key={tab.id}
          role="tabpanel"
          id={panelId(tab.id)}
          aria-labelledby={tabId(tab.id)}
          tabIndex={0}
          hidden={tab.id !== current}
          className={styles.panel}
        >
          {tab.id === current ? tab.content : null}
        </div>
      ))}
    </div>
  );
}
