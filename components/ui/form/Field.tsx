// A labelled form control with its help text and its error. The label is in plain words; the
// API's own name for the field (e.g. `entryFunctionName`) shows beside it as a muted hint, outside
// the <label> so the control's accessible name stays the plain words. The control gets the ids and
// ARIA attributes (aria-describedby → error and help, aria-invalid) through a render function, so
// any input (native or custom) can be wrapped.
import type { ReactNode } from 'react';

export type FieldAria = { id: string; 'aria-describedby'?: string; 'aria-invalid'?: true; 'aria-required'?: true };

type Props = {
  id: string;
  label: ReactNode;
  /** The API's name for the field, shown as a hint beside the label. */
  api?: string;
  hint?: ReactNode;
  error?: string;
  required?: boolean;
  className?: string;
  children: (aria: FieldAria) => ReactNode;
};

/** Schema messages read "must not be empty"; under a label they start with a capital. */
export const sentence = (message: string): string => message.charAt(0).toUpperCase() + message.slice(1);

/** The API name beside a label (also used by switches and radio groups). */
export function ApiName({ name }: { name?: string }) {
  if (!name) return null;
  return (
    <code className="field-api" title="Name in the API">
      {name}
    </code>
  );
}

/** The label line: the plain-words label, the required mark and the API name. */
export function FieldLabel({ htmlFor, label, api, required }: { htmlFor: string; label: ReactNode; api?: string; required?: boolean }) {
  return (
    <span className="field-label">
      <label htmlFor={htmlFor}>{label}</label>
      {required && (
        <span className="required" aria-hidden="true">
          *
        </span>
      )}
      <ApiName name={api} />
    </span>
  );
}

/** A field's error line (`<id>-error`, which the control's aria-describedby names). */
export function FieldError({ id, error }: { id: string; error?: string }) {
  if (!error) return null;
  return (
    <p className="field-error" id={`${id}-error`}>
      {sentence(error)}
    </p>
  );
}

export function describedBy(id: string, error?: string, hint?: unknown): string | undefined {
  return [error ? `${id}-error` : '', hint ? `${id}-hint` : ''].filter(Boolean).join(' ') || undefined;
}

export function Field({ id, label, api, hint, error, required, className, children }: Props) {
  return (
    <div className={['field', className].filter(Boolean).join(' ')}>
      <FieldLabel htmlFor={id} label={label} api={api} required={required} />
      {children({ id, 'aria-describedby': describedBy(id, error, hint), 'aria-invalid': error ? true : undefined, 'aria-required': required ? true : undefined })}
      {hint && (
        <p className="field-hint" id={`${id}-hint`}>
          {hint}
        </p>
      )}
      <FieldError id={id} error={error} />
    </div>
  );
}
