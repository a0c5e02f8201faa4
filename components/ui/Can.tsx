'use client';
// Shows its children only when the caller's role allows a kind's verb (lib/client/access.ts):
// what a viewer must not see at all (New, Edit, Delete, Import, Restore). Nothing while the
// session is still loading.
import type { ReactNode } from 'react';
import { useCan, useRole } from '@/lib/client/access';
import { consoleHref, findKind, type KindKey, type Verb } from '@/lib/kinds';
import { ButtonLink } from './ButtonLink';
import { EmptyState, LoadingState } from './States';

export function Can({ kind, verb, children }: { kind: KindKey; verb: Verb; children: ReactNode }) {
  return useCan(kind, verb).allowed ? <>{children}</> : null;
}

/**
 * A page for what the role cannot do (a viewer opening /agents/new or an edit page by its
 * address): loading while the session is, then the page, or why not and the way back.
 */
export function CanOpen({ kind, verb, children }: { kind: KindKey; verb: Verb; children: ReactNode }) {
  const access = useRole();
  const can = useCan(kind, verb);
  if (!access.ready) return <LoadingState />;
  if (can.allowed) return <>{children}</>;
  const k = findKind(kind)!;
  return (
    <div className="page page-narrow">
      <div className="card">
        <EmptyState title="You cannot do this" icon="⊘" action={<ButtonLink href={consoleHref(k)}>Back to {k.plural}</ButtonLink>}>
          {can.reason}; you are {access.role === 'admin' ? 'an' : 'a'} {access.role}.
        </EmptyState>
      </div>
    </div>
  );
}
