// A short list at the top of a form when fields are invalid, each linking to its field (the
// field's id is its name, as FormField gives it). Plus the first per-item error of an array field.
import type { FieldErrors, FieldValues } from 'react-hook-form';

export function FormErrorSummary<T extends FieldValues>({ errors, labels }: { errors: FieldErrors<T>; labels: Record<string, string> }) {
  const names = Object.keys(errors).filter((name) => name !== 'root');
  if (!names.length) return null;
  return (
    <div className="form-alert" role="alert">
      Please correct {names.length === 1 ? 'this field' : 'these fields'}:{' '}
      {names.map((name, i) => (
        <span key={name}>
          {i > 0 && ', '}
          <a href={`#${anchorOf(errors, name)}`}>{labels[name] ?? name}</a>
        </span>
      ))}
    </div>
  );
}

/** A nested group (e.g. `mcp`) links to its first invalid member (`mcp.url`). */
function anchorOf(errors: Record<string, unknown>, name: string): string {
  const error = errors[name] as Record<string, unknown> | undefined;
  if (error && typeof error === 'object' && !('message' in error) && !Array.isArray(error)) {
    const first = Object.keys(error).find((key) => key !== 'ref' && key !== 'type');
    if (first) return `${name}.${first}`;
  }
  return name;
}

/** An array field's first per-item error (e.g. "sectors.1"), which the field shows as its own. */
export function firstItemError(error: unknown): string | undefined {
  if (!Array.isArray(error)) return undefined;
  return error.find((item): item is { message: string } => !!item && typeof item.message === 'string')?.message;
}
