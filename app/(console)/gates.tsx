// The pages a role may not open: one that creates a resource of a kind (the kinds' new pages, the
// squad bundle import), and one that needs a role (API keys, activity). Apart from page-kit.tsx,
// whose kinds' code the admins' pages do not need.
import 'server-only';
import { Suspense, type ComponentType, type ReactNode } from 'react';
import type { Role } from '@/lib/kinds/access';
import type { KindKey } from '@/lib/kinds';
import { CanOpen, RoleOpens } from '@/components/ui/Can';
import { LoadingState } from '@/components/ui/States';

/** A page that creates a resource of `kind`: open to the roles that may (components/ui/Can.tsx). */
export function CreatePage({ kind, children }: { kind: KindKey; children: ReactNode }) {
  return (
    // A form may read its address's parameters (a new tool's `?type=`).
    <Suspense fallback={<LoadingState />}>
      <CanOpen kind={kind} verb="create">
        {children}
      </CanOpen>
    </Suspense>
  );
}

/** A page for a role and above (API keys, activity: admins and owners); `what` says what it is for. */
export function rolePage(need: Role, what: string, Page: ComponentType) {
  return function RolePage() {
    return (
      <RoleOpens need={need} what={what}>
        <Page />
      </RoleOpens>
    );
  };
}
