'use client';
// A searchable select (ARIA 1.2 combobox with a listbox), for one value or several. Click,
// type or press Down to open; type to filter; arrows move, Enter picks, Escape closes. With `multiple`, picked values show as
// removable chips and the list stays open for more.
import { useEffect, useId, useMemo, useRef, useState, type KeyboardEvent, type Ref } from 'react';
import type { FieldAria } from './form/Field';

export type SelectOption = { value: string; label: string; detail?: string; disabled?: boolean };

type Common = FieldAria & {
  options: SelectOption[];
  placeholder?: string;
  disabled?: boolean;
  loading?: boolean;
  onBlur?: () => void;
  /** Shown when nothing matches (or nothing exists). */
  emptyText?: string;
  /** The text input (a form focuses it to point at an error). */
  ref?: Ref<HTMLInputElement>;
};

type Props =
  | (Common & { multiple?: false; value: string; onChange: (value: string) => void })
  | (Common & { multiple: true; value: string[]; onChange: (value: string[]) => void });

export function SearchableSelect(props: Props) {
  const { options, placeholder, disabled, loading, onBlur, emptyText = 'No matches', multiple, ref, ...rest } = props;
  const { id, 'aria-describedby': describedBy, 'aria-invalid': invalid, 'aria-required': required } = rest;
  const listId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [open, setOpen] = useState(false);
  const [query, setQuery] = useState<string | null>(null);
  const [active, setActive] = useState(0);

  const selected = useMemo(() => (multiple ? props.value : props.value ? [props.value] : []), [multiple, props.value]);
  const labelOf = (value: string) => options.find((o) => o.value === value)?.label ?? value;

  const filtered = useMemo(() => {
    const q = (query ?? '').trim().toLowerCase();
    if (!q) return options;
    return options.filter((o) => o.label.toLowerCase().includes(q) || o.detail?.toLowerCase().includes(q));
  }, [options, query]);

  const close = () => {
    setOpen(false);
    setQuery(null);
  };

  const pick = (option: SelectOption | undefined) => {
    if (!option || option.disabled) return;
    if (props.multiple) {
      const next = props.value.includes(option.value) ? props.value.filter((v) => v !== option.value) : [...props.value, option.value];
      props.onChange(next);
      setQuery('');
    } else {
      props.onChange(option.value);
      close();
    }
  };

  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'ArrowDown') {
      e.preventDefault();
      if (!open) setOpen(true);
      else setActive((i) => Math.min(i + 1, filtered.length - 1));
    } else if (e.key === 'ArrowUp') {
      e.preventDefault();
      setActive((i) => Math.max(i - 1, 0));
    } else if (e.key === 'Enter') {
      if (open) {
        e.preventDefault();
        pick(filtered[active]);
      }
    } else if (e.key === 'Escape') {
      if (open) {
        e.preventDefault();
        e.stopPropagation();
        close();
      }
    } else if (e.key === 'Backspace' && props.multiple && !query && props.value.length) {
      props.onChange(props.value.slice(0, -1));
    }
  };

  const selectedLabel = !multiple && selected[0] ? labelOf(selected[0]) : '';
  // A single select shows its choice; while open the input holds the search text instead.
  const shown = open ? (query ?? '') : selectedLabel;
  const activeIndex = open && filtered[active] ? active : -1;

  useEffect(() => {
    if (activeIndex >= 0) document.getElementById(`${listId}-${activeIndex}`)?.scrollIntoView({ block: 'nearest' });
  }, [activeIndex, listId]);

  return (
    <div className="combo-wrap">
      {/* eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-static-element-interactions -- a click on the box's padding or tags focuses its input, which keyboards reach directly */}
      <div className="combo" data-invalid={invalid ? 'true' : undefined} onClick={() => inputRef.current?.focus()}>
        {props.multiple &&
          props.value.map((value) => (
            <span className="tag" key={value}>
              {labelOf(value)}
              <button
                type="button"
                className="tag-remove"
                aria-label={`Remove ${labelOf(value)}`}
                disabled={disabled}
                onClick={(e) => {
                  e.stopPropagation();
                  if (props.multiple) props.onChange(props.value.filter((v) => v !== value));
                }}
              >
                ×
              </button>
            </span>
          ))}
        <input
          ref={(element) => {
            inputRef.current = element;
            setRef(ref, element);
          }}
          id={id}
          role="combobox"
          aria-autocomplete="list"
          aria-expanded={open}
          aria-controls={listId}
          aria-activedescendant={activeIndex >= 0 ? `${listId}-${activeIndex}` : undefined}
          aria-describedby={describedBy}
          aria-invalid={invalid}
          aria-required={required}
          autoComplete="off"
          disabled={disabled}
          placeholder={loading ? 'Loading…' : multiple ? (props.value.length ? 'Add more…' : placeholder) : selectedLabel || placeholder}
          value={shown}
          onClick={() => {
            if (!open) setActive(0);
            setOpen(true);
          }}
          onChange={(e) => {
            setQuery(e.target.value);
            setOpen(true);
            setActive(0);
          }}
          onKeyDown={onKeyDown}
          onBlur={() => {
            close();
            onBlur?.();
          }}
        />
      </div>
      {open && (loading || filtered.length === 0) && (
        <div className="combo-list combo-empty" role="status">
          {loading ? 'Loading…' : emptyText}
        </div>
      )}
      <ul
        id={listId}
        role="listbox"
        aria-multiselectable={multiple || undefined}
        className="combo-list"
        hidden={!open || loading || filtered.length === 0}
        onMouseDown={(e) => e.preventDefault()}
      >
        {open &&
          filtered.map((option, index) => {
            const isSelected = selected.includes(option.value);
            return (
              // eslint-disable-next-line jsx-a11y/click-events-have-key-events -- keyboards choose options through the combobox input (aria-activedescendant, Enter)
              <li
                key={option.value}
                id={`${listId}-${index}`}
                role="option"
                aria-selected={isSelected}
                aria-disabled={option.disabled || undefined}
                data-active={index === active ? 'true' : undefined}
                className="combo-option"
                onMouseEnter={() => setActive(index)}
                onClick={() => pick(option)}
              >
                <span className="check" aria-hidden="true">
                  {isSelected ? '✓' : ''}
                </span>
                <span>{option.label}</span>
                {option.detail && <span className="combo-option-detail">{option.detail}</span>}
              </li>
            );
          })}
      </ul>
    </div>
  );
}

/** Hands an element to a ref of either kind. */
export function setRef<T>(ref: Ref<T> | undefined, value: T | null): void {
  if (typeof ref === 'function') ref(value);
  else if (ref) ref.current = value;
}
