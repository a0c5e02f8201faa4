// Puts a server refusal where the person will see it: each `errors[].path` on its form field
// (the nearest field that the form has: "tools.1" lands on "tools"), anything else in a toast.
import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { toast } from '@/lib/client/toast';
import { ApiClientError } from './api-error';

type Options = {
  /** The form's field names. */
  fields: readonly string[];
  /** API path → form field, where the form names a field differently (e.g. "can.delegate" → "can_delegate"). */
  rename?: Record<string, string>;
  /** What was attempted, for the toast: "Could not save the agent". */
  action: string;
};

function fieldFor(path: string, fields: readonly string[], rename: Record<string, string>): string | undefined {
  for (const [from, to] of Object.entries(rename)) {
    if (path === from || path.startsWith(`${from}.`)) return to;
  }
  const parts = path.split('.');
  for (let n = parts.length; n > 0; n--) {
    const candidate = parts.slice(0, n).join('.');
    if (fields.includes(candidate)) return candidate;
  }
  return undefined;
}

/** Applies the error to the form; returns true when at least one field shows it. */
export function applyServerErrors<T extends FieldValues>(error: unknown, setError: UseFormSetError<T>, options: Options): boolean {
  const rename = options.rename ?? {};
  let placed = 0;
  const stray: string[] = [];
  if (error instanceof ApiClientError) {
    for (const fieldError of error.errors) {
      const field = fieldFor(fieldError.path, options.fields, rename);
      if (field) {
        setError(field as Path<T>, { type: 'server', message: fieldError.message }, { shouldFocus: placed === 0 });
        placed++;
      } else {
        stray.push(`${fieldError.path}: ${fieldError.message}`);
      }
    }
  }
  if (placed) {
    toast.error(`${options.action}: please correct the highlighted ${placed === 1 ? 'field' : 'fields'}`);
    if (stray.length) toast.error(stray.join('\n'));
  } else if (error instanceof ApiClientError && error.status === 403) {
    // The role or sectors do not allow it (D11), e.g. demoted since the page opened: the server names the role needed.
    toast.error(`${options.action}: not allowed. ${error.message}. Your changes are still in the form; ask an admin or owner for access.`);
  } else if (error instanceof ApiClientError && error.status === 0) {
    // Offline or past the save timeout (decision 052): nothing is lost, and saving again is safe.
    toast.error(`${options.action}: ${error.message}. Your changes are still in the form: save again when the connection is back (it cannot save twice).`);
  } else {
    toast.error(`${options.action}: ${error instanceof Error ? error.message : 'something went wrong'}`);
  }
  return placed > 0;
}
