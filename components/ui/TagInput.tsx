'use client';
// A list of short strings edited as chips: Enter or comma adds, Backspace on an empty input
// removes the last, each chip has its own remove button. Suggestions come from a datalist.
import { useId, useState, type KeyboardEvent, type Ref } from 'react';
import type { FieldAria } from './form/Field';

type Props = FieldAria & {
  value: string[];
  onChange: (value: string[]) => void;
  onBlur?: () => void;
  placeholder?: string;
  suggestions?: string[];
  disabled?: boolean;
  /** What one item is called, for the remove buttons ("Remove sector sales"). */
  itemLabel?: string;
  ref?: Ref<HTMLInputElement>;
};

export function TagInput({ value, onChange, onBlur, placeholder, suggestions = [], disabled, itemLabel = 'item', ref, ...aria }: Props) {
  const [draft, setDraft] = useState('');
  const listId = useId();
  const commit = (raw: string) => {
    const items = raw
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean);
    const next = [...value];
    for (const item of items) if (!next.includes(item)) next.push(item);
    if (next.length !== value.length) onChange(next);
    setDraft('');
  };
  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if ((e.key === 'Enter' || e.key === ',') && draft.trim()) {
      e.preventDefault();
      commit(draft);
    } else if (e.key === 'Enter') {
      e.preventDefault();
    } else if (e.key === 'Backspace' && !draft && value.length) {
      onChange(value.slice(0, -1));
    }
  };
  const available = suggestions.filter((s) => !value.includes(s));
  return (
    <div className="tag-input" data-invalid={aria['aria-invalid'] ? 'true' : undefined}>
      {value.map((item) => (
        <span className="tag" key={item}>
          {item}
          <button type="button" className="tag-remove" aria-label={`Remove ${itemLabel} ${item}`} disabled={disabled} onClick={() => onChange(value.filter((v) => v !== item))}>
            ×
          </button>
        </span>
      ))}
      <input
        {...aria}
        ref={ref}
        value={draft}
        disabled={disabled}
        placeholder={value.length ? undefined : placeholder}
        list={available.length ? listId : undefined}
        onChange={(e) => (e.target.value.includes(',') ? commit(e.target.value) : setDraft(e.target.value))}
        onKeyDown={onKeyDown}
        onBlur={() => {
          if (draft.trim()) commit(draft);
          onBlur?.();
        }}
      />
      {available.length > 0 && (
        <datalist id={listId}>
          {available.map((s) => (
            <option key={s} value={s} />
          ))}
        </datalist>
      )}
    </div>
  );
}
