// A registered field with its value in the server's HTML. react-hook-form puts a registered
// field's value in through its ref, in the browser only: an edit page's HTML would show its fields
// empty until the page is live. The value rendered here is the form's at this render; once live,
// the form owns the field as before.
import type { FieldValues, Path, UseFormRegisterReturn, UseFormReturn } from 'react-hook-form';

type WithValue<N extends string> = UseFormRegisterReturn<N> & { defaultValue?: string | number };
type WithChecked<N extends string> = UseFormRegisterReturn<N> & { value: string; defaultChecked: boolean };

/** `{...form.register(name)}` with the value; for a radio button, `option` is its value. */
export function withValue<T extends FieldValues, C, O>(form: UseFormReturn<T, C, O>, name: Path<T>): WithValue<Path<T>>;
export function withValue<T extends FieldValues, C, O>(form: UseFormReturn<T, C, O>, name: Path<T>, option: string): WithChecked<Path<T>>;
export function withValue<T extends FieldValues, C, O>(form: UseFormReturn<T, C, O>, name: Path<T>, option?: string): WithValue<Path<T>> | WithChecked<Path<T>> {
  const value: unknown = form.getValues(name);
  const field = form.register(name);
  if (option !== undefined) return { ...field, value: option, defaultChecked: value === option };
  return { ...field, defaultValue: typeof value === 'string' || typeof value === 'number' ? value : undefined };
}
