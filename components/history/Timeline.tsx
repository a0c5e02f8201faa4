'use client';
// A history timeline: per record who (responsible), what (the action and the resource — its
// current name while it exists, else its id marked deleted), when (relative and exact) and the
// kind (success / fail / neutral) where the resource's history has one.
import Link from 'next/link';
import { useEffect, useState } from 'react';
import { Badge } from '@/components/ui/Badge';
import { formatDateTime, formatRelative } from '@/components/ui/DateTime';
import './history.css';

export type TimelineEntry = {
  id: string;
  resourceId: string;
  action: string;
  responsible: string;
  responsibleId: string;
  date: string;
  /** success / fail / neutral; absent for agents (their history has no type). */
  kind?: string;
  /** The model's version after the change ("v3"). */
  version?: string;
};

export type ResourceInfo = {
  /** "agent", "squad", "AI model". */
  noun: string;
  /** The resource's current name, undefined once it no longer exists. */
  nameOf: (id: string) => string | undefined;
  /** Its page. */
  href: (id: string) => string;
  /** Still loading the resource list: names are not known yet (nothing is called deleted). */
  loading?: boolean;
};

const KIND_TONE = { success: 'success', fail: 'danger' } as const;

export function KindBadge({ kind }: { kind: string }) {
  return <Badge tone={KIND_TONE[kind as keyof typeof KIND_TONE]}>{kind}</Badge>;
}

/** A clock that ticks each minute, so that "3 minutes ago" stays true. */
function useNow(): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 60_000);
    return () => clearInterval(timer);
  }, []);
  return now;
}

export function Timeline({ entries, resource, label }: { entries: TimelineEntry[]; resource: ResourceInfo; label: string }) {
  const now = useNow();
  return (
    <ol className="timeline" aria-label={label}>
      {entries.map((entry) => {
        const name = resource.nameOf(entry.resourceId);
        return (
          <li key={entry.id} className="timeline-item" data-testid="history-entry">
            <span className="timeline-dot" data-kind={entry.kind} aria-hidden="true" />
            <div className="stack" style={{ gap: 4, minWidth: 0 }}>
              <div className="timeline-what">
                {entry.kind && <KindBadge kind={entry.kind} />}
                <strong>{entry.responsible}</strong>
                <span>{entry.action}</span>
                {entry.version && <Badge tone="accent">{entry.version}</Badge>}
              </div>
              <div className="timeline-resource">
                <span>{resource.noun}:</span>
                {name !== undefined ? (
                  <Link prefetch={false} className="truncate" title={name} href={resource.href(entry.resourceId)}>
                    {name}
                  </Link>
                ) : (
                  <>
                    <code>{entry.resourceId}</code>
                    {!resource.loading && <Badge tone="warning">deleted</Badge>}
                  </>
                )}
              </div>
            </div>
            <div className="timeline-when">
              <time dateTime={entry.date}>{formatRelative(entry.date, now)}</time>
              <span>{formatDateTime(entry.date)}</span>
            </div>
          </li>
        );
      })}
    </ol>
  );
}
