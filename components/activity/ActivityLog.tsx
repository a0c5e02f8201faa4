'use client';
// Activity (D12, admin and owner): who did what, newest first, 50 at a time ("Load more"),
// filtered by person or key, kind, action and dates (on the server, so every event is reachable);
// each resource change links to its version's diff; the filtered events export as CSV or JSON
// Lines through the streamed endpoint, with progress; the retention setting below.
import Link from 'next/link';
import { useId, useMemo, useRef, useState } from 'react';
import { toast } from '@/lib/client/toast';
import { Badge } from '@/components/ui/Badge';
import { Button } from '@/components/ui/Button';
import { DateTime } from '@/components/ui/DateTime';
import { PageHeader } from '@/components/ui/PageHeader';
import { ResourceTable, type Column } from '@/components/ui/ResourceTable';
import { EmptyState, ErrorState, LoadingState, errorMessage } from '@/components/ui/States';
import { downloadActivity, NO_FILTERS, useActivity, type ActivityFilters, type ExportProgress } from '@/lib/client/activity';
import { useApiKeys } from '@/lib/client/api-keys';
import { useMembers } from '@/lib/client/members';
import { consoleHref, findKind, KINDS } from '@/lib/kinds';
import { ACTIVITY_ACTIONS, type ActivityItem } from '@/lib/schemas/activity';
import { VERSION_ACTIONS, type VersionAction } from '@/lib/versions/diff';
import { useUrlParams } from '@/components/history/url-params';
import { RetentionSetting } from './RetentionSetting';
import { LiveFieldset } from '@/components/ui/form/LiveFieldset';

const ACTION_TONE = new Map<string, 'success' | 'danger' | 'warning' | 'accent'>([
  ['created', 'success'],
  ['deleted', 'danger'],
  ['restored', 'accent'],
  ['disabled', 'warning'],
  ['sign-in-failed', 'danger'],
  ['api-key-revoked', 'warning'],
  ['member-removed', 'warning'],
]);

const FILTER_KEYS = Object.keys(NO_FILTERS) as (keyof ActivityFilters)[];

const ACTOR_LABEL = { user: 'person', apiKey: 'API key', system: 'command line' } as const;

/** The day after an ISO date (YYYY-MM-DD): the page's "to" day is included, the API's `to` is exclusive. */
function dayAfter(day: string): string {
  const date = new Date(`${day}T00:00:00Z`);
  if (Number.isNaN(date.getTime())) return day; // not a day (an edited address): the API's 400 names it
  date.setUTCDate(date.getUTCDate() + 1);
  return date.toISOString().slice(0, 10);
}

/** Where a resource change's diff is: its History tab, comparing the version with the one before. */
export function diffHref(item: ActivityItem): string | null {
  const kind = item.kind ? findKind(item.kind) : undefined;
  if (!kind || !item.resourceId || item.version === undefined || item.action === 'deleted' || !VERSION_ACTIONS.includes(item.action as VersionAction)) return null;
  const from = Math.max(1, item.version - 1);
  return `${consoleHref(kind, item.resourceId)}?tab=history&from=${from}&to=${item.version}`;
}

function ResourceCell({ item }: { item: ActivityItem }) {
  if (!item.resourceId && !item.resourceName) return <span className="muted">—</span>;
  const kind = item.kind ? findKind(item.kind) : undefined;
  const name = item.resourceName ?? item.resourceId;
  const href = diffHref(item);
  return (
    <span className="stack" style={{ gap: 2 }}>
      {href ? (
        <Link href={href} aria-label={`${name}: version ${item.version} diff`}>
          {name}
        </Link>
      ) : (
        <span>{name}</span>
      )}
      <span className="small muted">
        {kind ? kind.title : 'API key'}
        {item.version !== undefined ? ` · v${item.version}` : ''}
      </span>
    </span>
  );
}

