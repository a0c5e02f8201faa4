'use client';
// Fields bound to a react-hook-form control by name: a list of words (sectors, tags,
// environments), an on/off switch, and the two every resource has: sectors and enabled.
// Each reads its own error from the form state.
import type { ReactNode } from 'react';
import { Controller, type Control, type FieldPath, type FieldValues } from 'react-hook-form';
import { SwitchField } from '../SwitchField';
import { TagInput } from '../TagInput';
import { firstItemError } from './ErrorSummary';
import { Field } from './Field';

type TagsProps<T extends FieldValues, O = T> = {
  control: Control<T, unknown, O>;
  name: FieldPath<T>;
  label: string;
  api?: string;
  hint?: ReactNode;
  suggestions: string[];
  placeholder?: string;
  /** "sector": names the remove buttons ("Remove sector sales"). */
  itemLabel: string;
  className?: string;
};

/** A list of words typed one by one (Enter or comma after each). */
export function TagsField<T extends FieldValues, O = T>({ control, name, label, api, hint, suggestions, placeholder, itemLabel, className }: TagsProps<T, O>) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <Field id={name} label={label} api={api} className={className} error={fieldState.error?.message ?? firstItemError(fieldState.error)} hint={hint ?? `Press Enter or comma after each ${itemLabel}.`}>
          {(aria) => (
            <TagInput
              {...aria}
              ref={field.ref}
              value={field.value as string[]}
              onChange={field.onChange}
              onBlur={field.onBlur}
              suggestions={suggestions}
              placeholder={placeholder}
              itemLabel={itemLabel}
            />
          )}
        </Field>
      )}
    />
  );
}

type SectorsProps<T extends FieldValues, O = T> = Omit<TagsProps<T, O>, 'name' | 'label' | 'itemLabel' | 'api'>;

/** The resource's sectors (API `sectors`). */
export function SectorsField<T extends FieldValues, O = T>(props: SectorsProps<T, O>) {
  return <TagsField {...props} name={'sectors' as FieldPath<T>} label="Sectors" api="sectors" itemLabel="sector" placeholder={props.placeholder ?? 'e.g. support'} />;
}

type SwitchProps<T extends FieldValues, O = T> = {
  control: Control<T, unknown, O>;
  name: FieldPath<T>;
  label: string;
  /** The API's name for the field (absent for a form-only switch). */
  api?: string;
  description: string;
  disabled?: boolean;
};

const isOn = (value: unknown): boolean => value === true || value === 'true';

/** An on/off field (role="switch") with a one-line explanation. */
export function SwitchControl<T extends FieldValues, O = T>({ control, name, label, api, description, disabled }: SwitchProps<T, O>) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <SwitchField
          ref={field.ref}
          id={name}
          label={label}
          api={api}
          description={description}
          checked={isOn(field.value)}
          onChange={field.onChange}
          disabled={disabled}
          error={fieldState.error?.message}
        />
      )}
    />
  );
}

/** Whether the resource can be used (API `enabled`); `description` says by whom. */
export function EnabledField<T extends FieldValues, O = T>({ control, description }: { control: Control<T, unknown, O>; description: string }) {
  return <SwitchControl control={control} name={'enabled' as FieldPath<T>} label="Enabled" api="enabled" description={description} />;
}
