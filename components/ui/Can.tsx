'use client';
// Shows its children only when the caller's role allows a kind's verb (lib/client/access.ts):
// what a viewer must not see at all (New, Edit, Delete, Import, Restore). Nothing while the
// session is still loading.
import type { ReactNode } from 'react';
import { useCan, useRole, type Permission } from '@/lib/client/access';
import type { Role } from '@/lib/kinds/access';
import { consoleHref, findKind, type KindKey, type Verb } from '@/lib/kinds';
import { ButtonLink } from './ButtonLink';
import { EmptyState, LoadingState } from './States';

export function Can({ kind, verb, children }: { kind: KindKey; verb: Verb; children: ReactNode }) {
  return useCan(kind, verb).allowed ? <>{children}</> : null;
}

/** What a page shows while the session loads, once allowed, or when refused: why, and the way back. */
function Gate({ can, back, children }: { can: Permission; back: { href: string; label: string }; children: ReactNode }) {
  const access = useRole();
  if (!access.ready) return <LoadingState />;
  if (can.allowed) return <>{children}</>;
  return (
    <div className="page page-narrow">
      <div className="card">
        <EmptyState title="You cannot do this" icon="⊘" action={<ButtonLink href={back.href}>{back.label}</ButtonLink>}>
          {can.reason}; you are {access.role === 'admin' ? 'an' : 'a'} {access.role}.
        </EmptyState>
      </div>
    </div>
  );
}

/**
 * A page for what the role cannot do (a viewer opening /agents/new or an edit page by its
 * address): loading while the session is, then the page, or why not and the way back.
 */
export function CanOpen({ kind, verb, children }: { kind: KindKey; verb: Verb; children: ReactNode }) {
  const can = useCan(kind, verb);
  const k = findKind(kind)!;
  return (
    <Gate can={can} back={{ href: consoleHref(k), label: `Back to ${k.plural}` }}>
      {children}
    </Gate>
  );
}

/** As CanOpen, for a page that needs a role (API keys, activity: admins and owners). */
export function RoleOpens({ need, what, children }: { need: Role; what: string; children: ReactNode }) {
  return (
    <Gate can={useCan(need, what)} back={{ href: '/', label: 'Back home' }}>
      {children}
    </Gate>
  );
}
