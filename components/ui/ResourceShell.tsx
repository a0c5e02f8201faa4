'use client';
// The frames every resource's detail and edit pages share: the page shown when the record could
// not be loaded, and the edit page's header, loading and error states around its form.
import type { QueryView } from '@/lib/client/query-hub';
import type { ReactNode } from 'react';
import { PageHeader } from './PageHeader';
import { ErrorState, LoadingState } from './States';

type Back = { href: string; label: string };

/** A detail page whose record did not load: its header, the error and Retry. */
export function LoadFailedPage({ title, back, what, error, onRetry }: { title: string; back: Back; what: string; error: Error; onRetry: () => void }) {
  return (
    <div className="page">
      <PageHeader title={title} back={back} />
      <div className="card">
        <ErrorState error={error} onRetry={onRetry} title={`Could not load ${what}`} />
      </div>
    </div>
  );
}

type EditProps<T extends { name: string }> = {
  query: QueryView<T>;
  /** "agent", "AI model": the title before the record arrives ("Edit agent"). */
  noun: string;
  /** "the agent", "the model": for the loading and error messages. */
  what: string;
  back: Back;
  description?: ReactNode;
  children: (record: T) => ReactNode;
};

/** An edit page: "Edit “name”", then its form once the record is loaded. */
export function EditPage<T extends { name: string }>({ query, noun, what, back, description, children }: EditProps<T>) {
  return (
    <div className="page page-narrow">
      <PageHeader title={query.data ? `Edit “${query.data.name}”` : `Edit ${noun}`} description={description} back={back} />
      {query.isPending ? (
        <LoadingState label={`Loading ${what}…`} />
      ) : query.isError ? (
        <div className="card">
          <ErrorState error={query.error} onRetry={() => query.refetch()} title={`Could not load ${what}`} />
        </div>
      ) : (
        children(query.data)
      )}
    </div>
  );
}