const COLUMNS: Column<ActivityItem>[] = [
  { key: 'at', header: 'When', cell: (e) => <DateTime iso={e.at} /> },
  {
    key: 'actor',
    header: 'Who',
    primary: true,
    cell: (e) => (
      <span className="stack" style={{ gap: 2 }}>
        <strong>{e.actor.name}</strong>
        <span className="small muted">{ACTOR_LABEL[e.actor.kind]}</span>
      </span>
    ),
  },
  { key: 'action', header: 'Action', cell: (e) => <Badge tone={ACTION_TONE.get(e.action)}>{e.action}</Badge> },
  { key: 'resource', header: 'Resource', cell: (e) => <ResourceCell item={e} /> },
  {
    key: 'from',
    header: 'From',
    cell: (e) => (
      <span className="small muted" title={e.userAgent}>
        {e.address ?? '—'}
      </span>
    ),
  },
];

export function ActivityLog() {
  // Kept in the URL: a reload or a shared link shows the same events.
  const { values: filters, update } = useUrlParams(FILTER_KEYS);
  // The "to" day the person picked, included; sent as the next day's start.
  const query = useMemo(() => ({ ...filters, to: filters.to ? dayAfter(filters.to) : '' }), [filters]);
  const events = useActivity(query);
  const items = useMemo(() => (events.data?.pages ?? []).flatMap((page) => page.items), [events.data]);
  const filtered = Object.values(filters).some(Boolean);
  return (
    <div className="page">
      <PageHeader title="Activity" description="Who did what in your company: every change of a resource, sign-ins, members and API keys. Newest first; days are in UTC." />
      <section className="card card-tight" aria-labelledby="activity-list">
        <div style={{ padding: '18px 20px 6px' }} className="stack">
          <h2 id="activity-list">Events</h2>
          <Filters values={filters} update={update} seen={items} />
          <ExportButtons filters={query} />
        </div>
        {events.isPending ? (
          <LoadingState label="Loading the activity…" rows={4} />
        ) : events.isError && !events.data ? (
          <ErrorState error={events.error} onRetry={() => void events.refetch()} title="Could not load the activity" />
        ) : items.length === 0 ? (
          <EmptyState title={filtered ? 'No event matches these filters' : 'No activity yet'} icon="≡" action={filtered ? <Button onClick={() => update(NO_FILTERS)}>Clear filters</Button> : undefined}>
            {filtered ? 'Try a wider date range or another person.' : 'Changes to agents, squads, tools, knowledge bases and AI models, and sign-ins, appear here.'}
          </EmptyState>
        ) : (
          <>
            <ResourceTable caption="Activity" rows={items} columns={COLUMNS} rowKey={(e) => e.id} />
            <div className="timeline-more" style={{ padding: '12px 20px' }}>
              {events.hasNextPage ? (
                <Button onClick={() => void events.fetchNextPage()} pending={events.isFetchingNextPage}>
                  Load more
                </Button>
              ) : (
                <span className="small muted">{items.length === 1 ? 'The only event' : `All ${items.length} events`}</span>
              )}
              {events.isFetchNextPageError && (
                <span role="alert" className="field-error">
                  Could not load more: {errorMessage(events.error)}
                </span>
              )}
            </div>
          </>
        )}
      </section>
      <RetentionSetting />
    </div>
  );
}

type Option = { value: string; label: string };

type Named = { id: string; name: string };

/**
 * The people and keys to filter by: every member of the company and its API keys, plus anyone
 * seen in the events loaded (a removed member, the command line's keys) and the one selected.
 */
function actorOptions(seen: ActivityItem[], members: Named[] | undefined, keys: Named[] | undefined, selected: string): Option[] {
  const names = new Map<string, string>();
  for (const member of members ?? []) names.set(member.id, member.name);
  for (const key of keys ?? []) names.set(key.id, `${key.name} (API key)`);
  for (const e of seen) if (e.actor.id && !names.has(e.actor.id)) names.set(e.actor.id, `${e.actor.name}${e.actor.kind === 'apiKey' ? ' (API key)' : ''}`);
  if (selected && !names.has(selected)) names.set(selected, selected);
  return [...names].map(([value, label]) => ({ value, label })).sort((a, b) => a.label.localeCompare(b.label));
}

