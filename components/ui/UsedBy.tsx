'use client';
// Where used (decision 014): the dependents of a resource as links. `DependentLinks` is the list
// (a detail page's "Used by", the delete dialog before and after a refusal); `UsedBySection` the
// detail page's card with its loading, empty and error states.
import Link from 'next/link';
import type { DependentRef } from '@/lib/errors';
import type { UsageItem, UsageKind } from '@/lib/schemas/usage';
import { dependentHref, useUsage } from '@/lib/client/usage';
import { kind as registryKind, kindOfRef } from '@/lib/kinds';
import { EmptyState, ErrorState, LoadingState } from './States';

const VIA_LABEL = { task: 'tasks', planningAgent: 'planning agent', supervisor: 'supervisor' } as const;

/** "tasks Triage, Answer · supervisor": how a squad uses an agent. */
function roles(item: UsageItem): string | null {
  if (!item.via?.length) return null;
  return item.via
    .map((via) => (via === 'task' && item.tasks?.length ? `${item.tasks.length === 1 ? 'task' : 'tasks'} ${item.tasks.map((t) => t.name).join(', ')}` : VIA_LABEL[via]))
    .join(' · ');
}

/** The dependents as links, at most `max` of them, then "and N more" (`total` counts them all). */
export function DependentLinks({ items, total = items.length, max = 10, label }: { items: (UsageItem | DependentRef)[]; total?: number; max?: number; label: string }) {
  const shown = items.slice(0, max);
  const more = total - shown.length;
  return (
    <ul className="dependents" aria-label={label}>
      {shown.map((item) => {
        const how = roles(item);
        return (
          <li key={`${item.kind}:${item.id}`}>
            <span className="badge">{kindOfRef(item.kind).title}</span> <Link prefetch={false} href={dependentHref(item)}>{item.name}</Link>
            {how && <span className="muted small"> — {how}</span>}
          </li>
        );
      })}
      {more > 0 && <li className="muted small">and {more} more</li>}
    </ul>
  );
}

/** The nouns of what can use a resource of `kind` (lib/kinds): ['squad', 'squads'], ['agent', 'agents']. */
function dependentNouns(kind: UsageKind): [string, string] {
  const usedBy = registryKind(kind).usedBy;
  return usedBy ? [kindOfRef(usedBy).singular, kindOfRef(usedBy).plural] : ['', ''];
}

/** "3 agents", "1 squad". */
export const dependentCount = (kind: UsageKind, total: number) => `${total} ${dependentNouns(kind)[total === 1 ? 0 : 1]}`;

/** A detail page's "Used by" card: every dependent, linked. `noun`: "tool", "AI model"… */
export function UsedBySection({ kind, id, noun }: { kind: Exclude<UsageKind, 'squads'>; id: string; noun: string }) {
  const usage = useUsage(kind, id);
  const headingId = `used-by-${kind}`;
  return (
    <section className="card" aria-labelledby={headingId}>
      <h2 id={headingId}>Used by</h2>
      {usage.isPending ? (
        <LoadingState rows={2} label="Looking for what uses it…" />
      ) : usage.isError ? (
        <ErrorState error={usage.error} onRetry={() => usage.refetch()} title="Could not find what uses it" />
      ) : usage.data.total === 0 ? (
        <EmptyState title={`No ${dependentNouns(kind)[1]} use this ${noun}`} icon="○">
          It can be deleted.
        </EmptyState>
      ) : (
        <div className="stack" style={{ gap: 10 }}>
          <p className="muted small" style={{ margin: 0 }}>
            {dependentCount(kind, usage.data.total)} {usage.data.total === 1 ? 'uses' : 'use'} this {noun}; it cannot be deleted while any does.
          </p>
          <DependentLinks items={usage.data.items} total={usage.data.total} max={100} label={`What uses this ${noun}`} />
        </div>
      )}
    </section>
  );
}
