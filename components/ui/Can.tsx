'use client';
// Shows its children only when the caller's role allows a kind's verb (lib/client/access.ts):
// what a viewer must not see at all (New, Edit, Delete, Import, Restore). Nothing while the
// session is still loading.
import type { ReactNode } from 'react';
import { useCan } from '@/lib/client/access';
import type { KindKey, Verb } from '@/lib/kinds';

export function Can({ kind, verb, children }: { kind: KindKey; verb: Verb; children: ReactNode }) {
  return useCan(kind, verb).allowed ? <>{children}</> : null;
}