function Filters({ values, update, seen }: { values: ActivityFilters; update: (patch: Partial<ActivityFilters>) => void; seen: ActivityItem[] }) {
  const id = useId();
  const keys = useApiKeys();
  const members = useMembers();
  const actors = actorOptions(seen, members.data, keys.data?.items, values.actor);
  const select = (name: keyof ActivityFilters, label: string, all: string, options: Option[]) => (
    <div className="field toolbar-filter">
      <label className="field-label" htmlFor={`${id}-${name}`}>
        {label}
      </label>
      <select id={`${id}-${name}`} className="select" value={values[name]} onChange={(e) => update({ [name]: e.target.value })}>
        <option value="">{all}</option>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </div>
  );
  const date = (name: 'from' | 'to', label: string) => (
    <div className="field toolbar-filter">
      <label className="field-label" htmlFor={`${id}-${name}`}>
        {label}
      </label>
      <input id={`${id}-${name}`} className="input" type="date" value={values[name]} onChange={(e) => update({ [name]: e.target.value })} />
    </div>
  );
  return (
    <div className="toolbar" role="search" aria-label="Filter the activity">
      <LiveFieldset>
        {select('actor', 'Person or key', 'Anyone', actors)}
        {select('kind', 'Kind', 'Every kind', KINDS.map((k) => ({ value: k.key, label: k.titlePlural })))}
        {select('action', 'Action', 'Every action', ACTIVITY_ACTIONS.map((a) => ({ value: a, label: a })))}
        {date('from', 'From (day)')}
        {date('to', 'To (day, included)')}
        {Object.values(values).some(Boolean) && (
          <Button size="sm" variant="ghost" onClick={() => update(NO_FILTERS)}>
            Clear filters
          </Button>
        )}
      </LiveFieldset>
    </div>
  );
}

const megabytes = (bytes: number) => `${(bytes / 1_000_000).toFixed(1)} MB`;

function ExportButtons({ filters }: { filters: ActivityFilters }) {
  const [running, setRunning] = useState<{ format: 'csv' | 'jsonl'; progress: ExportProgress } | null>(null);
  const abort = useRef<AbortController | null>(null);
  const start = async (format: 'csv' | 'jsonl') => {
    const controller = new AbortController();
    abort.current = controller;
    setRunning({ format, progress: { rows: 0, bytes: 0 } });
    try {
      const done = await downloadActivity(filters, format, (progress) => setRunning({ format, progress }), controller.signal);
      toast.success(`Exported ${done.rows.toLocaleString()} ${done.rows === 1 ? 'event' : 'events'} as ${format.toUpperCase()}`);
    } catch (error) {
      if (controller.signal.aborted) toast.info('Export cancelled');
      else toast.error(`Could not export: ${errorMessage(error)}`);
    } finally {
      abort.current = null;
      setRunning(null);
    }
  };
  return (
    <div className="row" style={{ gap: 8, flexWrap: 'wrap', alignItems: 'center' }}>
      <span className="small muted">Export the events matching these filters:</span>
      <Button size="sm" onClick={() => void start('csv')} pending={running?.format === 'csv'} disabled={!!running}>
        Export CSV
      </Button>
      <Button size="sm" onClick={() => void start('jsonl')} pending={running?.format === 'jsonl'} disabled={!!running}>
        Export JSON Lines
      </Button>
      {running && (
        <>
          <span className="small" role="status" aria-live="polite" data-testid="export-progress">
            {Math.max(0, running.progress.rows).toLocaleString()} events · {megabytes(running.progress.bytes)}
          </span>
          <Button size="sm" variant="ghost" onClick={() => abort.current?.abort()}>
            Cancel
          </Button>
        </>
      )}
    </div>
  );
}
