// The parts every resource form is made of: the form itself (named after what it does, its
// error summary first) and its titled sections.
import type { FormEventHandler, ReactNode } from 'react';
import type { FieldErrors, FieldValues } from 'react-hook-form';
import { ErrorSummary } from './ErrorSummary';
import { LiveFieldset } from './LiveFieldset';

type ResourceFormProps<T extends FieldValues> = {
  /** "Could not save the agent": the form is named "save the agent". */
  action: string;
  onSubmit: FormEventHandler<HTMLFormElement>;
  errors: FieldErrors<T>;
  labels: Record<string, string>;
  submitCount: number;
  children: ReactNode;
};

export function ResourceForm<T extends FieldValues>({ action, onSubmit, errors, labels, submitCount, children }: ResourceFormProps<T>) {
  return (
    // method="post": a submit the browser made itself must never put the form's values (a provider
    // key) in the address; none can be made before the form is live (LiveFieldset).
    <form className="form" method="post" onSubmit={onSubmit} noValidate aria-label={action.replace(/^Could not /, '')}>
      <ErrorSummary errors={errors} labels={labels} submitCount={submitCount} />
      <LiveFieldset>{children}</LiveFieldset>
    </form>
  );
}

/** A card of the form with its heading (`id` names the heading). */
export function FormSection({ id, title, children }: { id: string; title: ReactNode; children: ReactNode }) {
  return (
    <section className="card form-section" aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      {children}
    </section>
  );
}
