'use client';
// A kind's detail page (agents, squads, tools, knowledge bases, AI models): loading, the page when
// the record could not be loaded, the header with the name, the enabled badge and switch, Edit and
// Delete (or the kind's own actions), and the Details and History tabs. A kind's page passes its
// description and its details; also the Sectors row and the Created, Updated and Id rows its
// overview ends with.
import { useRouter } from 'next/navigation';
import type { ReactNode } from 'react';
import { DetailTabs } from '@/components/versions/DetailTabs';
import { HistoryTab } from '@/components/versions/HistoryTab';
import { EnabledBadge, TagList } from '@/components/ui/Badge';
import { DateTime } from '@/components/ui/DateTime';
import { EditAndDelete } from '@/components/ui/DetailActions';
import { EnableSwitch } from '@/components/ui/EnableSwitch';
import { PageHeader } from '@/components/ui/PageHeader';
import { LoadFailedPage } from '@/components/ui/ResourceShell';
import { LoadingState } from '@/components/ui/States';
import type { MutationView, QueryView } from '@/lib/client/query-hub';
import { consoleHref, kind as kindOf, type KindKey } from '@/lib/kinds';

type Row = { id: string; name: string; enabled: boolean };

type Props<T extends Row> = {
  kind: KindKey;
  id: string;
  resource: {
    useDetail: (id: string) => QueryView<T>;
    useDelete: () => MutationView<string>;
    useSetEnabled: () => MutationView<{ id: string; enabled: boolean }>;
  };
  /** "the agent", "the model": for the loading and error messages. */
  what: string;
  description: (record: T) => ReactNode;
  /** The actions after the switch, when not Edit and Delete (squads: the designer, export). */
  actions?: (record: T, remove: MutationView<string>, onDeleted: () => void) => ReactNode;
  /** Shown between the header and the tabs. */
  notice?: (record: T) => ReactNode;
  /** The Details tab. */
  children: (record: T) => ReactNode;
};

export function KindDetailPage<T extends Row>({ kind, id, resource, what, description, actions, notice, children }: Props<T>) {
  const router = useRouter();
  const query = resource.useDetail(id);
  const remove = resource.useDelete();
  const k = kindOf(kind);
  const back = { href: consoleHref(k), label: k.titlePlural };

  if (query.isPending) return <LoadingState label={`Loading ${what}…`} />;
  if (query.isError) return <LoadFailedPage title={k.title} back={back} what={what} error={query.error} onRetry={() => query.refetch()} />;
  const r = query.data;
  const onDeleted = () => router.push(back.href);
  return (
    <div className="page">
      <PageHeader
        back={back}
        title={
          <span className="row" style={{ gap: 12 }}>
            {r.name} <EnabledBadge enabled={r.enabled} />
          </span>
        }
        description={description(r)}
        actions={
          <>
            <span className="row small" style={{ gap: 8 }}>
              <EnableSwitch kind={kind} id={r.id} name={r.name} enabled={r.enabled} useSetEnabled={resource.useSetEnabled} />
              <span aria-hidden="true">{r.enabled ? 'Enabled' : 'Disabled'}</span>
            </span>
            {actions ? actions(r, remove, onDeleted) : <EditAndDelete kind={kind} id={r.id} name={r.name} remove={remove} onDeleted={onDeleted} />}
          </>
        }
      />
      {notice?.(r)}
      <DetailTabs details={children(r)} history={<HistoryTab kind={kind} id={r.id} />} />
    </div>
  );
}

/** An overview's Sectors row: none listed means every sector. */
export function SectorsRow({ sectors }: { sectors: string[] }) {
  return (
    <>
      <dt>Sectors</dt>
      <dd>
        <TagList items={sectors} empty="All sectors (none listed)" />
      </dd>
    </>
  );
}

/** The last rows of an overview: when it was created and updated, and its id. */
export function RecordStamps({ record }: { record: { id: string; createdAt: string; updatedAt: string } }) {
  return (
    <>
      <dt>Created</dt>
      <dd>
        <DateTime iso={record.createdAt} />
      </dd>
      <dt>Updated</dt>
      <dd>
        <DateTime iso={record.updatedAt} />
      </dd>
      <dt>Id</dt>
      <dd>
        <code>{record.id}</code>
      </dd>
    </>
  );
}
