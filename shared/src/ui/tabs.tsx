import { useCallback, useEffect, useId, useRef, useState } from 'react';
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
  const listRef = useRef<HTMLDivElement>(null);
  const overflow = useSideOverflow(listRef);

  // The selected tab is always in view, even one past the phone's edge (a deep link to it).
  useEffect(() => {
    const tab = current === undefined ? undefined : tabRefs.current.get(current);
    tab?.scrollIntoView?.({ block: 'nearest', inline: 'nearest' });
  }, [current]);

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
      <div className={styles.scroller}>
        {overflow.start ? <ScrollHint side="start" onClick={() => overflow.scrollBy(-1)} /> : null}
        <div
          ref={listRef}
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
        {overflow.end ? <ScrollHint side="end" onClick={() => overflow.scrollBy(1)} /> : null}
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

/**
 * Whether a sideways-scrolling list hides tabs before or after what shows (a phone shows about
 * three of the seven settings tabs): the hint at that edge says there is more, and moves there.
 */
function useSideOverflow(ref: { current: HTMLElement | null }) {
  const [state, setState] = useState({ start: false, end: false });
  const measure = useCallback(() => {
    const el = ref.current;
    if (!el) return;
    // scrollLeft is negative in right-to-left layouts; its size is what has scrolled by.
    const scrolled = Math.abs(el.scrollLeft);
    const next = { start: scrolled > 1, end: el.scrollWidth - el.clientWidth - scrolled > 1 };
    setState((s) => (s.start === next.start && s.end === next.end ? s : next));
  }, [ref]);
  useEffect(() => {
    const el = ref.current;
    if (!el) return undefined;
    measure();
    el.addEventListener('scroll', measure, { passive: true });
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(measure);
    observer?.observe(el);
    return () => {
      el.removeEventListener('scroll', measure);
      observer?.disconnect();
    };
  }, [measure, ref]);
  const scrollBy = (direction: 1 | -1) => {
    const el = ref.current;
    el?.scrollBy?.({ left: direction * el.clientWidth * 0.7, behavior: 'smooth' });
  };
  return { ...state, scrollBy };
}

/**
 * A fade and a chevron at the edge where more tabs are. Not in the Tab order: keyboard users move
 * with the arrow keys, which select and scroll to the next tab.
 */
function ScrollHint({ side, onClick }: { side: 'start' | 'end'; onClick: () => void }) {
  return (
    <button
      type="button"
      tabIndex={-1}
      className={`${styles.scrollHint} ${side === 'start' ? styles.hintStart : styles.hintEnd}`}
      aria-label={side === 'start' ? 'Show earlier tabs' : 'Show more tabs'}
      onClick={onClick}
    >
      <span aria-hidden="true">{side === 'start' ? '‹' : '›'}</span>
    </button>
  );
}
