'use client';
// A short list at the top of a form when fields are invalid, each linking to its field (the
// field's id is its name, as Field gives it). When a submit is refused by the form's own checks,
// the summary takes the focus (a screen reader reads it out; the links lead on to the fields).
// A refusal from the server leaves the focus where applyServerErrors put it: on the first field.
import { useEffect, useRef, type MouseEvent } from 'react';
import type { FieldErrors, FieldValues } from 'react-hook-form';

type Props<T extends FieldValues> = {
  errors: FieldErrors<T>;
  /** Plain-word label of each field, by form field name. */
  labels: Record<string, string>;
  /** formState.submitCount: a change with errors is a refused submit. */
  submitCount: number;
};

export function ErrorSummary<T extends FieldValues>({ errors, labels, submitCount }: Props<T>) {
  const ref = useRef<HTMLDivElement>(null);
  // In the form's order (the order of `labels`), whatever order the checks found them in.
  const order = Object.keys(labels);
  const rank = (name: string) => (order.includes(name) ? order.indexOf(name) : order.length);
  const names = Object.keys(errors)
    .filter((name) => name !== 'root')
    .sort((a, b) => rank(a) - rank(b));
  const count = names.length;
  const fromServer = names.some((name) => (errors as Record<string, { type?: unknown } | undefined>)[name]?.type === 'server');

  useEffect(() => {
    if (submitCount > 0 && count > 0 && !fromServer) ref.current?.focus();
    // Only a new submit moves the focus, not errors appearing as the person types.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [submitCount]);

  if (!count) return null;
  const go = (event: MouseEvent<HTMLAnchorElement>, id: string) => {
    const target = document.getElementById(id);
    if (!target) return;
    event.preventDefault();
    target.scrollIntoView({ block: 'center' });
    target.focus();
  };
  return (
    <div ref={ref} className="form-alert error-summary" role="alert" tabIndex={-1} data-testid="error-summary">
      Please correct {count === 1 ? 'this field' : 'these fields'}:{' '}
      {names.map((name, i) => {
        const id = anchorOf(errors, name);
        return (
          <span key={name}>
            {i > 0 && ', '}
            <a href={`#${id}`} onClick={(event) => go(event, id)}>
              {labels[name] ?? name}
            </a>
          </span>
        );
      })}
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
