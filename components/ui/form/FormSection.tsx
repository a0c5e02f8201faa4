// The parts every resource form is made of: the form itself (named after what it does, its
// error summary first) and its titled sections.
import type { FormEventHandler, ReactNode } from 'react';
import type { FieldErrors, FieldValues } from 'react-hook-form';
import { ErrorSummary } from './ErrorSummary';
import { LiveForm } from './LiveForm';

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
    <LiveForm onSubmit={onSubmit} aria-label={action.replace(/^Could not /, '')}>
      <ErrorSummary errors={errors} labels={labels} submitCount={submitCount} />
      {children}
    </LiveForm>
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
