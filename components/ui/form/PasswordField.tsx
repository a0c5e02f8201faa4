// A password field, as the sign-in, first-run, link and password-change forms ask for it.
import type { UseFormRegisterReturn } from 'react-hook-form';
import { Field } from './Field';

/** A required password field: `field` is the form's register() of it; a new password unless `current`. */
export function PasswordField({ id, label, error, hint, current, field }: { id: string; label: string; error?: string; hint?: string; current?: boolean; field: UseFormRegisterReturn }) {
  return (
    <Field id={id} label={label} error={error} required hint={hint}>
      {(aria) => <input {...aria} className="input" type="password" autoComplete={current ? 'current-password' : 'new-password'} {...field} />}
    </Field>
  );
}
