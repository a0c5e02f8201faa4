'use client';
// A switch (./Switch.tsx) as a form field, with its label, API name and one-line explanation.
import { useId, type Ref } from 'react';
import { ApiName, sentence } from './form/Field';
import { Switch } from './Switch';

type SwitchFieldProps = {
  label: string;
  /** The API's name for the field, shown as a hint beside the label. */
  api?: string;
  description: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
  disabled?: boolean;
  error?: string;
  id?: string;
  ref?: Ref<HTMLButtonElement>;
};

export function SwitchField({ label, api, description, checked, onChange, disabled, error, id, ref }: SwitchFieldProps) {
  const auto = useId();
  const base = id ?? auto;
  return (
    <div className="switch-field">
      <Switch
        ref={ref}
        id={base}
        checked={checked}
        onChange={onChange}
        disabled={disabled}
        labelledBy={`${base}-label`}
        describedBy={`${base}-description${error ? ` ${base}-error` : ''}`}
      />
      <div className="switch-field-text">
        <span className="switch-field-label">
          <label id={`${base}-label`} htmlFor={base}>
            {label}
          </label>
          <ApiName name={api} />
        </span>
        <span id={`${base}-description`} className="field-hint">
          {description}
        </span>
        {error && (
          <span id={`${base}-error`} className="field-error">
            {sentence(error)}
          </span>
        )}
      </div>
    </div>
  );
}
