'use client';
// An on/off switch (role="switch"); as a form field with a one-line explanation: ./SwitchField.tsx
// (a module of its own: lists show switches, not form fields, decision 028).
import type { Ref } from 'react';
import { useLiveDisabled } from './Button';

type SwitchProps = {
  checked: boolean;
  onChange: (checked: boolean) => void;
  disabled?: boolean;
  id?: string;
  /** The accessible name when no visible label points at the switch. */
  label?: string;
  labelledBy?: string;
  describedBy?: string;
  pending?: boolean;
  /** Shown but not usable (aria-disabled: still focusable, so that its reason, `describedBy`, can be read). */
  locked?: boolean;
  ref?: Ref<HTMLButtonElement>;
};

export function Switch({ checked, onChange, disabled, id, label, labelledBy, describedBy, pending, locked, ref }: SwitchProps) {
  const live = useLiveDisabled(disabled);
  return (
    <button
      ref={ref}
      type="button"
      role="switch"
      id={id}
      className="switch"
      aria-checked={checked}
      aria-label={labelledBy ? undefined : label}
      aria-labelledby={labelledBy}
      aria-describedby={describedBy}
      aria-busy={pending || undefined}
      aria-disabled={locked || undefined}
      {...live}
      onClick={() => !locked && onChange(!checked)}
    />
  );
}
