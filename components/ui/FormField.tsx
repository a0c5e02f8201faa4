// A labelled form control with its hint and its error. The control gets the ids and ARIA
// attributes through a render function, so any input (native or custom) can be wrapped.
import type { ReactNode } from 'react';

export type FieldAria = { id: string; 'aria-describedby'?: string; 'aria-invalid'?: true; 'aria-required'?: true };

type Props = {
  id: string;
  label: ReactNode;
  hint?: ReactNode;
  error?: string;
  required?: boolean;
  className?: string;
  children: (aria: FieldAria) => ReactNode;
};

/** Schema messages read "must not be empty"; under a label they start with a capital. */
export const sentence = (message: string): string => message.charAt(0).toUpperCase() + message.slice(1);

export function FormField({ id, label, hint, error, required, className, children }: Props) {
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [errorId, hintId].filter(Boolean).join(' ') || undefined;
  return (
    <div className={['field', className].filter(Boolean).join(' ')}>
      <span className="field-label">
        <label htmlFor={id}>{label}</label>
        {required && (
          <span className="required" aria-hidden="true">
            *
          </span>
        )}
      </span>
      {children({ id, 'aria-describedby': describedBy, 'aria-invalid': error ? true : undefined, 'aria-required': required ? true : undefined })}
      {hint && (
        <p className="field-hint" id={hintId}>
          {hint}
        </p>
      )}
      {error && (
        <p className="field-error" id={errorId}>
          {sentence(error)}
        </p>
      )}
    </div>
  );
}
