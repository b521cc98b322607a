import { forwardRef, useEffect, useId, useMemo, useRef, useState } from 'react';
import type { ChangeEvent, FocusEvent, KeyboardEvent, ReactNode } from 'react';
import fieldStyles from './field.module.css';
import { FieldShell } from './field-shell';
import type { SelectOption } from './select';
import styles from './searchable-select.module.css';
import { useFieldIds } from './use-field-ids';

export interface SearchableSelectProps {
  label: ReactNode;
  options: readonly SelectOption[];
  /** The selected option's value; '' or null for none. */
  value: string | null | undefined;
  onChange: (value: string) => void;
  onBlur?: () => void;
  /** Also rendered as a hidden input so a plain form submission carries the value. */
  name?: string;
  id?: string;
  placeholder?: string;
  hint?: ReactNode;
  error?: ReactNode;
  required?: boolean;
  disabled?: boolean;
  noOptionsText?: string;
  fieldClassName?: string;
}

const matches = (option: SelectOption, query: string) =>
  option.label.toLocaleLowerCase().includes(query.trim().toLocaleLowerCase());

/**
 * An editable ARIA combobox with a listbox popup and list autocomplete (WAI-ARIA APG), e.g. the
 * receiving-bank picker of SPEC §2. Typing filters; ArrowUp / ArrowDown move the active option;
 * Enter or a click selects; Escape closes; leaving the field restores the selected label.
 * Use it with react-hook-form through a Controller (the ref is the input, for focus on error).
 */
export const SearchableSelect = forwardRef<HTMLInputElement, SearchableSelectProps>(
  function SearchableSelect(
    {
      label,
      options,
      value,
      onChange,
      onBlur,
      name,
      id,
      placeholder,
      hint,
      error,
      required,
      disabled,
      noOptionsText = 'No results',
      fieldClassName,
    },
    ref,
  ) {
    const ids = useFieldIds(id, Boolean(hint), Boolean(error));
    const listboxId = `${ids.inputId}-listbox`;
    const optionIdPrefix = `${ids.inputId}-option-${useId()}`;
    const selected = options.find((option) => option.value === value);
    const [text, setText] = useState(selected?.label ?? '');
    const [query, setQuery] = useState<string | null>(null);
    const [open, setOpen] = useState(false);
    const [activeIndex, setActiveIndex] = useState(-1);
    const listRef = useRef<HTMLUListElement>(null);

    // Show the selected label whenever the value changes from outside (form reset, beneficiary pick).
    useEffect(() => {
      setText(selected?.label ?? '');
    }, [selected?.label]);

    const filtered = useMemo(
      () => (query ? options.filter((option) => matches(option, query)) : options),
      [options, query],
    );
    const active = activeIndex >= 0 ? filtered[activeIndex] : undefined;
    const optionId = (index: number) => `${optionIdPrefix}-${index}`;

    useEffect(() => {
      if (!open || activeIndex < 0) return;
      const el = listRef.current?.querySelector<HTMLElement>(`[data-index="${activeIndex}"]`);
      el?.scrollIntoView?.({ block: 'nearest' });
    }, [open, activeIndex]);

    const close = () => {
      setOpen(false);
      setActiveIndex(-1);
      // Emptying the text and leaving clears the choice; anything else restores the chosen label.
      if (query !== null && query.trim() === '' && value) {
        onChange('');
        setText('');
      } else {
        setText(selected?.label ?? '');
      }
      setQuery(null);
    };

    const choose = (option: SelectOption | undefined) => {
      if (!option || option.disabled) return;
      onChange(option.value);
      setText(option.label);
      setOpen(false);
      setQuery(null);
      setActiveIndex(-1);
    };

    const openAt = (index: number) => {
      setOpen(true);
      // A click opens with the chosen option active (or none); arrows pass an index of 0 or more.
      setActiveIndex(
        index < 0 || filtered.length === 0 ? -1 : Math.min(index, filtered.length - 1),
      );
    };

    const onInputChange = (event: ChangeEvent<HTMLInputElement>) => {
      setText(event.target.value);
      setQuery(event.target.value);
      setOpen(true);
      setActiveIndex(event.target.value.trim() ? 0 : -1);
    };

    const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
      switch (event.key) {
        case 'ArrowDown':
          event.preventDefault();
          if (!open)
            openAt(
              Math.max(
                filtered.findIndex((o) => o.value === value),
                0,
              ),
            );
          else setActiveIndex((i) => (filtered.length ? (i + 1) % filtered.length : -1));
          break;
        case 'ArrowUp':
          event.preventDefault();
          if (!open) openAt(filtered.length - 1);
          else
            setActiveIndex((i) => (filtered.length ? (i <= 0 ? filtered.length - 1 : i - 1) : -1));
          break;
        case 'Enter':
          if (open && active) {
            event.preventDefault();
            choose(active);
          }
          break;
        case 'Escape':
          if (open) {
            // Keep a surrounding modal open: this Escape belongs to the list.
            event.preventDefault();
            event.stopPropagation();
            close();
          }
          break;
        default:
          break;
      }
    };

    const onInputBlur = (event: FocusEvent<HTMLInputElement>) => {
      if (listRef.current?.contains(event.relatedTarget as Node | null)) return;
      close();
      onBlur?.();
    };

    return (
      <FieldShell
        inputId={ids.inputId}
        label={label}
        hint={hint}
        hintId={ids.hintId}
        error={error}
        errorId={ids.errorId}
        required={required}
        className={fieldClassName}
      >
        <div className={styles.wrapper}>
          <input
            ref={ref}
            id={ids.inputId}
            type="text"
            role="combobox"
            autoComplete="off"
            aria-autocomplete="list"
            aria-expanded={open}
            aria-controls={listboxId}
            aria-activedescendant={open && active ? optionId(activeIndex) : undefined}
            aria-invalid={error ? true : undefined}
            aria-describedby={ids.describedBy}
            aria-required={required || undefined}
            className={fieldStyles.control}
            placeholder={placeholder}
            disabled={disabled}
            value={text}
            onChange={onInputChange}
            onKeyDown={onKeyDown}
            onBlur={onInputBlur}
            onClick={() =>
              open ? undefined : openAt(filtered.findIndex((o) => o.value === value))
            }
          />
          {name ? <input type="hidden" name={name} value={value ?? ''} /> : null}
          <ul
            ref={listRef}
            id={listboxId}
            role="listbox"
            aria-labelledby={`${ids.inputId}-label`}
            className={styles.listbox}
            hidden={!open}
          >
            {open && filtered.length === 0 ? (
              <li className={styles.empty} role="presentation">
                {noOptionsText}
              </li>
            ) : null}
            {open
              ? filtered.map((option, index) => (
                  <li
                    key={option.value}
                    id={optionId(index)}
                    data-index={index}
                    role="option"
                    aria-selected={option.value === value}
                    aria-disabled={option.disabled || undefined}
                    className={[styles.option, index === activeIndex ? styles.active : undefined]
                      .filter(Boolean)
                      .join(' ')}
                    // Keep focus in the input so the blur handler does not close the list first.
                    onMouseDown={(event) => event.preventDefault()}
                    onClick={() => choose(option)}
                  >
                    {option.label}
                  </li>
                ))
              : null}
          </ul>
        </div>
      </FieldShell>
    );
  },
);
