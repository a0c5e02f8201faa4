'use client';
// A detail page's "Recent changes" card: loading, error with Retry, none yet, or each change with
// who made it and when (agents, squads, AI models).
import type { ReactNode } from 'react';
import { DateTime } from '@/components/ui/DateTime';
import { EmptyState, ErrorState, LoadingState } from '@/components/ui/States';

type Change = { id: string; responsible: string };

type Props<C extends Change> = {
  /** The section's heading id ("agent-history"). */
  headingId: string;
  query: { isPending: boolean; isError: boolean; error: Error | null; refetch: () => unknown };
  changes: C[];
  /** What was done, before " by <who>": the action, with any badge. */
  what: (change: C) => ReactNode;
  when: (change: C) => string;
  /** After the list: a link to the whole history. */
  footer?: ReactNode;
};

export function RecentChanges<C extends Change>({ headingId, query, changes, what, when, footer }: Props<C>) {
  return (
    <section className="card" aria-labelledby={headingId}>
      <h2 id={headingId}>Recent changes</h2>
      {query.isPending ? (
        <LoadingState rows={2} label="Loading history…" />
      ) : query.isError ? (
        <ErrorState error={query.error} onRetry={() => query.refetch()} title="Could not load the history" />
      ) : changes.length === 0 ? (
        <EmptyState title="No changes recorded" icon="↺" />
      ) : (
        <ol className="plain-list">
          {changes.map((c) => (
            <li key={c.id} className="small">
              {what(c)} by {c.responsible}
              <br />
              <span className="muted">
                <DateTime iso={when(c)} />
              </span>
            </li>
          ))}
        </ol>
      )}
      {footer}
    </section>
  );
}
